import { hashPassword } from "better-auth/crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { DEMO_SELLER_LOOKS_ONLY } from "../../shared/demo-shop.ts";
import type { Database } from "../db/client.ts";
import {
  account,
  apiKeys,
  broadcasts,
  creators,
  payoutSettings,
  session,
  user,
  webhookEndpoints,
} from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";

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

export const DEMO_USER_IDS: readonly string[] = DEMO_ACCOUNTS.map((demo) => demo.id);

export const DEMO_ACCOUNT_LOCKED =
  "This is a shared demo account: its password, email address and payout settings cannot be changed, and it cannot be deleted. Create your own account to try these.";

export function isDemoAccountEmail(email: string): boolean {
  const address = email.trim().toLowerCase();
  return DEMO_ACCOUNTS.some((demo) => demo.email === address);
}

/** Whether `account` is a demo account that every visitor of this (demo) shop shares. */
export function isSharedDemoAccount(shopMode: "demo" | "live", account: { email: string }): boolean {
  return shopMode === "demo" && isDemoAccountEmail(account.email);
}

/**
 * The one guard of every seller action that changes, sends or exports something. Every visitor
 * shares a demo account, so it may look at everything but not change what other visitors see (the
 * daily restore undoes only the sample catalogue), email anyone, export anyone's data, or make API
 * keys or webhooks (decision 039).
 */
export function assertMayActForShop(
  shopMode: "demo" | "live",
  account: { email: string },
  message: string = DEMO_SELLER_LOOKS_ONLY,
) {
  if (isSharedDemoAccount(shopMode, account)) throw new Refusal(message, "forbidden");
}

/** assertMayActForShop for a request made for a shop (an API key's): the shop's owner is asked. */
export async function assertShopMayAct(db: Database, shopMode: "demo" | "live", creatorId: number) {
  if (shopMode !== "demo") return;
  const [owner] = await db
    .select({ email: user.email })
    .from(creators)
    .innerJoin(user, eq(user.id, creators.userId))
    .where(eq(creators.id, creatorId));
  if (owner) assertMayActForShop(shopMode, owner);
}

/** In a demo shop every visitor shares the demo accounts, so nobody may take one over. */
export function assertNotSharedDemoAccount(shopMode: "demo" | "live", email: string) {
  if (shopMode === "demo" && isDemoAccountEmail(email)) throw new Refusal(DEMO_ACCOUNT_LOCKED, "forbidden");
}

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
 * In a live shop: the demo accounts (if the database ever had them) can no longer sign in. Their
 * passwords and other sign-in methods are removed and their sessions revoked; the rows stay, as
 * orders may point at them. Returns how many sessions were revoked.
 */
export async function retireDemoAccounts(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.delete(account).where(inArray(account.userId, [...DEMO_USER_IDS]));
    const revoked = await tx
      .delete(session)
      .where(inArray(session.userId, [...DEMO_USER_IDS]))
      .returning({ id: session.id });
    return revoked.length;
  });
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
