import { z } from "zod";
import { applicationRejectionReason } from "../../shared/moderation-note-schema.ts";
import { recordIdField } from "../../shared/record-id.ts";

const rejectionSchema = z.object({
  applicationId: recordIdField("Choose the application to decide."),
  reason: applicationRejectionReason,
});

/** The admin Applications page's forms: approve, or reject with a reason. */
export const applicationDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), applicationId: rejectionSchema.shape.applicationId }),
  rejectionSchema.extend({ intent: z.literal("reject") }),
]);
