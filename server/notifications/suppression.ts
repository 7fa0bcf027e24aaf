import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "../db/client.ts";
import { EMAIL_SUPPRESSION_REASONS, emailSuppressions } from "../db/schema.ts";
import type { Mailer, OutgoingEmail } from "../email/mailer.ts";

// Addresses no audience email goes to again (decision 034): the mail server refused them for good
// while we sent one (a hard bounce), or the provider reported a bounce or a spam complaint. Emails
// the person needs (receipts, order links, password resets) are not audience emails and still go:
// they do not come through here.

type SuppressionReason = (typeof EMAIL_SUPPRESSION_REASONS)[number];

const normal = (email: string) => email.trim().toLowerCase();

/** Whether audience emails to `email` are suppressed. */
export async function isSuppressed(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.email, normal(email)));
  return Boolean(row);
}

/**
 * Suppresses `email`. A complaint is the stronger word: it replaces an earlier bounce's reason,
 * never the other way round, and the first detail of a reason is kept.
 */
export async function suppressEmail(
  db: Queryable,
  { email, reason, detail }: { email: string; reason: SuppressionReason; detail: string },
): Promise<void> {
  await db
    .insert(emailSuppressions)
    .values({ email: normal(email), reason, detail: detail.slice(0, 1000) })
    .onConflictDoUpdate({
      target: emailSuppressions.email,
      set: { reason, detail: sql`excluded.detail` },
      setWhere: sql`${emailSuppressions.reason} = 'bounce' AND excluded.reason = 'complaint'`,
    });
}

/**
 * Whether a send failed because the receiving server refused the recipient for good: a 5xx reply to
 * RCPT TO or to the message (DATA). A 4xx is a "try later", and a 5xx to anything else (MAIL FROM,
 * AUTH) is the shop's own configuration, not the address: neither suppresses.
 */
export function isPermanentRefusal(error: unknown): error is Error & { responseCode: number; response?: string } {
  if (!(error instanceof Error)) return false;
  const { responseCode, command } = error as { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === "number" &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (command === "RCPT TO" || command === "DATA")
  );
}

/**
 * Sends an audience email (follower notices, broadcasts, cart reminders, product updates). When the
 * recipient's server refuses the address for good, the address is suppressed and this answers
 * "suppressed" instead of throwing: retrying would be refused again, and the caller's record that it
 * was handled (its notice row, in the same transaction `db`) may stand. Any other failure throws, for
 * the job to retry.
 */
export async function sendAudienceEmail(
  db: Queryable,
  mailer: Mailer,
  email: OutgoingEmail,
): Promise<"sent" | "suppressed"> {
  try {
    await mailer.send(email);
    return "sent";
  } catch (error) {
    if (!isPermanentRefusal(error)) throw error;
    await suppressEmail(db, { email: email.to, reason: "bounce", detail: error.response ?? error.message });
    return "suppressed";
  }
}

/** A report from the email provider (POST /api/v1/email/events): a bounce or a complaint. */
export const emailEventSchema = z.object({
  type: z.enum(EMAIL_SUPPRESSION_REASONS, { error: "type must be bounce or complaint" }),
  email: z.email({ error: "email must be an email address" }).max(254, { error: "email must be an email address" }),
  detail: z
    .string({ error: "detail must be text" })
    .max(1000, { error: "detail must be at most 1000 characters" })
    .refine((text) => !text.includes("\u0000"), { error: "detail must not hold NUL characters" })
    .default(""),
});
export type EmailEvent = z.infer<typeof emailEventSchema>;

/** Records a provider's bounce or complaint report: the address gets no more audience emails. */
export async function recordEmailEvent(db: Queryable, event: EmailEvent): Promise<void> {
  await suppressEmail(db, { email: event.email, reason: event.type, detail: event.detail });
}
