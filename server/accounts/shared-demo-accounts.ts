import { eq, inArray } from "drizzle-orm";
import { DEMO_SELLER_LOOKS_ONLY } from "../../shared/demo-shop.ts";
import type { Database } from "../db/client.ts";
import { account, creators, passkey, session, user } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";

// What every shop knows of the demo accounts that a demo shop's visitors share: their ids and
// addresses, enough to guard them in a demo shop, never to pay out their shop, and to retire them in
// a live one. Their published passwords and their seeding are demo content, in server/demo/accounts/
// (docs/decisions/049-demo-content-in-a-folder-of-its-own.md).

export const DEMO_BUYER = { id: "demo-buyer", email: "buyer@demo.example" } as const;
export const DEMO_SELLER = { id: "demo-seller", email: "seller@demo.example" } as const;

export const DEMO_USER_IDS: readonly string[] = [DEMO_BUYER.id, DEMO_SELLER.id];
const DEMO_EMAILS: readonly string[] = [DEMO_BUYER.email, DEMO_SELLER.email];

export const DEMO_ACCOUNT_LOCKED =
  "This is a shared demo account: its password, email address and payout settings cannot be changed, and it cannot be deleted. Create your own account to try these.";

export function isDemoAccountEmail(email: string): boolean {
  return DEMO_EMAILS.includes(email.trim().toLowerCase());
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

/**
 * In a live shop: the demo accounts (if the database ever had them) can no longer sign in. Their
 * passwords and other sign-in methods (passkeys too, which no demo account may add: this is in
 * case) are removed and their sessions revoked; the rows stay, as orders may point at them.
 * Returns how many sessions were revoked.
 */
export async function retireDemoAccounts(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.delete(account).where(inArray(account.userId, [...DEMO_USER_IDS]));
    await tx.delete(passkey).where(inArray(passkey.userId, [...DEMO_USER_IDS]));
    const revoked = await tx
      .delete(session)
      .where(inArray(session.userId, [...DEMO_USER_IDS]))
      .returning({ id: session.id });
    return revoked.length;
  });
}
