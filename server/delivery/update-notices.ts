import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { creators, productFiles, productFileVersions, products, productUpdateNotices } from "../db/schema.ts";
import { preferencesUrl } from "../email/email-preferences.ts";
import type { Mailer } from "../email/mailer.ts";
import { productUpdateEmail } from "../email/product-update-email.ts";
import { sendAudienceEmail } from "../notifications/suppression.ts";
import { ORDER_LINK_DAYS, ORDER_LOOKUP_PATH, orderPagePath } from "../orders/order-access.ts";
import { DELIVERABLE_ORDER_STATUSES } from "./open-download.ts";

// The send-product-update-emails job: each buyer of a file that has a new version gets
// one email about it. "Each buyer" is an address (lowercased): an account and a guest who bought
// with the same address are one person. One email per file, version and address, however often
// the job runs and on however many servers: the notice's row is inserted and the email sent in one
// transaction, so a send that fails leaves no row (the job retries it) and a row, once committed,
// is never sent again; a second run at the same moment waits on the row's key, then skips it.
// Not to an address that turned these off or is suppressed (it bounced or complained, decision 034).

export interface UpdateNoticeServices {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  shopName: string;
  secret: string;
}

interface Recipient {
  email: string;
  /** Bought with an account: My Downloads; otherwise their latest guest order's link. */
  hasAccount: boolean;
  guestOrder: string | null;
}

/** Emails the buyers of file `fileId` about `version`; answers how many were sent now. */
export async function sendProductUpdateEmails(
  services: UpdateNoticeServices,
  { fileId, version }: { fileId: number; version: number },
): Promise<{ sent: number }> {
  const { db } = services;
  const [file] = await db
    .select({
      productId: productFiles.productId,
      fileName: productFiles.fileName,
      version: productFiles.version,
      productTitle: products.title,
      creatorName: creators.name,
    })
    .from(productFiles)
    .innerJoin(products, eq(products.id, productFiles.productId))
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(eq(productFiles.id, fileId));
  // A file removed since has nothing to download; a newer version has its own job and email.
  if (!file || file.version !== version) return { sent: 0 };
  // The name of the version this one replaces: the file as its buyers have it.
  const [replaced] = await db
    .select({ fileName: productFileVersions.fileName })
    .from(productFileVersions)
    .where(and(eq(productFileVersions.fileId, fileId), eq(productFileVersions.version, version - 1)));
  const replacedFileName = replaced?.fileName ?? file.fileName;

  const recipients = await recipientsOf(db, file.productId, fileId, version);
  let sent = 0;
  const failures: unknown[] = [];
  for (const recipient of recipients) {
    try {
      if (await notify(services, { ...file, fileId, replacedFileName }, recipient)) sent++;
    } catch (error) {
      // One mailbox's trouble does not hold back the others; the job fails after them, and its
      // retry sends only what is still unsent.
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} of ${recipients.length} update emails failed`);
  }
  return { sent };
}

/** Who bought the product and may still download it, not yet told of this version nor opted out. */
async function recipientsOf(db: Database, productId: number, fileId: number, version: number): Promise<Recipient[]> {
  const statuses = sql.join(
    DELIVERABLE_ORDER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  // A signed-in buyer's orders are emailed at the account's address as it is now (it may have
  // changed since they paid); a guest's at the address on the order.
  const { rows } = await db.execute<{ email: string; has_account: boolean; guest_order: string | null }>(sql`
    WITH bought AS (
      SELECT lower(coalesce(u.email, o.email)) AS email, o.user_id, o.number, o.paid_at, o.id
      FROM order_items i JOIN orders o ON o.id = i.order_id
        LEFT JOIN "user" u ON u.id = o.user_id
      WHERE i.product_id = ${productId} AND i.status = 'active' AND i.upgrades_license_id IS NULL
        AND o.status IN (${statuses}))
    SELECT b.email,
      bool_or(b.user_id IS NOT NULL) AS has_account,
      (array_agg(b.number ORDER BY b.paid_at DESC NULLS LAST, b.id DESC) FILTER (WHERE b.user_id IS NULL))[1]
        AS guest_order
    FROM bought b
    WHERE NOT EXISTS (SELECT 1 FROM email_opt_outs x WHERE x.email = b.email AND x.topic = 'product_updates')
      AND NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email = b.email)
      AND NOT EXISTS (SELECT 1 FROM product_update_notices n
        WHERE n.file_id = ${fileId} AND n.version = ${version} AND n.email = b.email)
    GROUP BY b.email
    ORDER BY b.email`);
  return rows.map((row) => ({ email: row.email, hasAccount: row.has_account, guestOrder: row.guest_order }));
}

/** One buyer's email, sent inside the transaction that records it; false if it was already sent. */
async function notify(
  services: UpdateNoticeServices,
  update: {
    fileId: number;
    version: number;
    fileName: string;
    replacedFileName: string;
    productTitle: string;
    creatorName: string;
  },
  recipient: Recipient,
): Promise<boolean> {
  const { publicUrl, secret } = services;
  return services.db.transaction(async (tx) => {
    // Not if it turned these emails off meanwhile; a twin run's row (even uncommitted) makes this wait, then skip.
    const { rows } = await tx.execute(sql`
      INSERT INTO ${productUpdateNotices} (file_id, version, email)
      SELECT ${update.fileId}, ${update.version}, ${recipient.email}
      WHERE NOT EXISTS (SELECT 1 FROM email_opt_outs
        WHERE email = ${recipient.email} AND topic = 'product_updates')
        AND NOT EXISTS (SELECT 1 FROM email_suppressions WHERE email = ${recipient.email})
      ON CONFLICT DO NOTHING
      RETURNING email`);
    if (rows.length === 0) return false;
    const guest = !recipient.hasAccount && recipient.guestOrder !== null;
    // A hard bounce suppresses the address (decision 034) and keeps the row: no retry.
    await sendAudienceEmail(
      tx,
      services.mailer,
      productUpdateEmail({
        to: recipient.email,
        productTitle: update.productTitle,
        creatorName: update.creatorName,
        fileName: update.fileName,
        replacedFileName: update.replacedFileName,
        version: update.version,
        downloadsUrl: guest
          ? `${publicUrl}${orderPagePath(secret, { number: recipient.guestOrder!, userId: null })}`
          : `${publicUrl}/account/downloads`,
        guestLink: guest ? { days: ORDER_LINK_DAYS, newLinkUrl: `${publicUrl}${ORDER_LOOKUP_PATH}` } : undefined,
        unsubscribeUrl: preferencesUrl(publicUrl, secret, recipient.email, "product_updates"),
        shopName: services.shopName,
      }),
    );
    return true;
  });
}
