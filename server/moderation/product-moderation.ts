import { and, desc, eq, inArray, like, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { hideNote } from "../../shared/moderation-note-schema.ts";
import { recordIdField } from "../../shared/record-id.ts";
import { isRowId, listQuery } from "../admin/paging.ts";
import type { Database, Queryable } from "../db/client.ts";
import { creators, productFiles, productImages, productSearch, products, user } from "../db/schema.ts";
import type { OutgoingEmail } from "../email/mailer.ts";
import { type JobQueue, QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { escapeLike, normaliseQuery } from "../search/product-search.ts";
import { type ModerationLetter, productHiddenEmail, productRestoredEmail } from "./product-moderation-emails.ts";

// Product moderation: an admin finds a product by its title or its creator's name, hides it with
// a note its seller reads, and restores it. Hiding takes it out of search, categories and the
// creator page at once (a trigger keeps product_search in step with the status); those who
// bought it keep their downloads, which never look at the product's status.

export interface AdminServices {
  db: Database;
  jobs: JobQueue;
  shopName: string;
  publicUrl: string;
}

const PRODUCTS_PER_PAGE = 25;

const MODERATION_FILTERS = ["all", "published", "hidden"] as const;
type ModerationFilter = (typeof MODERATION_FILTERS)[number];

const STATUSES_OF: Record<ModerationFilter, ("published" | "hidden" | "draft")[]> = {
  // Deleted products are gone for everyone but their buyers: nothing to moderate.
  all: ["published", "hidden", "draft"],
  published: ["published"],
  hidden: ["hidden"],
};

export type ModerationQuery = ReturnType<typeof moderationQuery>;

/** The search an address asks for: `?q=planner&status=hidden&page=2`. */
export function moderationQuery(params: URLSearchParams) {
  const { query, filter: status, page } = listQuery(params, "status", MODERATION_FILTERS);
  return { query, status, page };
}

export const hideProductSchema = z.object({
  productId: recordIdField("Choose the product to hide."),
  note: hideNote,
});

/** The admin Products page's forms: hide (with a note for the seller) or restore. */
export const productModerationSchema = z.discriminatedUnion("intent", [
  hideProductSchema.extend({ intent: z.literal("hide") }),
  z.object({ intent: z.literal("restore"), productId: recordIdField("Choose the product to restore.") }),
]);

export interface ModeratedProduct {
  id: number;
  title: string;
  status: "published" | "hidden" | "draft" | "deleted";
  hiddenBy: "moderation" | "suspension" | "removal" | null;
  hiddenNote: string | null;
  priceCents: number;
  creatorName: string;
  creatorSlug: string;
  creatorStanding: "active" | "suspended" | "removed";
}

/**
 * One page of products, newest first, whose title or creator name contains the query (any case).
 * The trigram index on product_search's text (title, creator, category, tags) finds the
 * candidates; the title and creator name then decide.
 */
export async function findProductsForModeration(
  db: Database,
  { query, status, page }: ModerationQuery,
): Promise<{ products: ModeratedProduct[]; hasNext: boolean }> {
  const text = normaliseQuery(query);
  const conditions: (SQL | undefined)[] = [inArray(products.status, STATUSES_OF[status])];
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    conditions.push(
      like(productSearch.searchText, pattern),
      or(like(productSearch.title, pattern), like(sql`lower(${creators.name})`, pattern)),
    );
  }
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      status: products.status,
      hiddenBy: products.hiddenBy,
      hiddenNote: products.hiddenNote,
      priceCents: products.priceCents,
      creatorName: creators.name,
      creatorSlug: creators.slug,
      creatorStanding: creators.standing,
    })
    .from(productSearch)
    .innerJoin(products, eq(products.id, productSearch.productId))
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(and(...conditions))
    .orderBy(desc(productSearch.productId))
    .limit(PRODUCTS_PER_PAGE + 1)
    .offset((page - 1) * PRODUCTS_PER_PAGE);
  return { products: rows.slice(0, PRODUCTS_PER_PAGE), hasNext: rows.length > PRODUCTS_PER_PAGE };
}

const NO_SUCH_PRODUCT = "There is no such product.";

