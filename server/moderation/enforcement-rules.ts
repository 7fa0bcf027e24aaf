import { APPEAL_WINDOW_DAYS } from "../../shared/shop-facts.ts";
import type { Database } from "../db/client.ts";
import type { EnforcementStep } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";

// The seller enforcement and the appeal window of section 9, in one place.

export interface ModerationServices {
  db: Database;
  jobs: JobQueue;
  shopName: string;
  publicUrl: string;
}

const DAY = 24 * 3600_000;
/** A warning gives the seller this many days to fix the violation. */
export const FIX_DAYS = 7;
export const SUSPENSION_DAYS = 30;
export { APPEAL_WINDOW_DAYS };

export const addDays = (time: Date, days: number) => new Date(time.getTime() + days * DAY);

/** The step of a shop's next violation, from the number of its earlier actions that still stand. */
export function stepAfter(standingActions: number): EnforcementStep {
  if (standingActions <= 0) return "warning";
  return standingActions === 1 ? "suspension" : "removal";
}

/** The last moment the seller may appeal an action issued at `issuedAt`. */
export const appealDeadline = (issuedAt: Date) => addDays(issuedAt, APPEAL_WINDOW_DAYS);

// The steps' names and the dates in messages and emails are the pages' own (UTC, like the payout calendar).
export { formatDay, STEP_LABELS } from "../../shared/enforcement.ts";
