import { AuthFailure } from "@server/accounts/auth-failure.ts";
import { data } from "react-router";

/** An account action's refusal as its response (message and status); any other error is rethrown. */
export function authFailure<Extra extends object>(error: unknown, extra?: Extra) {
  if (!(error instanceof AuthFailure)) throw error;
  return data({ ...(extra as Extra), ok: false as const, message: error.message }, { status: error.status });
}
