import { z } from "zod";
import {
  payoutFailureReason,
  payoutHoldReason,
  payoutReleaseNote,
  payoutReserveReason,
} from "./moderation-note-schema.ts";
import { recordIdField } from "./record-id.ts";

// The admin console's payout forms, checked the same in the browser and by the actions.

const RESERVE = "The reserve is a whole percentage from 0 to 100.";
/** A seller's reserve, in whole percent. */
export const reservePercent = z.coerce.number({ error: RESERVE }).int(RESERVE).min(0, RESERVE).max(100, RESERVE);

/** What the admin Sellers page posts about a seller's payouts. */
export const payoutControlSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("hold-payouts"),
    creatorId: recordIdField("Choose the shop."),
    reason: payoutHoldReason,
  }),
  z.object({
    intent: z.literal("set-reserve"),
    creatorId: recordIdField("Choose the shop."),
    percent: reservePercent,
    reason: payoutReserveReason,
  }),
]);

/** What the admin Payouts page posts. */
export const payoutDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark-sent"), payoutId: recordIdField("Choose the payout.") }),
  z.object({
    intent: z.literal("mark-failed"),
    payoutId: recordIdField("Choose the payout."),
    reason: payoutFailureReason,
  }),
  z.object({ intent: z.literal("release"), creatorId: recordIdField("Choose the seller."), note: payoutReleaseNote }),
]);
