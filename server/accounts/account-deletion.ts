import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { formatPrice } from "../../shared/format.ts";
import { PAYOUT_DAY, PAYOUT_MINIMUM_CENTS } from "../../shared/shop-facts.ts";
import type { Database, Queryable } from "../db/client.ts";
import {
  apiKeys,
  broadcasts,
  bundles,
  creators,
  orders,
  payouts,
  products,
  reviews,
  webhookEndpoints,
} from "../db/schema.ts";
import type { OutgoingEmail } from "../email/mailer.ts";
import { paragraphsEmail } from "../email/paragraphs-email.ts";
import { sellerBalance } from "../payouts/ledger.ts";
import { storedAvatarKey } from "./avatar.ts";

// What deleting an account removes and what it keeps (docs/decisions/060-personal-data.md). The
// database's own rules remove the account's sign-in methods, sessions, two-factor secret,
// passkeys, account events, cart, wishlist, follows, cart reminders and seller applications
// (ON DELETE CASCADE), and detach what the law or other people need (ON DELETE SET NULL): orders,
// the record of each sale that tax law obliges the shop to keep (VAT Directive 2006/112/EC Art.
// 242, 244-249; GDPR Art. 17(3)(b)), and the seller's shop with its ledger, payouts and tax details
// (also DAC7's records, Directive 2011/16/EU Annex V). This file does what those rules cannot.

/** The name a deleted account's reviews stay under. */
export const FORMER_CUSTOMER = "Former customer";

/**
 * Run in the deletion's transaction, before the account's row goes: its reviews stay for other
 * shoppers under "Former customer"; its orders stay, but no seller may email their buyer any more
 * (the customers list and its broadcasts read the consent kept on the order); a seller's shop closes (products and bundles off sale, buyers
 * keeping their files; API keys revoked, webhooks off, broadcasts not yet sent cancelled) and keeps
 * only its name, which buyers' orders and receipts show. Returns the stored files to remove once the
 * account is gone (the shop's picture).
 */
export async function closeAccountRecords(db: Queryable, userId: string, now: Date): Promise<string[]> {
  await db.update(reviews).set({ authorName: FORMER_CUSTOMER }).where(eq(reviews.userId, userId));
  await db
    .update(orders)
    .set({ sellerContactConsent: false, updatedAt: now })
    .where(and(eq(orders.userId, userId), eq(orders.sellerContactConsent, true)));
  const [shop] = await db
    .select({ id: creators.id, avatarUrl: creators.avatarUrl })
    .from(creators)
    .where(eq(creators.userId, userId));
  if (!shop) return [];
  await db
    .update(products)
    .set({ status: "deleted", updatedAt: sql`now()` })
    .where(and(eq(products.creatorId, shop.id), ne(products.status, "deleted")));
  await db
    .update(bundles)
    .set({ status: "deleted", updatedAt: now })
    .where(and(eq(bundles.creatorId, shop.id), ne(bundles.status, "deleted")));
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.creatorId, shop.id), isNull(apiKeys.revokedAt)));
  await db
    .update(webhookEndpoints)
    .set({ disabledAt: now })
    .where(and(eq(webhookEndpoints.creatorId, shop.id), isNull(webhookEndpoints.disabledAt)));
  await db
    .update(broadcasts)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(broadcasts.creatorId, shop.id), inArray(broadcasts.status, ["draft", "scheduled"])));
  // What described the person behind the shop goes; its name stays on buyers' orders and receipts.
  await db
    .update(creators)
    .set({ avatarUrl: null, specialty: "", bio: "", location: "", website: null, isFeatured: false })
    .where(eq(creators.id, shop.id));
  const picture = storedAvatarKey(shop.avatarUrl);
  return picture ? [picture] : [];
}

/** What a seller is told before deleting their account: their shop's money, which deleting does not touch. */
export interface SellerAtDeletion {
  shopName: string;
  /** The ledger's sum: earned and not paid out (negative after refunds past a payout). */
  balanceCents: number;
  /** Payouts taken from the balance and not yet sent. */
  pendingPayoutCents: number;
}

/** The seller's shop and its money, or null for an account that does not sell. */
export async function sellerAtDeletion(db: Database, userId: string): Promise<SellerAtDeletion | null> {
  const [shop] = await db
    .select({ id: creators.id, name: creators.name })
    .from(creators)
    .where(eq(creators.userId, userId));
  if (!shop) return null;
  const [balanceCents, [pending]] = await Promise.all([
    sellerBalance(db, shop.id),
    db
      .select({ cents: sql<number>`coalesce(sum(${payouts.amountCents}), 0)::int` })
      .from(payouts)
      .where(and(eq(payouts.creatorId, shop.id), eq(payouts.status, "pending"))),
  ]);
  return { shopName: shop.name, balanceCents, pendingPayoutCents: pending?.cents ?? 0 };
}

/** What Settings says to a seller about their shop's money before they delete their account. */
export function sellerDeletionNotice(seller: SellerAtDeletion, supportEmail: string): string[] {
  const minimum = formatPrice(PAYOUT_MINIMUM_CENTS);
  const lines = [
    `Your shop ${seller.shopName} closes with your account: its products come off sale, and buyers keep their files and licences. Its sales, payouts and tax details stay, as tax law requires.`,
  ];
  if (seller.pendingPayoutCents > 0) {
    lines.push(
      `A payout of ${formatPrice(seller.pendingPayoutCents)} is on its way to your payout account; deleting your account does not stop it.`,
    );
  }
  if (seller.balanceCents >= PAYOUT_MINIMUM_CENTS) {
    lines.push(
      `You have ${formatPrice(seller.balanceCents)} not yet paid out. It stays on your shop's ledger and is paid to your payout account on file on a ${PAYOUT_DAY}, as now; we can no longer tell you about it once your account is gone.`,
    );
  } else if (seller.balanceCents > 0) {
    lines.push(
      `You have ${formatPrice(seller.balanceCents)} not yet paid out, below the ${minimum} we pay out. Write to ${supportEmail} before you delete your account if you want it paid.`,
    );
  } else if (seller.balanceCents < 0) {
    lines.push(
      `Your shop's balance is ${formatPrice(seller.balanceCents)} after refunds made since your last payout; it stays on your shop's ledger.`,
    );
  }
  return lines;
}

/** Sent to the address of an account once it is deleted: what went, what stays and why. No name. */
export function accountDeletedEmail(options: { to: string; shopName: string; contactUrl: string }): OutgoingEmail {
  const { to, shopName, contactUrl } = options;
  return paragraphsEmail(to, `Your ${shopName} account was deleted`, [
    "Hello,",
    `Your ${shopName} account (${to}) was deleted, and you were signed out everywhere. Your profile, sign-in details, sessions, cart, wishlist and follows are gone, sellers may no longer email you, and your reviews stay under "${FORMER_CUSTOMER}".`,
    "We keep the records of your orders, and if you sold, your shop's sales, payouts and tax details, for as long as tax law obliges us to. They are no longer linked to an account.",
    `If you did not delete your account, write to us at once: ${contactUrl}`,
  ]);
}
