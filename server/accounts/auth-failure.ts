import { APIError } from "better-auth/api";
import { Refusal } from "../lib/refusal.ts";

/** An account action refused: its message is for the user, its status for the response. */
export class AuthFailure extends Refusal {
  override name = "AuthFailure";
}

/** Runs one better-auth call, turning its refusal into an AuthFailure with its message (or `fallback`). */
export async function refusalsAsAuthFailure<T>(work: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof APIError) throw new AuthFailure(error.body?.message ?? fallback, error.statusCode);
    throw error;
  }
}
