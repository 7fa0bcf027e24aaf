import { z } from "zod";
import { recordIdField } from "./record-id.ts";

// The form a seller writes a broadcast with (an email to their followers or their customers),
// checked the same in the browser and on the server (server/broadcasts/broadcasts.ts). The server
// also checks what needs the clock and the seller's other broadcasts: a time to send that is in the
// future and within BROADCAST_SCHEDULE_MAX_DAYS, and the weekly limit.

const BROADCAST_SUBJECT_MAX = 120;
export const BROADCAST_BODY_MAX = 10_000;
/** A seller sends (or schedules) at most this many broadcasts in any 7 days: their audience's inboxes are not a feed. */
export const BROADCASTS_PER_WEEK = 2;
/** How far ahead a broadcast may be scheduled. */
export const BROADCAST_SCHEDULE_MAX_DAYS = 90;

const BROADCAST_AUDIENCE_CHOICES = ["followers", "customers"] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCE_CHOICES)[number];

const SUBJECT_EMPTY = "Enter a subject.";
const BODY_EMPTY = "Write the message.";
const AUDIENCE = "Choose who gets it: your followers or your customers.";
const WHEN = "Choose to send it now or at a later time.";
export const SEND_AT_FORMAT = "Enter the date and time to send it, like 2026-12-24 09:00 (UTC).";

/** A datetime-local value ("2026-12-24T09:00", seconds optional) read as UTC; undefined if it is not a real time. */
function parseSendAt(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return undefined;
  const time = new Date(`${text.length === 16 ? `${text}:00` : text}Z`);
  // Date takes "2026-02-31" for March 3: a real time reads back the same.
  if (Number.isNaN(time.getTime()) || time.toISOString().slice(0, 16) !== text.slice(0, 16)) return undefined;
  return time;
}

const broadcastFields = z.object({
  subject: z
    .string({ error: SUBJECT_EMPTY })
    .trim()
    .min(1, SUBJECT_EMPTY)
    .max(BROADCAST_SUBJECT_MAX, `A subject is at most ${BROADCAST_SUBJECT_MAX} characters.`)
    // A header's line: a line break would start another header.
    .refine((text) => !/[\r\n]/.test(text), "A subject is one line."),
  body: z
    .string({ error: BODY_EMPTY })
    .trim()
    .min(1, BODY_EMPTY)
    .max(BROADCAST_BODY_MAX, `A message is at most ${BROADCAST_BODY_MAX.toLocaleString("en-US")} characters.`),
  audience: z.enum(BROADCAST_AUDIENCE_CHOICES, { error: AUDIENCE }),
  when: z.enum(["now", "later"], { error: WHEN }),
  sendAt: z.string().trim().optional(),
});

/**
 * The broadcast as written. `when` "later" needs `sendAt` as a real date and time (UTC); whether it
 * is in the future is the server's check (toBroadcast reads it). A refinement, not a transform, so
 * that Conform reads the fields' constraints for the page's form.
 */
export const broadcastSchema = broadcastFields.superRefine((fields, context) => {
  if (fields.when === "later" && !(fields.sendAt && parseSendAt(fields.sendAt))) {
    context.addIssue({ code: "custom", path: ["sendAt"], message: SEND_AT_FORMAT });
  }
});

export type BroadcastFields = z.output<typeof broadcastSchema>;

/** The broadcast to make: `sendAt` is the time to send it, or null for now. */
export interface BroadcastInput {
  subject: string;
  body: string;
  audience: BroadcastAudience;
  sendAt: Date | null;
}

/** The checked fields as the broadcast to make. */
export function toBroadcast({ when, sendAt, ...rest }: BroadcastFields): BroadcastInput {
  return { ...rest, sendAt: when === "now" ? null : parseSendAt(sendAt ?? "")! };
}

/** What the broadcasts page's forms ask for. */
export const broadcastIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("preview") }),
  z.object({ intent: z.literal("send") }),
  z.object({ intent: z.literal("cancel"), broadcastId: recordIdField("Choose a scheduled broadcast to cancel.") }),
]);
