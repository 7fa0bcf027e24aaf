import { z } from "zod";
import { recordIdField } from "../lib/record-id.ts";

const rejectionSchema = z.object({
  applicationId: recordIdField("Choose the application to decide."),
  reason: z
    .string()
    .trim()
    .min(10, "Tell the applicant why, in at least 10 characters.")
    .max(1000, "Please keep the reason under 1000 characters."),
});

/** The admin Applications page's forms: approve, or reject with a reason. */
export const applicationDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), applicationId: rejectionSchema.shape.applicationId }),
  rejectionSchema.extend({ intent: z.literal("reject") }),
]);
