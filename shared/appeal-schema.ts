import { z } from "zod";
import { recordIdField } from "./record-id.ts";

/** A seller's reasons for an appeal of an action on their shop. */
export const appealMessage = z
  .string({ error: "Tell us why the action should be withdrawn." })
  .trim()
  .min(20, "Please explain your appeal in at least 20 characters.")
  .max(2000, "Please keep your appeal under 2000 characters.");

/** The appeal form of the Account standing page: which action, and why it should be withdrawn. */
export const appealSchema = z.object({
  actionId: recordIdField("Choose the action to appeal."),
  message: appealMessage,
});
