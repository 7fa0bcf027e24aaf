import { APIError } from "better-auth/api";
import type { Auth } from "./auth.ts";
import { AuthFailure } from "./auth-failure.ts";
import { type AccountLimits, countAttempt } from "./credentials.ts";

export const RESET_REQUESTED =
  "If an account uses that email, we sent it a link to choose a new password. Check your inbox.";

/**
 * Emails a one-time reset link, if the address belongs to an account. The answer is the same
 * either way, so the form cannot be used to find out who has an account.
 */
export async function requestPasswordReset(
  context: { auth: Auth; limits: AccountLimits; headers: Headers; clientAddress: string },
  email: string,
): Promise<string> {
  await countAttempt(context.limits.resetEmailsPerAccount, email);
  await context.auth.api.requestPasswordReset({
    body: { email, redirectTo: "/account/reset-password" },
    headers: context.headers,
  });
  return RESET_REQUESTED;
}

/** Sets a new password with the link's token; the token works once, and every session ends. */
export async function resetPassword(auth: Auth, token: string, newPassword: string): Promise<void> {
  try {
    await auth.api.resetPassword({ body: { token, newPassword } });
  } catch (error) {
    if (error instanceof APIError) {
      throw new AuthFailure("This reset link has expired or was already used. Please ask for a new one.", "invalid");
    }
    throw error;
  }
}