/**
 * The product, locked for the change, with its shop (locked against a change of standing) and the
 * shop's owner, if any; or a refusal. The shop is locked first, as a suspension does, so the two
 * never wait on each other in a circle.
 */
async function lockProduct(tx: Queryable, productId: number) {
  if (!isRowId(productId)) throw new Refusal(NO_SUCH_PRODUCT, "not-found");
  const [owned] = await tx.select({ creatorId: products.creatorId }).from(products).where(eq(products.id, productId));
  if (!owned) throw new Refusal(NO_SUCH_PRODUCT, "not-found");
  const [shop] = await tx
    .select({ name: creators.name, standing: creators.standing, ownerName: user.name, ownerEmail: user.email })
    .from(creators)
    .leftJoin(user, eq(user.id, creators.userId))
    .where(eq(creators.id, owned.creatorId))
    .for("share", { of: creators });
  const [row] = await tx
    .select({ id: products.id, title: products.title, status: products.status, hiddenBy: products.hiddenBy })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  if (!row || row.status === "deleted") throw new Refusal(NO_SUCH_PRODUCT, "not-found");
  return { ...row, shop: shop! };
}

/** What a moderation step did: the product's title, and whether its seller was emailed. */
export interface ModerationOutcome {
  title: string;
  sellerTold: boolean;
}

/** Queues the email to the product's seller, in the transaction; a shop nobody runs gets none. */
async function tellSeller(
  services: AdminServices,
  tx: Queryable,
  product: Awaited<ReturnType<typeof lockProduct>>,
  write: (letter: ModerationLetter) => OutgoingEmail,
): Promise<ModerationOutcome> {
  const { ownerEmail, ownerName } = product.shop;
  if (!ownerEmail) return { title: product.title, sellerTold: false };
  const letter = {
    to: ownerEmail,
    name: ownerName ?? product.shop.name,
    productId: product.id,
    title: product.title,
    marketName: services.shopName,
    publicUrl: services.publicUrl,
  };
  await services.jobs.send(QUEUES.sendEmail, write(letter), tx);
  return { title: product.title, sellerTold: true };
}

/**
 * Takes a published or draft product off the shop: hidden by moderation, with `note` for its
 * seller, who is told by email.
 */
export function hideProduct(services: AdminServices, productId: number, note: string): Promise<ModerationOutcome> {
  return services.db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (product.status === "hidden") throw new Refusal("This product is already hidden.", "conflict");
    await tx
      .update(products)
      .set({ status: "hidden", hiddenBy: "moderation", hiddenNote: note, updatedAt: sql`now()` })
      .where(eq(products.id, product.id));
    return tellSeller(services, tx, product, (letter) => productHiddenEmail({ ...letter, note }));
  });
}

/**
 * Puts a product the platform hid back on sale, and tells its seller. Only a product hidden by
 * moderation (one hidden with its shop returns with the shop), of a shop in good standing, with
 * an image and a file to deliver.
 */
export function restoreProduct(services: AdminServices, productId: number): Promise<ModerationOutcome> {
  return services.db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (product.status !== "hidden") throw new Refusal("This product is not hidden.", "conflict");
    if (product.hiddenBy !== "moderation") {
      throw new Refusal("This product was hidden with its shop: it returns when the shop does.", "conflict");
    }
    if (product.shop.standing !== "active") {
      throw new Refusal(
        `The shop "${product.shop.name}" is ${product.shop.standing}: its products stay hidden while it is.`,
        "conflict",
      );
    }
    const [counts] = await tx
      .execute<{ images: number; files: number }>(sql`
      SELECT (SELECT count(*) FROM ${productImages} WHERE ${productImages.productId} = ${product.id})::int AS images,
             (SELECT count(*) FROM ${productFiles} WHERE ${productFiles.productId} = ${product.id})::int AS files`)
      .then((result) => result.rows);
    if (!counts?.images || !counts.files) {
      throw new Refusal("This product has no image or no file, so it cannot go on sale.", "conflict");
    }
    await tx
      .update(products)
      .set({ status: "published", hiddenBy: null, hiddenNote: null, updatedAt: sql`now()` })
      .where(eq(products.id, product.id));
    return tellSeller(services, tx, product, productRestoredEmail);
  });
}
