import crypto from "node:crypto";
import { APIError } from "better-auth/api";
import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import { AUTHENTICATOR_CODE } from "../../shared/second-factor-schema.ts";
import type { Database } from "../db/client.ts";
import { account, passkey, verification } from "../db/schema.ts";
import type { Mailer } from "../email/mailer.ts";
import { type SecondFactorChange, secondFactorChangedEmail } from "../email/second-factor-emails.ts";
import { Refusal } from "../lib/refusal.ts";
import type { Auth } from "./auth.ts";
import { recordAuthEvent } from "./auth-events.ts";
import { AuthFailure, refusalsAsAuthFailure, requireSession } from "./auth-failure.ts";
import { type AccountLimits, countAttempt } from "./credentials.ts";
import { isSharedDemoAccount } from "./shared-demo-accounts.ts";
import { isOwnTotpUri, type TotpSetup, totpSetup } from "./totp-setup.ts";

// Settings' two-factor sign-in and passkeys: turning two-factor on (the password again, a QR code,
// a first code, then the backup codes once) and off (the password and a code), new backup codes,
// adding and removing passkeys. Each change is emailed to the account and recorded in its
// activity. better-auth finds the account from the session cookie in `headers`; its endpoints are
// reached only through these functions (server/http/auth-endpoints.ts), which ask the password
// again and count attempts. docs/decisions/055-two-factor-and-passkeys.md says why.

export interface SecondFactorContext {
  db: Database;
  auth: Auth;
  limits: AccountLimits;
  /** The request's headers: the session cookie, and the passkey challenge's cookie. */
  headers: Headers;
  /** The queued mailer (server/email/queued-mailer.ts): the notice of each change. */
  mailer: Mailer;
  shop: { shopName: string; publicUrl: string; shopMode: "demo" | "live" };
}

/** The one refusal of every two-factor and passkey change on a shared demo account (403). */
export const DEMO_ACCOUNT_NO_SECOND_FACTOR =
  "This is a shared demo account: everyone who tries the demo signs in to it, so it cannot turn on two-factor sign-in or add passkeys (that would lock the others out). Create your own account to try these.";
export const PASSWORD_NEEDED = "Please enter your password.";
export const WRONG_PASSWORD = "That password is not right. Please try again.";
export const SIGN_IN_AGAIN =
  "For your security, please sign out and sign in again, then make this change within a day of signing in.";
export const WRONG_SETTINGS_CODE =
  "That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your backup codes.";
/** A wrong first code, while turning it on: there are no backup codes yet. */
export const WRONG_SETUP_CODE =
  "That code is not right. Enter the 6-digit code your authenticator app shows now for this shop.";
const TWO_FACTOR_NOT_STARTED = "Please start again: turn on two-factor sign-in with your password.";

/** How recent the session of an account without a password must be for these changes (better-auth's freshAge). */
export const RECENT_SIGN_IN_MS = 24 * 3600_000;
/** How long the page after confirming may show the new backup codes (see backupCodesToShow). */
const SHOW_CODES_MINUTES = 10;

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: Date | null;
  /** Synced by its provider to the owner's other devices (a passkey manager), or kept on one device. */
  synced: boolean;
}

export interface SecondFactorStatus {
  twoFactorOn: boolean;
  /** Backup codes not used yet (each works once); null while two-factor sign-in is off. */
  backupCodesLeft: number | null;
  passkeys: PasskeySummary[];
  /** Whether the account has a password (asked again before a change) or signs in with Google alone. */
  hasPassword: boolean;
  /** A shared demo account, which may change none of this. */
  demoLocked: boolean;
}

/** What Settings shows of the signed-in account's second factors. */
export async function secondFactorStatus(context: SecondFactorContext): Promise<SecondFactorStatus> {
  const { user } = await requireSession(context.auth, context.headers);
  const twoFactorOn = user.twoFactorEnabled === true;
  const [passkeys, hasPassword, codes] = await Promise.all([
    listPasskeys(context.db, user.id),
    accountHasPassword(context.db, user.id),
    twoFactorOn ? context.auth.api.viewBackupCodes({ body: { userId: user.id } }) : null,
  ]);
  return {
    twoFactorOn,
    backupCodesLeft: codes ? codes.backupCodes.length : null,
    passkeys,
    hasPassword,
    demoLocked: isSharedDemoAccount(context.shop.shopMode, user),
  };
}

