import { z } from "zod";
import { recordIdField } from "../lib/record-id.ts";

// The forms of seller enforcement: an admin records a violation or decides an appeal (a seller's appeal:
// shared/appeal-schema.ts).

export const violationReason = z
  .string()
  .trim()
  .min(10, "Describe the violation in at least 10 characters: the seller reads it.")
  .max(1000, "Please keep the reason under 1000 characters.");

export const violationSchema = z.object({
  creatorId: recordIdField("Choose the shop."),
  reason: violationReason,
});

export const denialNote = z
  .string({ error: "Tell the seller why the appeal is denied." })
  .trim()
  .min(10, "Tell the seller why the appeal is denied, in at least 10 characters.")
  .max(1000, "Please keep the note under 1000 characters.");

export const appealDecisionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("uphold"),
    appealId: recordIdField("Choose the appeal to decide."),
    note: z
      .string()
      .trim()
      .max(1000, "Please keep the note under 1000 characters.")
      .optional()
      .transform((note) => note || null),
  }),
  z.object({ intent: z.literal("deny"), appealId: recordIdField("Choose the appeal to decide."), note: denialNote }),
]);
