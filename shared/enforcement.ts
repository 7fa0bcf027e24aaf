// Words and dates of seller enforcement, for the admin console and the seller's Account standing
// page (client-safe: no server code).

export type Step = "warning" | "suspension" | "removal";
export type Standing = "active" | "suspended" | "removed";
export type AppealStatus = "pending" | "upheld" | "denied";

export const STEP_LABELS: Record<Step, string> = {
  warning: "Warning",
  suspension: "30-day suspension",
  removal: "Removal from the marketplace",
};

/** What recording a violation does, said before the admin records it. */
export const NEXT_STEP_HINTS: Record<Step, string> = {
  warning: "This will be a warning: the seller gets 7 days to fix the issue.",
  suspension: "This will be a 30-day suspension: the shop's products are hidden and its payouts wait until it ends.",
  removal: "This will be the shop's permanent removal from the marketplace.",
};

export const APPEAL_STATUS_LABELS: Record<AppealStatus, string> = {
  pending: "Appeal under review",
  upheld: "Appeal accepted",
  denied: "Appeal not accepted",
};

/** Dates of enforcement, in UTC as in the emails: "Dec 24, 2026". */
export { formatDayUtc as formatDay } from "./format.ts";
