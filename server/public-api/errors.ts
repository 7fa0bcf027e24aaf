import type { z } from "zod";
import { Refusal } from "../lib/refusal.ts";

// The public API's refusals are Refusals answered as RFC 9457 problem documents
// (server/http/error-answers.ts); this file documents them and reads zod's failures.

/** What each status means, for the OpenAPI document's responses and the reference page. */
export const API_ERROR_DESCRIPTIONS = {
  400: "The request is not valid: `field` names the parameter or body field at fault.",
  401: "No API key, or a key that is not valid or was revoked.",
  403: "The key's scope does not allow this, or its shop may not use the API now (suspended or removed).",
  404: "Nothing here, or not yours.",
  405: "This address does not take this method.",
  409: "The request conflicts with the resource's state (for example publishing a product without a file).",
  413: "The body is larger than the API accepts.",
  415: "The body is not JSON (send Content-Type: application/json).",
  429: "Too many requests with this key: wait the seconds Retry-After says.",
  500: "A fault on our side: `requestId` finds it in our log.",
  503: "The shop is briefly unavailable (its database): try again after the seconds Retry-After says.",
} as const;

export type ApiErrorStatus = keyof typeof API_ERROR_DESCRIPTIONS;

/** A zod failure as a 400 naming its first problem's field (`where` says which part of the request). */
export function invalidRequest(error: z.ZodError, where: "body" | "query" | "path"): Refusal {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join(".") ?? "";
  const field = path || (where === "body" ? "body" : undefined);
  const message =
    issue?.code === "unrecognized_keys"
      ? `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}.`
      : (issue?.message ?? "The request is not valid.");
  return new Refusal(message, "invalid", { field: issue?.code === "unrecognized_keys" ? issue.keys[0] : field });
}