function listPasskeys(db: Database, userId: string): Promise<PasskeySummary[]> {
  return db
    .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, deviceType: passkey.deviceType })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(asc(passkey.createdAt), asc(passkey.id))
    .then((rows) =>
      rows.map((row) => ({
        id: row.id,
        name: row.name || "Passkey",
        createdAt: row.createdAt,
        synced: row.deviceType === "multiDevice",
      })),
    );
}

/** Whether the account signs in with a password (else with Google alone). */
export async function accountHasPassword(db: Database, userId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)));
  return Boolean(found);
}

type Session = Awaited<ReturnType<typeof requireSession>>;

/**
 * The signed-in account, allowed to change how it signs in: not a shared demo account, and its
 * owner proven again: the password for an account that has one (attempts counted per account), a
 * session from the last day for one that signs in with Google alone.
 */
async function confirmOwner(context: SecondFactorContext, password: string | undefined): Promise<Session> {
  const current = await requireOwnAccount(context);
  if (await accountHasPassword(context.db, current.user.id)) {
    if (!password) throw new AuthFailure(PASSWORD_NEEDED, "invalid");
    await countAttempt(context.limits.ownerChecksPerAccount, current.user.id);
    try {
      await context.auth.api.verifyPassword({ body: { password }, headers: context.headers });
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      const wrong = error.body?.code === "INVALID_PASSWORD";
      throw new AuthFailure(wrong ? WRONG_PASSWORD : (error.body?.message ?? WRONG_PASSWORD), "invalid");
    }
  } else if (Date.now() - new Date(current.session.createdAt).getTime() > RECENT_SIGN_IN_MS) {
    throw new AuthFailure(SIGN_IN_AGAIN, "forbidden");
  }
  return current;
}

/** Refuses a shared demo account (403): the changes that need no password (removing a passkey). */
async function requireOwnAccount(context: SecondFactorContext): Promise<Session> {
  const current = await requireSession(context.auth, context.headers);
  if (isSharedDemoAccount(context.shop.shopMode, current.user)) {
    throw new Refusal(DEMO_ACCOUNT_NO_SECOND_FACTOR, "forbidden");
  }
  return current;
}

async function tellOwner(context: SecondFactorContext, owner: Session["user"], change: SecondFactorChange) {
  const { shopName, publicUrl } = context.shop;
  await context.mailer.send(
    secondFactorChangedEmail({
      to: owner.email,
      name: owner.name,
      shopName,
      change,
      resetUrl: `${publicUrl}/account/forgot-password`,
      contactUrl: `${publicUrl}/contact`,
    }),
  );
}

/**
 * Signs out the account's other sessions once it has its first second factor: a session that a
 * stolen password opened before then would otherwise keep passing the guard (second-factor.ts).
 * `headers` are those of this device's session (after a change that replaced it, the new one's).
 */
async function signOutOtherSessions(auth: Auth, headers: Headers) {
  await refusalsAsAuthFailure(
    () => auth.api.revokeOtherSessions({ headers }),
    "Your other sessions could not be signed out.",
  );
}

/** The request headers of the session that `responseHeaders` set (a change that replaced the session). */
function sessionOf(responseHeaders: Headers, request: Headers): Headers {
  const cookies = new Map(
    (request.get("cookie") ?? "")
      .split(";")
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair] as const),
  );
  for (const set of responseHeaders.getSetCookie()) {
    const pair = set.split(";")[0]!;
    cookies.set(pair.split("=")[0]!, pair);
  }
  const headers = new Headers(request);
  headers.set("cookie", [...cookies.values()].join("; "));
  return headers;
}

// Two-factor sign-in ------------------------------------------------------------------------------

/**
 * The first step of turning two-factor sign-in on: after the password, a new secret (kept, not yet
 * in force) to scan as a QR code or type into an authenticator app. Starting again replaces it.
 */
export async function startTwoFactor(context: SecondFactorContext, password: string | undefined): Promise<TotpSetup> {
  const { user } = await confirmOwner(context, password);
  if (user.twoFactorEnabled) throw new AuthFailure("Two-factor sign-in is already on.", "conflict");
  const enabled = await refusalsAsAuthFailure(
    () => context.auth.api.enableTwoFactor({ body: { password, method: "totp" }, headers: context.headers }),
    "Two-factor sign-in could not be turned on.",
  );
  if (!("totpURI" in enabled)) throw new Error("better-auth gave no TOTP address");
  return totpSetup(enabled.totpURI);
}

