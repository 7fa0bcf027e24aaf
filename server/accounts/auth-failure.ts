import { APIError } from "better-auth/api";
import { Refusal, refusalKindOf } from "../lib/refusal.ts";
import type { Auth } from "./auth.ts";

/** An account action refused: its message is for the user, its kind gives the response's status. */
export class AuthFailure extends Refusal {
  override name = "AuthFailure";
}

/** Runs one better-auth call, turning its refusal into an AuthFailure with its message (or `fallback`). */
export async function refusalsAsAuthFailure<T>(work: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof APIError)
      throw new AuthFailure(error.body?.message ?? fallback, refusalKindOf(error.statusCode));
    throw error;
  }
}

/** The session behind `headers`, or an AuthFailure asking the user to sign in again. */
export async function requireSession(auth: Auth, headers: Headers) {
  const current = await auth.api.getSession({ headers });
  if (!current) throw new AuthFailure("Please sign in again.", "unauthenticated");
  return current;
}
