import { isDatabaseUnavailable } from "@server/db/availability.ts";
import { sqlStateOf } from "@server/db/sql-state.ts";
import { BodyTooLargeError } from "@server/http/body-limit.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { data } from "react-router";

export const INVALID_VALUE = "Something in this request is not valid. Please check it and try again.";
const SHOP_UNAVAILABLE = "The shop is briefly unavailable. Nothing was changed: please try again in a moment.";
/** When to ask again after a 503 (seconds): a restart or a failover takes about this long. */
const RETRY_AFTER_SECONDS = 5;
/** The headers of a 503: when to ask again. */
export const TRY_AGAIN_SOON = { "Retry-After": String(RETRY_AFTER_SECONDS) };

/**
 * The Refusal an error stands for, or undefined for a fault. Beside the shop's own refusals: a body
 * past its bound, a value PostgreSQL refused as data (SQLSTATE class 22: not a number, out of
 * range, a NUL byte) that a schema should have caught first, so that it is never a 500, and the
 * database away (the shop briefly unavailable: 503).
 */
export function asRefusal(error: unknown): Refusal | undefined {
  // Also as the cause of another error: a form parser wraps what its body stream threw.
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof Refusal) return cause;
    if (cause instanceof BodyTooLargeError) return new Refusal(cause.message, "too-large");
  }
  if (sqlStateOf(error)?.startsWith("22")) return new Refusal(INVALID_VALUE, "invalid", { cause: error });
  if (isDatabaseUnavailable(error)) return new Refusal(SHOP_UNAVAILABLE, "unavailable", { cause: error });
  return undefined;
}

/** A refused request's response (its message and status, plus `extra`); any other error is rethrown. */
export function refusalResponse<Extra extends object>(error: unknown, extra?: Extra) {
  const refusal = asRefusal(error);
  if (!refusal) throw error;
  const headers = refusal.kind === "unavailable" ? TRY_AGAIN_SOON : undefined;
  return data(
    { ...(extra as Extra), ok: false as const, message: refusal.message },
    { status: refusal.status, headers },
  );
}

/**
 * The one place where a route action's refusals become responses: `{ ok: false, message }` with
 * the refusal's status. Redirects and faults pass on.
 */
export function formAction<Args, Result>(handler: (args: Args) => Promise<Result>) {
  return async (args: Args) => {
    try {
      return await handler(args);
    } catch (error) {
      return refusalResponse(error);
    }
  };
}
