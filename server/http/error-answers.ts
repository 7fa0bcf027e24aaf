import { STATUS_CODES } from "node:http";
import type { ErrorRequestHandler, Request, Response } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { isDatabaseUnavailable, reportDatabaseAway } from "../db/availability.ts";
import { sqlStateOf } from "../db/sql-state.ts";
import { Refusal, type RefusalKind } from "../lib/refusal.ts";
import { FileStoreUnavailable, reportFileStoreAway } from "../storage/file-store-unavailable.ts";
import { BodyTooLargeError } from "./body-limit.ts";
import { maskTokens } from "./request-log.ts";

// Where an error becomes an answer, for every way in: pages and form actions (app/lib/refusal.server.ts),
// the JSON APIs (public and licence-key), downloads and the app's last handler. An error is either a
// Refusal (the request is turned down, with a message for whoever made it and a kind that
// server/lib/refusal.ts maps to a status) or a fault (logged once with its request id, answered 500).

export const INVALID_VALUE = "Something in this request is not valid. Please check it and try again.";
const SHOP_UNAVAILABLE = "The shop is briefly unavailable. Nothing was changed: please try again in a moment.";
const FILES_UNAVAILABLE =
  "Files cannot be stored or opened right now. Nothing was changed: please try again in a few minutes.";
export const FAULT_MESSAGE = "Something went wrong on our side. Please try again in a moment.";
const BODY_NOT_JSON = "The body is not valid JSON.";
const REQUEST_UNREADABLE = "This request could not be read.";

/** When to ask again after a 503 (seconds): a restart or a failover takes about this long. */
const RETRY_AFTER_SECONDS = 5;
/** The headers of a 503: when to ask again. */
export const TRY_AGAIN_SOON = { "Retry-After": String(RETRY_AFTER_SECONDS) };

/**
 * The Refusal an error stands for, or undefined for a fault. Beside the shop's own refusals: a body
 * past its bound or not JSON (as the body parsers say), a value PostgreSQL refused as data (SQLSTATE
 * class 22: not a number, out of range, a NUL byte) that a schema should have caught first, so that
 * it is never a 500, and the database away (the shop briefly unavailable: 503).
 */
export function asRefusal(error: unknown): Refusal | undefined {
  // Also as the cause of another error: a form parser wraps what its body stream threw.
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof Refusal) return cause;
    if (cause instanceof BodyTooLargeError) return new Refusal(cause.message, "too-large");
    if (cause instanceof FileStoreUnavailable) return new Refusal(FILES_UNAVAILABLE, "unavailable", { cause });
  }
  const parserRefusal = bodyParserRefusal(error);
  if (parserRefusal) return parserRefusal;
  if (sqlStateOf(error)?.startsWith("22")) return new Refusal(INVALID_VALUE, "invalid", { cause: error });
  if (isDatabaseUnavailable(error)) return new Refusal(SHOP_UNAVAILABLE, "unavailable", { cause: error });
  return undefined;
}

/** What Express and its body parsers refuse (http-errors with a 4xx status). */
function bodyParserRefusal(error: unknown): Refusal | undefined {
  if (!(error instanceof Error)) return undefined;
  const { type, status, limit } = error as { type?: unknown; status?: unknown; limit?: unknown };
  if (type === "entity.too.large" && typeof limit === "number") {
    return new Refusal(new BodyTooLargeError(limit).message, "too-large", { cause: error });
  }
  if (type === "entity.parse.failed") return new Refusal(BODY_NOT_JSON, "invalid", { cause: error, field: "body" });
  if (typeof status === "number" && status >= 400 && status < 500) {
    return new Refusal(REQUEST_UNREADABLE, "invalid", { cause: error });
  }
  return undefined;
}

/** The headers a refusal's answer carries beside its status. */
export function refusalHeaders(refusal: Refusal): Record<string, string> {
  if (refusal.kind === "unavailable") return TRY_AGAIN_SOON;
  if (refusal.kind === "unauthenticated") return { "WWW-Authenticate": 'Bearer realm="api"' };
  return {};
}

