import type { z } from "zod";

/** The first message of a failed parse, for a toast. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Please check the form and try again.";
}
