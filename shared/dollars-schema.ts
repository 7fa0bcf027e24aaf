import { z } from "zod";

// Money as people type it in forms: dollars ("12", "12.5", "12.50"), read to integer cents. Named
// a schema so that the build puts it with zod in the forms' chunk (vite.config.ts), not in the
// chunk of rules every page loads.

/** A required amount in dollars, read to cents; `label` names it in the message ("the price"). */
export function dollarsField(label: string) {
  const message = `Enter ${label} in dollars, like 12.99.`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, message)
    .transform((text) => Math.round(Number(text) * 100));
}
