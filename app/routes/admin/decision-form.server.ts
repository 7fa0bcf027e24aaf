import { Refusal } from "@server/lib/refusal.ts";
import { data } from "react-router";
import type { z } from "zod";
import { parseSubmission, UNKNOWN_INTENT } from "~/lib/form.server";

/**
 * An admin decision's form, checked by the action's schema (a discriminated union on `intent`, or
 * one form's fields). A problem with what the admin wrote (`noteField`) comes back beside the field,
 * with what was typed (`reply`: Conform's reply, 400). Anything else is no typing mistake: an
 * intent the page does not know, or a row it does not name, is refused as `parseIntent` refuses it.
 */
export function parseDecision<Schema extends z.ZodType<Record<string, unknown>>>(
  form: FormData,
  schema: Schema,
  noteField: string,
) {
  const submission = parseSubmission(form, schema);
  if (submission.status === "success") return { decision: submission.value };
  const errors = submission.error ?? {};
  if (errors.intent?.length) throw new Refusal(UNKNOWN_INTENT, "invalid");
  const other = Object.entries(errors).find(([name, messages]) => name !== noteField && messages?.length);
  if (other?.[1]?.[0]) throw new Refusal(other[1][0], "invalid");
  return { reply: data({ result: submission.reply() }, { status: 400 }) };
}
