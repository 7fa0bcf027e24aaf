import { APIError } from "better-auth/api";

/** A refusal to show the user: its message is for them, its status for the response. */
export class AuthFailure extends Error {
  override name = "AuthFailure";
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
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
