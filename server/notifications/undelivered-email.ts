import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { contactMessages, orders } from "../db/schema.ts";
import type { OutgoingEmail } from "../email/mailer.ts";

/** Who the admins' inbox names as the sender of an undelivered email's report. */
export const MAILER_NAME = "The shop's mailer";

/**
 * An email the mail server did not take for a day (the dead letter of the send-email and
 * send-receipt jobs, server/jobs/queue.ts): the admins find it in their inbox (/admin/messages), with
 * its address and subject, to check the mail server and tell the person another way.
 */
export async function reportUndeliveredEmail(db: Queryable, undelivered: OutgoingEmail | { orderId: number }) {
  const { to, what } = "orderId" in undelivered ? await receiptOf(db, undelivered.orderId) : emailOf(undelivered);
  await db.insert(contactMessages).values({
    name: MAILER_NAME,
    email: to,
    subject: `Undelivered email: ${what}`.slice(0, 200),
    message:
      `The mail server did not take ${what} to ${to} for a day of attempts, and the shop has stopped ` +
      "trying. Check the mail server (SMTP_URL and its log), then tell the person another way if it matters.",
  });
}

const emailOf = (email: OutgoingEmail) => ({ to: email.to, what: `"${email.subject}"` });

async function receiptOf(db: Queryable, orderId: number) {
  const [order] = await db
    .select({ number: orders.number, email: orders.email })
    .from(orders)
    .where(eq(orders.id, orderId));
  return { to: order?.email ?? "unknown", what: `the receipt of order ${order?.number ?? orderId}` };
}