/** A wrong first code, with the setup it was for shown again (the form sends it back). */
export class WrongSetupCode extends AuthFailure {
  override name = "WrongSetupCode";
  readonly setup: TotpSetup | undefined;
  constructor(message: string, setup: TotpSetup | undefined) {
    super(message, "invalid");
    this.setup = setup;
  }
}

/**
 * The second step: the app's first code proves it was set up, and two-factor sign-in is on. Other
 * sessions are signed out. better-auth replaces this device's session: the answer's headers carry
 * the new cookie. `showCodes` lets the next page show the backup codes once (backupCodesToShow).
 */
export async function confirmTwoFactor(
  context: SecondFactorContext,
  { code, uri }: { code: string; uri?: string },
): Promise<{ headers: Headers; showCodes: string }> {
  const { user } = await requireOwnAccount(context);
  if (user.twoFactorEnabled) throw new AuthFailure("Two-factor sign-in is already on.", "conflict");
  const setup = uri && isOwnTotpUri(uri, user.email) ? totpSetup(uri) : undefined;
  await countAttempt(context.limits.settingsCodesPerAccount, user.id);
  let headers: Headers;
  try {
    ({ headers } = await context.auth.api.verifyTOTP({
      body: { code },
      headers: context.headers,
      returnHeaders: true,
    }));
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    if (error.body?.code === "TOTP_NOT_ENABLED") throw new AuthFailure(TWO_FACTOR_NOT_STARTED, "conflict");
    throw new WrongSetupCode(WRONG_SETUP_CODE, setup);
  }
  const newSession = sessionOf(headers, context.headers);
  await signOutOtherSessions(context.auth, newSession);
  await recordAuthEvent(context.db, { userId: user.id, type: "two_factor_enabled" });
  await tellOwner(context, user, { kind: "two-factor-on" });
  return { headers, showCodes: await rememberCodesShowing(context.db, user.id) };
}

/** The setup that `uri` (sent back by the confirm form) shows again, when it is this account's; else none. */
export async function setupToShowAgain(context: SecondFactorContext, uri: string): Promise<TotpSetup | undefined> {
  const { user } = await requireSession(context.auth, context.headers);
  return isOwnTotpUri(uri, user.email) ? totpSetup(uri) : undefined;
}

/** Turns two-factor sign-in off, given the password and a code; its backup codes die with it. */
export async function turnOffTwoFactor(
  context: SecondFactorContext,
  { password, code }: { password: string | undefined; code: string },
): Promise<{ headers: Headers }> {
  const { user } = await confirmOwner(context, password);
  if (!user.twoFactorEnabled) throw new AuthFailure("Two-factor sign-in is already off.", "conflict");
  await checkCode(context, user.id, code);
  const { headers } = await refusalsAsAuthFailure(
    () => context.auth.api.disableTwoFactor({ body: { password }, headers: context.headers, returnHeaders: true }),
    "Two-factor sign-in could not be turned off.",
  );
  await recordAuthEvent(context.db, { userId: user.id, type: "two_factor_disabled" });
  await tellOwner(context, user, { kind: "two-factor-off" });
  return { headers };
}

/** A code typed in Settings: the app's, or a backup code (which it uses up). Counted per account. */
async function checkCode(context: SecondFactorContext, userId: string, code: string) {
  await countAttempt(context.limits.settingsCodesPerAccount, userId);
  try {
    if (AUTHENTICATOR_CODE.test(code)) {
      await context.auth.api.verifyTOTP({ body: { code }, headers: context.headers });
    } else {
      await context.auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers: context.headers });
    }
  } catch (error) {
    if (error instanceof APIError) throw new AuthFailure(WRONG_SETTINGS_CODE, "invalid");
    throw error;
  }
}

