import { hashPassword } from "better-auth/crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { DEMO_BUYER, DEMO_SELLER, DEMO_USER_IDS } from "../../accounts/shared-demo-accounts.ts";
import type { Database } from "../../db/client.ts";
import { account, apiKeys, broadcasts, creators, payoutSettings, user, webhookEndpoints } from "../../db/schema.ts";

// The two demo accounts offered on the login modal, with their published
// passwords. Their display names follow the storefront's rule: the part of the email before '@'. The
// seller runs the shop of the sample creator "Design Studio Pro". Their ids and addresses are what
// every shop knows of them (server/accounts/shared-demo-accounts.ts).
export const DEMO_ACCOUNTS = [
  { ...DEMO_BUYER, password: "buyer-demo-2026", isSeller: false, creatorSlug: null },
  { ...DEMO_SELLER, password: "seller-demo-2026", isSeller: true, creatorSlug: "design-studio-pro" },
] as const;

function displayNameOf(email: string) {
  return email.slice(0, email.indexOf("@"));
}

/**
 * Creates or refreshes the demo accounts: their names, addresses and published passwords, no other
 * sign-in methods, and no payout settings for the demo shop (it is never paid out).
 */
export async function seedDemoAccounts(db: Database): Promise<void> {
  for (const demo of DEMO_ACCOUNTS) {
    const password = await hashPassword(demo.password);
    await db.transaction(async (tx) => {
      const values = {
        id: demo.id,
        name: displayNameOf(demo.email),
        email: demo.email,
        emailVerified: true,
        image: null,
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
        const [shop] = await tx
          .update(creators)
          .set({ userId: demo.id })
          .where(eq(creators.slug, demo.creatorSlug))
          .returning({ id: creators.id });
        if (shop) await tx.delete(payoutSettings).where(eq(payoutSettings.creatorId, shop.id));
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

/**
 * In a demo shop: what the demo accounts' shops were given before decision 039 that reaches beyond
 * the shop (keys that export, endpoints that receive buyers' data, emails waiting to go) is taken
 * back: API keys revoked, webhook endpoints disabled, scheduled broadcasts cancelled. At start and
 * at the daily restore.
 */
export async function disarmDemoShops(db: Database): Promise<void> {
  const shops = db
    .select({ id: creators.id })
    .from(creators)
    .where(inArray(creators.userId, [...DEMO_USER_IDS]));
  await db.transaction(async (tx) => {
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(inArray(apiKeys.creatorId, shops), isNull(apiKeys.revokedAt)));
    await tx
      .update(webhookEndpoints)
      .set({ disabledAt: sql`now()` })
      .where(and(inArray(webhookEndpoints.creatorId, shops), isNull(webhookEndpoints.disabledAt)));
    await tx
      .update(broadcasts)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(and(inArray(broadcasts.creatorId, shops), eq(broadcasts.status, "scheduled")));
  });
}
