import type { Database } from "../db/client.ts";
import { type Auth, EMAIL_CONFIRMED_PATH } from "./auth.ts";
import { recordAuthEvent } from "./auth-events.ts";
import { AuthFailure, refusalsAsAuthFailure, requireSession } from "./auth-failure.ts";
import { type AccountLimits, countAttempt } from "./credentials.ts";
import { forgetEmailChangeLinks } from "./email-change-links.ts";
import { accountHasPassword, PASSWORD_NEEDED, RECENT_SIGN_IN_MS, SIGN_IN_AGAIN } from "./second-factor-settings.ts";

// Changes a signed-in user makes to their own account. better-auth finds the user from the
// session cookie in `headers`, so nobody can reach another user's account through these.

export function updateProfileName(auth: Auth, headers: Headers, name: string) {
  return refusalsAsAuthFailure(
    () => auth.api.updateUser({ body: { name }, headers }),
    "Your profile could not be saved.",
  );
}

/** Changes the password; every other session of the account is signed out, and any email-change link dies. */
export async function changePassword(
  db: Database,
  {
    auth,
    headers,
    currentPassword,
    newPassword,
  }: { auth: Auth; headers: Headers; currentPassword: string; newPassword: string },
) {
  const result = await refusalsAsAuthFailure(
    () =>
      auth.api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers,
        returnHeaders: true,
      }),
    "Your password could not be changed.",
  );
  await recordAuthEvent(db, { userId: result.response.user.id, type: "password_changed" });
  await forgetEmailChangeLinks(db, result.response.user.id);
  return result;
}

interface EmailContext {
  db: Database;
  auth: Auth;
  limits: AccountLimits;
  headers: Headers;
}

/**
 * Asks for the account's address to become `newEmail`: a confirmation link goes to the new
 * address, and the change happens when it is opened. An address that already belongs to
 * another account gets the same answer and no email, so the form cannot reveal who has an account.
 * Either way the account's earlier email-change link stops working.
 */
export async function requestEmailChange({ db, auth, limits, headers }: EmailContext, newEmail: string): Promise<void> {
  const current = await requireSession(auth, headers);
  if (current.user.email === newEmail) throw new AuthFailure("That is already your email address.", "invalid");
  await countAttempt(limits.confirmationEmailsPerAccount, current.user.id);
  await forgetEmailChangeLinks(db, current.user.id);
  await refusalsAsAuthFailure(
    () => auth.api.changeEmail({ body: { newEmail, callbackURL: EMAIL_CONFIRMED_PATH }, headers }),
    "Your email address could not be changed.",
  );
  await recordAuthEvent(db, { userId: current.user.id, type: "email_change_requested" });
}

/** Sends a new link that confirms the signed-in user's current address. */
export async function resendEmailConfirmation({ auth, limits, headers }: EmailContext): Promise<void> {
  const current = await requireSession(auth, headers);
  if (current.user.emailVerified) throw new AuthFailure("Your email address is already confirmed.", "invalid");
  await countAttempt(limits.confirmationEmailsPerAccount, current.user.id);
  await refusalsAsAuthFailure(
    () =>
      auth.api.sendVerificationEmail({
        body: { email: current.user.email, callbackURL: EMAIL_CONFIRMED_PATH },
        headers,
      }),
    "The confirmation link could not be sent.",
  );
}

export interface SessionSummary {
  id: string;
  current: boolean;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
}

/** The signed-in user's own sessions, without their tokens. */
export async function listOwnSessions(auth: Auth, headers: Headers): Promise<SessionSummary[]> {
  const [current, sessions] = await Promise.all([
    auth.api.getSession({ headers }),
    refusalsAsAuthFailure(() => auth.api.listSessions({ headers }), "Your sessions could not be listed."),
  ]);
  return sessions
    .map((session) => ({
      id: session.id,
      current: session.id === current?.session.id,
      ipAddress: session.ipAddress ?? null,
      userAgent: session.userAgent ?? null,
      createdAt: new Date(session.createdAt),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt.getTime() - a.createdAt.getTime());
}

/** Signs out every session of the user but this one. */
export async function revokeOtherSessions(db: Database, auth: Auth, headers: Headers): Promise<void> {
  const current = await requireSession(auth, headers);
  await refusalsAsAuthFailure(
    () => auth.api.revokeOtherSessions({ headers }),
    "Your other sessions could not be signed out.",
  );
  await recordAuthEvent(db, { userId: current.user.id, type: "sessions_revoked" });
}

/** Deletes the signed-in user's account after checking the password; returns the headers that end the session. */
export async function deleteOwnAccount(auth: Auth, headers: Headers, password: string) {
  const { headers: responseHeaders } = await refusalsAsAuthFailure(
    () => auth.api.deleteUser({ body: { password }, headers, returnHeaders: true }),
    "Your account could not be deleted.",
  );
  return responseHeaders;
}

/**
 * Deletes the account of someone who signs in with Google alone, who has no password to give: a
 * sign-in within the last day proves them instead, as for their second factors
 * (second-factor-settings.ts). An account with a password must give it (deleteOwnAccount).
 */
export async function deleteOwnAccountWithoutPassword(db: Database, auth: Auth, headers: Headers) {
  const current = await requireSession(auth, headers);
  if (await accountHasPassword(db, current.user.id)) throw new AuthFailure(PASSWORD_NEEDED, "invalid");
  if (Date.now() - new Date(current.session.createdAt).getTime() > RECENT_SIGN_IN_MS) {
    throw new AuthFailure(SIGN_IN_AGAIN, "forbidden");
  }
  const { headers: responseHeaders } = await refusalsAsAuthFailure(
    () => auth.api.deleteUser({ body: {}, headers, returnHeaders: true }),
    "Your account could not be deleted.",
  );
  return responseHeaders;
}
