import { z } from "zod";

// A shopper's report of a listing (the product page's "Report this listing" dialog), checked the
// same way in the browser and by the report's action. The reasons are the database's
// (LISTING_REPORT_REASONS in server/db/schema/moderation.ts; a test keeps the two lists equal), with the
// words a shopper and an admin read.

export const REPORT_REASON_LABELS = {
  infringes: "It copies someone else's work (copyright or trademark)",
  prohibited: "It is not allowed on the marketplace",
  misleading: "The description or images are misleading",
  broken_files: "The files are broken or missing",
  spam: "Spam or a scam",
  other: "Something else",
} as const;

export type ReportReason = keyof typeof REPORT_REASON_LABELS;

export const REPORT_REASONS = Object.keys(REPORT_REASON_LABELS) as [ReportReason, ...ReportReason[]];

export const REPORT_DETAILS_MAX_LENGTH = 1000;

const REASON = "Please choose why you are reporting this listing.";
const EMAIL = "Please enter your email address, so that we can follow up.";

/** A signed-in shopper's report: a reason, and optional details. */
export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: REASON }),
  details: z
    .string()
    .trim()
    .max(
      REPORT_DETAILS_MAX_LENGTH,
      `Please keep the details under ${REPORT_DETAILS_MAX_LENGTH.toLocaleString("en-US")} characters.`,
    )
    .optional()
    .transform((details) => details ?? ""),
});

/** A guest's report: the same, and an email address to reach them. */
export const guestReportSchema = reportSchema.extend({
  email: z
    .string({ error: EMAIL })
    .trim()
    .min(1, EMAIL)
    .max(254, "Your email address must be at most 254 characters.")
    .pipe(z.email("Please enter a valid email address, like name@example.com.")),
});

export type ReportInput = z.infer<typeof reportSchema> & { email?: string };

/** An admin's note when dismissing a report: optional (null when none). */
export const dismissNote = z
  .string()
  .trim()
  .max(1000, "Please keep the note under 1000 characters.")
  .optional()
  .transform((note) => note || null);

/**
 * The dialog's schema: a guest's, or an account's (whose address is its own: an email field, if
 * sent, is ignored).
 */
export function reportFormSchema(guest: boolean) {
  return guest ? guestReportSchema : reportSchema.extend({ email: z.string().optional() });
}
