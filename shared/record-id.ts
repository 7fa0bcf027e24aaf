import { z } from "zod";

/** The largest id a PostgreSQL `serial` / `integer` column holds. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A form field or address part that names a row by its numeric id: a whole number from 1 to the
 * largest id, so that "abc", "1e400" or 99999999999 are refused before they reach the database.
 */
export function recordIdField(message = "Choose an item from the list.") {
  // Decimal digits only: z.coerce.number would also take "0x10", "1e1" or " 7 " for a number.
  const digits = z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number);
  return z
    .union([z.number({ error: message }), digits], { error: message })
    .pipe(z.number().int(message).min(1, message).max(MAX_RECORD_ID, message));
}

/** `value` as a record id, or undefined when it cannot be one (an unknown row, for the caller). */
export function parseRecordId(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= MAX_RECORD_ID ? id : undefined;
}
