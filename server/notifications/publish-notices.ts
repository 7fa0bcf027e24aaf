import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { creators, products, publishNotices } from "../db/schema.ts";
import { preferencesUrl } from "../email/email-preferences.ts";
import type { Mailer } from "../email/mailer.ts";
import { newProductEmail } from "../email/new-product-email.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { QUEUES } from "../jobs/queue.ts";
import { sendAudienceEmail } from "./suppression.ts";

// The notify-followers job: when a creator publishes a product for the first time, each
// follower who chose "Email me when <creator> publishes" when following gets one email about it.
// Once per product and account, however often the job runs and on however many servers: the
// notice's row is inserted and the email sent in one transaction (as server/delivery/update-notices.ts
// does), so a failed send leaves no row for the retry, and a twin run waits on the row, then skips.
// Not to an address that turned new-product emails off or is suppressed (bounced, complained).

export interface AudienceEmailServices {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  shopName: string;
  secret: string;
}

/**
 * Queues the followers' emails about a product going on sale for the first time, in `within`, the
 * transaction that publishes it (no email for a publish that rolls back). Only the first: a product
 * published before (unpublished and published again, back from moderation or a suspension) is not
 * announced again; the caller knows it by products.published_at, which only the first publish sets.
 */
export async function announceFirstPublish(
  jobs: JobQueue,
  within: Parameters<JobQueue["send"]>[2],
  productId: number,
): Promise<void> {
  await jobs.send(QUEUES.notifyFollowers, { productId }, within);
}

interface Follower {
  userId: string;
  email: string;
}

/** Emails the followers of the product's creator who asked for it; answers how many were sent now. */
export async function notifyFollowers(
  services: AudienceEmailServices,
  { productId }: { productId: number },
): Promise<{ sent: number }> {
  const { db } = services;
  const [product] = await db
    .select({
      title: products.title,
      status: products.status,
      priceCents: products.priceCents,
      payWhatYouWant: products.payWhatYouWant,
      creatorId: creators.id,
      creatorName: creators.name,
      creatorSlug: creators.slug,
    })
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(eq(products.id, productId));
  // Taken off sale (or hidden) before the job ran: nothing to show the followers.
  if (product?.status !== "published") return { sent: 0 };

  const followers = await followersToTell(db, productId, product.creatorId);
  let sent = 0;
  const failures: unknown[] = [];
  for (const follower of followers) {
    try {
      if (await notify(services, { ...product, productId }, follower)) sent++;
    } catch (error) {
      // One mailbox's trouble does not hold back the others; the retry sends only what is unsent.
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} of ${followers.length} new product emails failed`);
  }
  return { sent };
}

/**
 * The WHERE of a follower who still wants this email: every rule, so the send re-checks it in its
 * transaction. Its own aliases (w…): an outer query's `f` or `u` would be shadowed otherwise.
 */
const stillWanted = (userId: ReturnType<typeof sql>, creatorId: number) => sql`
  EXISTS (SELECT 1 FROM creator_follows wf WHERE wf.user_id = ${userId} AND wf.creator_id = ${creatorId}
    AND wf.notify_new_products)
  AND NOT EXISTS (SELECT 1 FROM "user" wu JOIN email_opt_outs wx ON wx.email = lower(wu.email)
    AND wx.topic = 'new_products' WHERE wu.id = ${userId})
  AND NOT EXISTS (SELECT 1 FROM "user" wu JOIN email_suppressions ws ON ws.email = lower(wu.email)
    WHERE wu.id = ${userId})`;

/** Followers who chose these emails, not yet told of this product; the creator's own account aside. */
async function followersToTell(db: Database, productId: number, creatorId: number): Promise<Follower[]> {
  const { rows } = await db.execute<{ user_id: string; email: string }>(sql`
    SELECT f.user_id, lower(u.email) AS email
    FROM creator_follows f JOIN "user" u ON u.id = f.user_id
    WHERE f.creator_id = ${creatorId}
      AND ${stillWanted(sql`f.user_id`, creatorId)}
      AND NOT EXISTS (SELECT 1 FROM creators c WHERE c.id = ${creatorId} AND c.user_id = f.user_id)
      AND NOT EXISTS (SELECT 1 FROM publish_notices n WHERE n.product_id = ${productId} AND n.user_id = f.user_id)
    ORDER BY f.created_at, f.user_id`);
  return rows.map((row) => ({ userId: row.user_id, email: row.email }));
}

/** One follower's email, sent inside the transaction that records it; false if it was sent before (or bounced). */
async function notify(
  services: AudienceEmailServices,
  product: {
    productId: number;
    title: string;
    priceCents: number;
    payWhatYouWant: boolean;
    creatorId: number;
    creatorName: string;
    creatorSlug: string;
  },
  follower: Follower,
): Promise<boolean> {
  const { publicUrl, secret } = services;
  return services.db.transaction(async (tx) => {
    // Not if they changed their mind meanwhile; a twin run's row (even uncommitted) makes this wait, then skip.
    const { rows } = await tx.execute(sql`
      INSERT INTO ${publishNotices} (product_id, user_id)
      SELECT ${product.productId}, ${follower.userId}
      WHERE ${stillWanted(sql`${follower.userId}`, product.creatorId)}
      ON CONFLICT DO NOTHING
      RETURNING user_id`);
    if (rows.length === 0) return false;
    // A hard bounce suppresses the address and keeps the row: the email was dealt with.
    const outcome = await sendAudienceEmail(
      tx,
      services.mailer,
      newProductEmail({
        to: follower.email,
        productTitle: product.title,
        priceCents: product.priceCents,
        payWhatYouWant: product.payWhatYouWant,
        productUrl: `${publicUrl}/product/${product.productId}`,
        creatorName: product.creatorName,
        creatorUrl: `${publicUrl}/creator/${product.creatorSlug}`,
        followingUrl: `${publicUrl}/account/following`,
        unsubscribeUrl: preferencesUrl(publicUrl, secret, follower.email, "new_products"),
        shopName: services.shopName,
      }),
    );
    return outcome === "sent";
  });
}
