import { parseWithZod } from "@conform-to/zod/v4";
import { MaxFileSizeExceededError, parseFormData } from "@remix-run/form-data-parser";
import { asRefusal } from "@server/http/error-answers.ts";
import { Refusal } from "@server/lib/refusal.ts";
import type { z } from "zod";

// The one way a route reads a submitted form: whatever arrives (JSON, XML, a broken multipart
// body, an endless one, control characters) is refused with a message and a 4xx, never a 500.
// The form's fields are checked here too, by a zod schema, so that server/ is given plain values.

export const FORM_TYPE_REFUSED =
  "This form must be sent as a web form (application/x-www-form-urlencoded or multipart/form-data).";
export const FORM_UNREADABLE = "This form could not be read. Please reload the page and try again.";
export const FORM_CONTROL_CHARACTERS = "Remove the invisible control characters from what you typed, then try again.";
export const UNKNOWN_INTENT = "This page does not know what this form asks for. Please reload the page and try again.";

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
// C0 controls and DEL, except tab, line feed and carriage return (text areas send those).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The request's form; a Refusal (400, 413 or 415) when it is not one the shop can read. */
export function readForm(request: Request): Promise<FormData> {
  return readWith(request, () => request.formData());
}

/**
 * A form with at most one upload, read as it streams in: a file past `maxFileSize` is refused
 * (413, `tooLarge`) as soon as it gets there, so it never sits whole in memory.
 */
export function readUploadForm(
  request: Request,
  upload: { maxFileSize: number; tooLarge: string; maxParts: number },
): Promise<FormData> {
  return readWith(request, async () => {
    try {
      return await parseFormData(request, { maxFileSize: upload.maxFileSize, maxFiles: 1, maxParts: upload.maxParts });
    } catch (error) {
      throw error instanceof MaxFileSizeExceededError ? new Refusal(upload.tooLarge, "too-large") : error;
    }
  });
}

/** A web form only; read by `parse`, whose failure is refused (a body past its bound: 413); no control characters. */
async function readWith(request: Request, parse: () => Promise<FormData>): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? ""))
    throw new Refusal(FORM_TYPE_REFUSED, "unsupported-type");
  let form: FormData;
  try {
    form = await parse();
  } catch (error) {
    throw asRefusal(error) ?? new Refusal(FORM_UNREADABLE, "invalid");
  }
  assertNoControlCharacters(form);
  return form;
}

function assertNoControlCharacters(form: FormData) {
  for (const [name, value] of form) {
    const text = typeof value === "string" ? value : value.name;
    if (CONTROL_CHARACTER.test(name) || CONTROL_CHARACTER.test(text))
      throw new Refusal(FORM_CONTROL_CHARACTERS, "invalid");
  }
}

/**
 * The form checked by `schema`, as Conform's submission: its reply carries each field's problem and
 * what was typed (decision 029). Conform reads two fields of its own, `__intent__` and `__state__`,
 * as JSON; a form that sends them broken is refused (400) like any unreadable form, never a 500.
 */
export function parseSubmission<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  try {
    return parseWithZod(form, { schema });
  } catch (error) {
    throw new Refusal(FORM_UNREADABLE, "invalid", { cause: error });
  }
}

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
