import type { z } from "zod";
import { Refusal } from "./refusal.ts";

// A submitted form's fields checked by a zod schema: what a route action and the domain's
// intent dispatchers share. A form that does not pass is refused (400) with its first problem.

export const UNKNOWN_INTENT = "This page does not know what this form asks for. Please reload the page and try again.";

/** The first message of a failed parse, for a toast. */
function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Please check the form and try again.";
}

/** The form's fields, checked by `schema`; a Refusal (400) with the first problem otherwise. */
export function parseForm<Schema extends z.ZodType>(form: FormData, schema: Schema): z.output<Schema> {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Refusal(firstIssue(parsed.error), "invalid");
  return parsed.data;
}

/**
 * The form's `intent` and fields, checked by a discriminated union on `intent`: a form names
 * what it asks for, and an intent the page does not know is refused, never taken for another.
 */
export function parseIntent<Schema extends z.ZodType<{ intent: string }>>(
  form: FormData,
  schema: Schema,
): z.output<Schema> {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (parsed.success) return parsed.data;
  const unknownIntent = parsed.error.issues.some((issue) => issue.path.length === 1 && issue.path[0] === "intent");
  throw new Refusal(unknownIntent ? UNKNOWN_INTENT : firstIssue(parsed.error), "invalid");
}
