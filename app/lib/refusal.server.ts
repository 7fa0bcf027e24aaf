import { Refusal } from "@server/lib/refusal.ts";
import { data } from "react-router";

/** A refused request's response (its message and status, plus `extra`); any other error is rethrown. */
export function refusalResponse<Extra extends object>(error: unknown, extra?: Extra) {
  if (!(error instanceof Refusal)) throw error;
  return data({ ...(extra as Extra), ok: false as const, message: error.message }, { status: error.status });
}