/** New backup codes, after the password: the earlier ones stop working. Shown once, by the caller. */
export async function remakeBackupCodes(context: SecondFactorContext, password: string | undefined): Promise<string[]> {
  const { user } = await confirmOwner(context, password);
  if (!user.twoFactorEnabled) throw new AuthFailure("Turn on two-factor sign-in first.", "conflict");
  const { backupCodes } = await refusalsAsAuthFailure(
    () => context.auth.api.generateBackupCodes({ body: { password }, headers: context.headers }),
    "New backup codes could not be made.",
  );
  await recordAuthEvent(context.db, { userId: user.id, type: "backup_codes_regenerated" });
  await tellOwner(context, user, { kind: "backup-codes" });
  return backupCodes;
}

const SHOW_CODES_PREFIX = "show-backup-codes:";

/**
 * Turning two-factor on replaces the session, so its page is a redirect (a page rendered with the
 * old cookie would sign the visitor out): the new backup codes are shown by the page it goes to,
 * once, through this single-use token in its address.
 */
async function rememberCodesShowing(db: Database, userId: string): Promise<string> {
  const token = crypto.randomBytes(24).toString("base64url");
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: `${SHOW_CODES_PREFIX}${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + SHOW_CODES_MINUTES * 60_000),
  });
  return token;
}

/** The backup codes that `token` (from confirmTwoFactor) shows, once, to its account; null after that. */
export async function backupCodesToShow(
  context: Pick<SecondFactorContext, "db" | "auth" | "headers">,
  token: string,
): Promise<string[] | null> {
  const { user } = await requireSession(context.auth, context.headers);
  const [used] = await context.db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, `${SHOW_CODES_PREFIX}${token}`),
        eq(verification.value, user.id),
        gt(verification.expiresAt, new Date()),
      ),
    )
    .returning({ id: verification.id });
  if (!used || !user.twoFactorEnabled) return null;
  const { backupCodes } = await context.auth.api.viewBackupCodes({ body: { userId: user.id } });
  return backupCodes;
}

// Passkeys ------------------------------------------------------------------------------------------

/**
 * What the browser needs to make a passkey for this account (WebAuthn's creation options), after
 * the password; the answer's headers carry the challenge's cookie, which verifying it needs.
 */
export async function passkeyRegistrationOptions(context: SecondFactorContext, password: string | undefined) {
  await confirmOwner(context, password);
  const { headers, response } = await refusalsAsAuthFailure(
    () => context.auth.api.generatePasskeyRegistrationOptions({ headers: context.headers, returnHeaders: true }),
    "A passkey could not be added. Please try again.",
  );
  return { headers, options: response };
}

export const PASSKEY_NOT_ADDED =
  "Your browser's passkey could not be added. Please try again, or use another passkey or device.";

/** Keeps the passkey the browser made, under `name`; the first one signs out the other sessions. */
export async function addPasskey(
  context: SecondFactorContext,
  { name, response }: { name: string; response: unknown },
): Promise<PasskeySummary> {
  const { user } = await requireOwnAccount(context);
  const hadOne = (await listPasskeys(context.db, user.id)).length > 0;
  let added: { id: string };
  try {
    added = await context.auth.api.verifyPasskeyRegistration({ body: { response, name }, headers: context.headers });
  } catch (error) {
    if (error instanceof APIError) throw new AuthFailure(PASSKEY_NOT_ADDED, "invalid");
    throw error;
  }
  if (!hadOne && !user.twoFactorEnabled) await signOutOtherSessions(context.auth, context.headers);
  await recordAuthEvent(context.db, { userId: user.id, type: "passkey_added" });
  await tellOwner(context, user, { kind: "passkey-added", passkeyName: name });
  const summary = (await listPasskeys(context.db, user.id)).find((each) => each.id === added.id);
  if (!summary) throw new Error("The new passkey was not kept");
  return summary;
}

/** Removes one of the account's passkeys (no other account's: better-auth checks the owner). */
export async function removePasskey(context: SecondFactorContext, passkeyId: string): Promise<void> {
  const { user } = await requireOwnAccount(context);
  const removed = (await listPasskeys(context.db, user.id)).find((each) => each.id === passkeyId);
  if (!removed) throw new AuthFailure("That passkey is not one of yours, or it was already removed.", "not-found");
  await refusalsAsAuthFailure(
    () => context.auth.api.deletePasskey({ body: { id: passkeyId }, headers: context.headers }),
    "The passkey could not be removed.",
  );
  await recordAuthEvent(context.db, { userId: user.id, type: "passkey_removed" });
  await tellOwner(context, user, { kind: "passkey-removed", passkeyName: removed.name });
}
