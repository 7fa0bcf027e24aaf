import { z } from "zod";
import { denialNote, upholdNote, violationReason } from "../../shared/moderation-note-schema.ts";
import { recordIdField } from "../../shared/record-id.ts";

// The forms of seller enforcement: an admin records a violation or decides an appeal (a seller's appeal:
// shared/appeal-schema.ts).

export const violationSchema = z.object({
  creatorId: recordIdField("Choose the shop."),
  reason: violationReason,
});

export const appealDecisionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("uphold"),
    appealId: recordIdField("Choose the appeal to decide."),
    note: upholdNote,
  }),
  z.object({ intent: z.literal("deny"), appealId: recordIdField("Choose the appeal to decide."), note: denialNote }),
]);
