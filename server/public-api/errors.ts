import { z } from "zod";

// The public API's refusals: one body for every 4xx, `{ "error": { "code", "message", "field"? } }`,
// the code fixed by the status so that a client can branch on either.

export const API_ERROR_CODES = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  500: "internal_error",
} as const;

export type ApiErrorStatus = keyof typeof API_ERROR_CODES;

/** What each status means, for the OpenAPI document's responses and the reference page. */
export const API_ERROR_DESCRIPTIONS: Record<ApiErrorStatus, string> = {
  400: "The request is not valid: `field` names the parameter or body field at fault.",
  401: "No API key, or a key that is not valid or was revoked.",
  403: "The key's scope does not allow this, or its shop may not use the API now (suspended or removed).",
  404: "Nothing here, or not yours.",
  405: "This address does not take this method.",
  409: "The request conflicts with the resource's state (for example publishing a product without a file).",
  413: "The body is larger than the API accepts.",
  415: "The body is not JSON (send Content-Type: application/json).",
  429: "Too many requests with this key: wait the seconds Retry-After says.",
  500: "A fault on our side.",
};

export const apiErrorSchema = z
  .object({
    error: z
      .object({
        code: z.enum(Object.values(API_ERROR_CODES) as [string, ...string[]]),
        message: z.string(),
        field: z.string().optional().meta({ description: "The parameter or body field at fault (400 only)." }),
      })
      .strict(),
  })
  .strict()
  .meta({ title: "Error" });

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A refusal of the public API: answered with its status and the error body. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: ApiErrorStatus;
  readonly field: string | undefined;
  constructor(status: ApiErrorStatus, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }

  get body(): ApiErrorBody {
    return {
      error: {
        code: API_ERROR_CODES[this.status],
        message: this.message,
        ...(this.field ? { field: this.field } : {}),
      },
    };
  }
}

/** A zod failure as a 400 naming its first problem's field (`where` says which part of the request). */
export function invalidRequest(error: z.ZodError, where: "body" | "query" | "path"): ApiError {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join(".") ?? "";
  const field = path || (where === "body" ? "body" : undefined);
  const message =
    issue?.code === "unrecognized_keys"
      ? `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}.`
      : (issue?.message ?? "The request is not valid.");
  return new ApiError(400, message, issue?.code === "unrecognized_keys" ? issue.keys[0] : field);
}
