import { APIError } from "better-auth/api";
import type { Auth } from "./auth.ts";
import { AuthFailure } from "./credentials.ts";

// Changes a signed-in user makes to their own account. better-auth finds the user from the
// session cookie in `headers`, so nobody can reach another user's account through these.

async function asUser<T>(work: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof APIError) throw new AuthFailure(error.body?.message ?? fallback, error.statusCode);
    throw error;
  }
}

export function updateProfileName(auth: Auth, headers: Headers, name: string) {
  return asUser(() => auth.api.updateUser({ body: { name }, headers }), "Your profile could not be saved.");
}

/** Changes the password; every other session of the account is signed out. */
export function changePassword(auth: Auth, headers: Headers, input: { currentPassword: string; newPassword: string }) {
  return asUser(
    () => auth.api.changePassword({ body: { ...input, revokeOtherSessions: true }, headers, returnHeaders: true }),
    "Your password could not be changed.",
  );
}
