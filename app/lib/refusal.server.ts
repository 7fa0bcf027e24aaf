import { BodyTooLargeError } from "@server/http/body-limit.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { data } from "react-router";

export const INVALID_VALUE = "Something in this request is not valid. Please check it and try again.";

/**
 * The Refusal an error stands for, or undefined for a fault. Beside the shop's own refusals: a body
 * past its bound, and a value PostgreSQL refused as data (SQLSTATE class 22: not a number, out of
 * range, a NUL byte) that a schema should have caught first, so that it is never a 500.
 */
export function asRefusal(error: unknown): Refusal | undefined {
  if (error instanceof Refusal) return error;
  if (error instanceof BodyTooLargeError) return new Refusal(error.message, 413);
  const code = sqlState(error);
  if (code?.startsWith("22")) return new Refusal(INVALID_VALUE, 400, { cause: error });
  return undefined;
}

function sqlState(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A refused request's response (its message and status, plus `extra`); any other error is rethrown. */
export function refusalResponse<Extra extends object>(error: unknown, extra?: Extra) {
  const refusal = asRefusal(error);
  if (!refusal) throw error;
  return data({ ...(extra as Extra), ok: false as const, message: refusal.message }, { status: refusal.status });
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
