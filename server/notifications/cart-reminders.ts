import { sql } from "drizzle-orm";
import { productsOwnedBy } from "../bundles/bundles.ts";
import { getCart, LINES_ONLY } from "../cart/cart.ts";
import { cartReminders } from "../db/schema.ts";
import { cartReminderEmail } from "../email/cart-reminder-email.ts";
import { preferencesUrl } from "../email/email-preferences.ts";
import type { AudienceEmailServices } from "./publish-notices.ts";
import { sendAudienceEmail } from "./suppression.ts";

// The abandoned-cart email, by an hourly job: a signed-in buyer whose cart has not
// changed for a day and still holds something they do not own gets one reminder. One per
// abandonment: cart_reminders keeps, per account, the cart change the last reminder was about, and
// only a later change (shoppers.cart_changed_at, stamped by triggers, migration 0029) makes another
// one possible, a day after that change. Guests are never reminded: we have no address for them.
// As with the other audience emails, the row and the send are one transaction, so retries and
// other servers never send twice, and opted-out or suppressed addresses get nothing.

/** How long a cart sits unchanged before its reminder. */
const CART_REMINDER_HOURS = 24;
/**
 * Carts left longer than this are not reminded of: a reminder weeks later is noise (and a cart
 * kept since before reminders existed is not suddenly an abandoned one).
 */
const CART_REMINDER_MAX_DAYS = 7;
/** Reminders one run sends at most; the next hour's run takes the rest. */
const BATCH = 500;

interface LeftCart {
  shopperId: string;
  userId: string;
  email: string;
  name: string;
  /** As PostgreSQL wrote it: a JavaScript Date would lose its microseconds, and the comparisons with them. */
  changedAt: string;
}

/** Sends the reminders due at `now`; answers how many were sent. */
export async function sendCartReminders(services: AudienceEmailServices, now = new Date()): Promise<{ sent: number }> {
  const carts = await cartsLeft(services, now);
  let sent = 0;
  const failures: unknown[] = [];
  for (const cart of carts) {
    try {
      if (await remind(services, cart)) sent++;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} of ${carts.length} cart reminders failed`);
  }
  return { sent };
}

/**
 * The rules of a reminder still due, about the change at `changedAt` (re-checked as the reminder is
 * recorded). Its own aliases (d…): an outer query's `s` or `u` would be shadowed otherwise.
 */
const stillDue = (shopperId: unknown, userId: unknown, changedAt: unknown) => sql`
  NOT EXISTS (SELECT 1 FROM cart_reminders dr WHERE dr.user_id = ${userId} AND dr.cart_changed_at >= ${changedAt})
  AND (EXISTS (SELECT 1 FROM cart_items di WHERE di.shopper_id = ${shopperId})
    OR EXISTS (SELECT 1 FROM cart_bundles db WHERE db.shopper_id = ${shopperId}))
  AND NOT EXISTS (SELECT 1 FROM "user" du JOIN email_opt_outs dx ON dx.email = lower(du.email)
    AND dx.topic = 'cart_reminders' WHERE du.id = ${userId})
  AND NOT EXISTS (SELECT 1 FROM "user" du JOIN email_suppressions ds ON ds.email = lower(du.email)
    WHERE du.id = ${userId})`;

/** Accounts' carts last changed between CART_REMINDER_MAX_DAYS and CART_REMINDER_HOURS before `now`, not yet reminded of. */
async function cartsLeft({ db }: AudienceEmailServices, now: Date): Promise<LeftCart[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows } = await db.execute<{
    shopper_id: string;
    user_id: string;
    email: string;
    name: string;
    changed_at: string;
  }>(sql`
    SELECT s.id AS shopper_id, s.user_id, lower(u.email) AS email, u.name, s.cart_changed_at::text AS changed_at
    FROM shoppers s JOIN "user" u ON u.id = s.user_id
    WHERE s.user_id IS NOT NULL AND s.cart_changed_at IS NOT NULL
      AND s.cart_changed_at <= ${at} - make_interval(hours => ${CART_REMINDER_HOURS})
      AND s.cart_changed_at > ${at} - make_interval(days => ${CART_REMINDER_MAX_DAYS})
      AND ${stillDue(sql`s.id`, sql`s.user_id`, sql`s.cart_changed_at`)}
    ORDER BY s.cart_changed_at
    LIMIT ${BATCH}`);
  return rows.map((row) => ({
    shopperId: row.shopper_id,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    changedAt: row.changed_at,
  }));
}

/** What the cart holds now that the buyer does not own, as the email lists it. */
async function itemsToRemind(services: AudienceEmailServices, cart: LeftCart) {
  const { db, publicUrl } = services;
  // Priced as the cart shows them; products taken off sale and bundles they own entirely are left out.
  const { lines, bundles } = await getCart(db, cart.shopperId, { tax: LINES_ONLY });
  const owned = await productsOwnedBy(
    db,
    cart.userId,
    lines.map((line) => line.productId),
  );
  return [
    ...lines
      .filter((line) => !owned.has(line.productId))
      .map((line) => ({
        title: line.quantity > 1 ? `${line.title} (${line.quantity} seats)` : line.title,
        priceCents: line.priceCents * line.quantity,
        url: `${publicUrl}/product/${line.productId}`,
      })),
    ...bundles.map((bundle) => ({
      title: `${bundle.title} (bundle)`,
      priceCents: bundle.toPayCents,
      url: `${publicUrl}/bundle/${bundle.bundleId}`,
    })),
  ];
}

/** One buyer's reminder, sent inside the transaction that records it; false if not sent now. */
async function remind(services: AudienceEmailServices, cart: LeftCart): Promise<boolean> {
  const items = await itemsToRemind(services, cart);
  if (items.length === 0) return false;
  const { publicUrl, secret } = services;
  return services.db.transaction(async (tx) => {
    const changedAt = sql`${cart.changedAt}::timestamptz`;
    // Only if the cart has not changed since it was read (a change waits for its own day) and the
    // rules still hold. A twin run's row (even uncommitted) makes this wait, then find it and skip.
    const { rows } = await tx.execute(sql`
      INSERT INTO ${cartReminders} (user_id, cart_changed_at)
      SELECT ${cart.userId}, ${changedAt}
      WHERE EXISTS (SELECT 1 FROM shoppers WHERE id = ${cart.shopperId} AND cart_changed_at = ${changedAt})
        AND ${stillDue(cart.shopperId, cart.userId, changedAt)}
      ON CONFLICT (user_id) DO UPDATE SET cart_changed_at = excluded.cart_changed_at, sent_at = now()
        WHERE ${cartReminders.cartChangedAt} < excluded.cart_changed_at
      RETURNING user_id`);
    if (rows.length === 0) return false;
    const outcome = await sendAudienceEmail(
      tx,
      services.mailer,
      cartReminderEmail({
        to: cart.email,
        name: cart.name,
        items,
        shopUrl: `${publicUrl}/`,
        unsubscribeUrl: preferencesUrl(publicUrl, secret, cart.email, "cart_reminders"),
        shopName: services.shopName,
      }),
    );
    return outcome === "sent";
  });
}
