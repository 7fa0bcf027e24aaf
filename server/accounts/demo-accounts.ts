import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { account, creators, user } from "../db/schema.ts";

// The two demo accounts offered on the login modal (SPEC section 6). Their display names
// follow the spec's rule: the part of the email before '@'. The seller runs the shop of the
// sample creator "Design Studio Pro".
export const DEMO_ACCOUNTS = [
  { id: "demo-buyer", email: "buyer@demo.example", password: "buyer-demo-2026", isSeller: false, creatorSlug: null },
  {
    id: "demo-seller",
    email: "seller@demo.example",
    password: "seller-demo-2026",
    isSeller: true,
    creatorSlug: "design-studio-pro",
  },
] as const;

export function displayNameOf(email: string) {
  return email.slice(0, email.indexOf("@"));
}

/** Creates or refreshes the demo accounts (their passwords are reset to the published ones). */
export async function seedDemoAccounts(db: Database): Promise<void> {
  for (const demo of DEMO_ACCOUNTS) {
    const password = await hashPassword(demo.password);
    await db.transaction(async (tx) => {
      const values = {
        id: demo.id,
        name: displayNameOf(demo.email),
        email: demo.email,
        emailVerified: true,
        isSeller: demo.isSeller,
      };
      await tx
        .insert(user)
        .values(values)
        .onConflictDoUpdate({ target: user.id, set: { ...values, updatedAt: sql`now()` } });
      await tx.delete(account).where(eq(account.userId, demo.id));
      await tx.insert(account).values({
        id: `${demo.id}-credential`,
        accountId: demo.id,
        providerId: "credential",
        userId: demo.id,
        password,
      });
      if (demo.creatorSlug) {
        await tx.update(creators).set({ userId: demo.id }).where(eq(creators.slug, demo.creatorSlug));
      }
    });
  }
}

/** On start: creates the demo accounts of a database that predates them. */
export async function seedDemoAccountsIfMissing(db: Database): Promise<boolean> {
  const found = await db.select({ id: user.id }).from(user).where(eq(user.id, DEMO_ACCOUNTS[0].id));
  if (found.length > 0) return false;
  await seedDemoAccounts(db);
  return true;
}