/** The code the APIs give each kind of refusal, and `internal_error` a fault: clients branch on it. */
export const PROBLEM_CODES = {
  invalid: "invalid_request",
  unauthenticated: "unauthorized",
  forbidden: "forbidden",
  "not-found": "not_found",
  "method-not-allowed": "method_not_allowed",
  conflict: "conflict",
  gone: "gone",
  "too-large": "payload_too_large",
  "unsupported-type": "unsupported_media_type",
  "rate-limited": "rate_limited",
  "upstream-failed": "upstream_failed",
  unavailable: "unavailable",
} as const satisfies Record<RefusalKind, string>;
const FAULT_CODE = "internal_error";

export const problemSchema = z
  .object({
    type: z.literal("about:blank").meta({ description: "No more than the status says (RFC 9457)." }),
    title: z.string().meta({ description: "The status's name." }),
    status: z.int(),
    detail: z.string().meta({ description: "What went wrong, for a person to read." }),
    code: z.enum([...Object.values(PROBLEM_CODES), FAULT_CODE]).meta({ description: "For a program to branch on." }),
    field: z.string().optional().meta({ description: "The parameter or body field at fault (400 only)." }),
    requestId: z.string().meta({ description: "Quote it when you write to us: it finds this request in our log." }),
    error: z
      .object({
        code: z.enum([...Object.values(PROBLEM_CODES), FAULT_CODE]),
        message: z.string(),
        field: z.string().optional(),
      })
      .strict()
      .meta({ description: "The same code, message and field, as the API answered before it used RFC 9457." }),
  })
  .strict()
  .meta({ title: "Problem" });

export type ProblemDocument = z.infer<typeof problemSchema>;

/** A refusal, or a fault (undefined), as an RFC 9457 problem document. */
export function problemDocument(refusal: Refusal | undefined, requestId: string): ProblemDocument {
  const status = refusal?.status ?? 500;
  const code = refusal ? PROBLEM_CODES[refusal.kind] : FAULT_CODE;
  const detail = refusal?.message ?? FAULT_MESSAGE;
  const field = refusal?.field;
  return {
    type: "about:blank",
    title: STATUS_CODES[status] ?? "Error",
    status,
    detail,
    code,
    ...(field ? { field } : {}),
    requestId,
    error: { code, message: detail, ...(field ? { field } : {}) },
  };
}

/** The id pino-http gave this request (server/http/request-log.ts), which its log lines carry. */
export const requestIdOf = (res: Response) => String((res.req as { id?: unknown }).id ?? "");

/** Answers a refusal, or a fault (undefined), as a problem document (the JSON APIs). */
export function sendProblem(res: Response, refusal: Refusal | undefined): void {
  res
    .status(refusal?.status ?? 500)
    .set(refusal ? refusalHeaders(refusal) : {})
    .type("application/problem+json")
    .send(JSON.stringify(problemDocument(refusal, requestIdOf(res))));
}

/**
 * Warns of an outage behind a refusal of kind unavailable, once a minute whatever the number of
 * requests it turns away: the file store's or the database's.
 */
export function reportOutage(logger: Pick<Logger, "warn">, refusal: Refusal | undefined): void {
  if (refusal?.kind !== "unavailable") return;
  if (refusal.cause instanceof FileStoreUnavailable) reportFileStoreAway(logger, refusal.cause);
  else reportDatabaseAway(logger, refusal.cause);
}

/** Logs a fault once, with its request id and the address with any secret masked. */
export function logFault(logger: Logger, error: unknown, where: { requestId: string; url: string }): void {
  logger.error({ err: error, requestId: where.requestId, url: maskTokens(where.url) }, "Request failed");
}

/**
 * What an Express error handler does first with an error: reads it as a refusal, warns of an outage
 * behind one (once a minute), logs any other error once as a fault. Answers the refusal, if any.
 */
export function noteError(logger: Logger, error: unknown, req: Request, res: Response): Refusal | undefined {
  const refusal = asRefusal(error);
  reportOutage(logger, refusal);
  if (!refusal) logFault(logger, error, { requestId: requestIdOf(res), url: req.originalUrl });
  return refusal;
}

/**
 * The last handler of a JSON API's router: a refusal is answered with its problem document, the
 * database away is reported once a minute and answered 503, any other error is a fault.
 */
export function answerApiErrors(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const refusal = noteError(logger, error, req, res);
    if (res.headersSent) return void res.destroy();
    sendProblem(res, refusal);
  };
}
