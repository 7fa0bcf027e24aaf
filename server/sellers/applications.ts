import { desc, eq, sql } from "drizzle-orm";
import type { SellerApplicationInput } from "../../shared/seller-application-schema.ts";
import type { Database, Queryable } from "../db/client.ts";
import { creators, sellerApplications, user } from "../db/schema.ts";
import { type JobQueue, QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { slugify } from "../lib/slug.ts";
import { applicationApprovedEmail, applicationReceivedEmail, applicationRejectedEmail } from "./seller-emails.ts";

export interface SellerServices {
  db: Database;
  jobs: JobQueue;
  shopName: string;
  publicUrl: string;
}

export type Application = typeof sellerApplications.$inferSelect;

/** The user's latest application, if any (the Become a Seller page shows where it stands). */
export async function latestApplication(db: Database, userId: string): Promise<Application | null> {
  const [row] = await db
    .select()
    .from(sellerApplications)
    .where(eq(sellerApplications.userId, userId))
    .orderBy(desc(sellerApplications.createdAt), desc(sellerApplications.id))
    .limit(1);
  return row ?? null;
}

/** A shop name is taken by an existing creator or by someone else's application under review. */
async function shopNameTaken(db: Database, userId: string, shopName: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM ${creators} WHERE lower(${creators.name}) = lower(${shopName})
    UNION ALL
    SELECT 1 FROM ${sellerApplications}
    WHERE lower(${sellerApplications.shopName}) = lower(${shopName})
      AND ${sellerApplications.status} = 'pending' AND ${sellerApplications.userId} <> ${userId}
    LIMIT 1`);
  return rows.length > 0;
}

/** Records an application to sell, for the platform to review, and confirms it by email. */
export async function applyToSell(
  services: SellerServices,
  applicant: { id: string; name: string; email: string; isSeller: boolean },
  input: SellerApplicationInput,
): Promise<Application> {
  const { db } = services;
  if (applicant.isSeller) throw new Refusal("You are already a seller.", "conflict");
  if (await shopNameTaken(db, applicant.id, input.shopName)) {
    throw new Refusal("This shop name is already taken. Please choose another.", "conflict");
  }
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(sellerApplications)
      .values({
        userId: applicant.id,
        shopName: input.shopName,
        specialty: input.specialty,
        bio: input.bio,
        website: input.website,
        sampleUrl: input.sampleUrl,
        acceptedGuidelinesAt: new Date(),
      })
      // The unique index allows one application under review per user.
      .onConflictDoNothing()
      .returning();
    if (!created) throw new Refusal("Your application is already being reviewed.", "conflict");
    await services.jobs.send(
      QUEUES.sendEmail,
      applicationReceivedEmail({
        to: applicant.email,
        name: applicant.name,
        shopName: created.shopName,
        marketName: services.shopName,
        publicUrl: services.publicUrl,
      }),
      tx,
    );
    return created;
  });
}

/** Applications waiting for a decision, oldest first, with who sent them. */
export function pendingApplications(db: Database) {
  return db
    .select({
      id: sellerApplications.id,
      shopName: sellerApplications.shopName,
      specialty: sellerApplications.specialty,
      bio: sellerApplications.bio,
      website: sellerApplications.website,
      sampleUrl: sellerApplications.sampleUrl,
      createdAt: sellerApplications.createdAt,
      applicantName: user.name,
      applicantEmail: user.email,
    })
    .from(sellerApplications)
    .innerJoin(user, eq(user.id, sellerApplications.userId))
    .where(eq(sellerApplications.status, "pending"))
    .orderBy(sellerApplications.createdAt, sellerApplications.id);
}

type Decision = { approve: true } | { approve: false; reason: string };

/**
 * Decides an application under review. Approval makes the user a seller with a creator profile
 * built from the application (or links the creator profile they already run); rejection keeps
 * the reason for the applicant. The application row is locked, so it is decided once.
 */
export async function decideApplication(
  services: SellerServices,
  { adminId, applicationId, decision }: { adminId: string; applicationId: number; decision: Decision },
): Promise<void> {
  await services.db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(sellerApplications)
      .where(eq(sellerApplications.id, applicationId))
      .for("update");
    if (!application) throw new Refusal("There is no such application.", "not-found");
    if (application.status !== "pending") throw new Refusal("This application has already been decided.", "conflict");
    const [applicant] = await tx.select().from(user).where(eq(user.id, application.userId));
    await tx
      .update(sellerApplications)
      .set({
        status: decision.approve ? "approved" : "rejected",
        rejectionReason: decision.approve ? null : decision.reason,
        decidedBy: adminId,
        decidedAt: sql`now()`,
      })
      .where(eq(sellerApplications.id, application.id));
    const letter = {
      to: applicant!.email,
      name: applicant!.name,
      shopName: application.shopName,
      marketName: services.shopName,
      publicUrl: services.publicUrl,
    };
    if (!decision.approve) {
      await services.jobs.send(QUEUES.sendEmail, applicationRejectedEmail({ ...letter, reason: decision.reason }), tx);
      return;
    }
    await tx.update(user).set({ isSeller: true, updatedAt: sql`now()` }).where(eq(user.id, application.userId));
    const [existing] = await tx
      .select({ id: creators.id })
      .from(creators)
      .where(eq(creators.userId, application.userId));
    if (!existing) {
      await tx.insert(creators).values({
        userId: application.userId,
        slug: await freeSlug(tx, application.shopName),
        name: application.shopName,
        specialty: application.specialty,
        bio: application.bio,
        website: application.website,
        avatarUrl: applicant!.image,
      });
    }
    await services.jobs.send(QUEUES.sendEmail, applicationApprovedEmail(letter), tx);
  });
}

/** A creator page address from the shop name, numbered when taken: paper-studio, paper-studio-2, ... */
async function freeSlug(tx: Queryable, shopName: string): Promise<string> {
  const base = slugify(shopName, 50) || "shop";
  const { rows } = await tx.execute<{ slug: string }>(
    sql`SELECT ${creators.slug} AS slug FROM ${creators} WHERE ${creators.slug} = ${base} OR ${creators.slug} LIKE ${`${base}-%`}`,
  );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
