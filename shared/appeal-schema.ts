import { z } from "zod";

/** The largest id a PostgreSQL `integer` column holds (as server/lib/record-id.ts). */
const MAX_RECORD_ID = 2_147_483_647;
const ACTION_ID = "Choose the action to appeal.";

/** A seller's reasons for an appeal of an action on their shop. */
export const appealMessage = z
  .string({ error: "Tell us why the action should be withdrawn." })
  .trim()
  .min(20, "Please explain your appeal in at least 20 characters.")
  .max(2000, "Please keep your appeal under 2000 characters.");

/** The appeal form of the Account standing page: which action, and why it should be withdrawn. */
export const appealSchema = z.object({
  // Decimal digits only, as every record id of a form: "0x10", "1e1" or 99999999999 are refused.
  actionId: z
    .union(
      [
        z.number({ error: ACTION_ID }),
        z
          .string({ error: ACTION_ID })
          .regex(/^\d{1,10}$/, ACTION_ID)
          .transform(Number),
      ],
      {
        error: ACTION_ID,
      },
    )
    .pipe(z.number().int(ACTION_ID).min(1, ACTION_ID).max(MAX_RECORD_ID, ACTION_ID)),
  message: appealMessage,
});
