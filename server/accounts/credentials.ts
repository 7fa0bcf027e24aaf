import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { SignInInput, SignUpInput } from "../../shared/account-credentials-schema.ts";
import { AUTHENTICATOR_CODE } from "../../shared/second-factor-schema.ts";
import type { Database } from "../db/client.ts";
import { user } from "../db/schema.ts";
import { PostgresRateLimitStore } from "../http/rate-limit-store.ts";
import { type RefusalKind, refusalKindOf } from "../lib/refusal.ts";
import { type Auth, EMAIL_CONFIRMED_PATH } from "./auth.ts";
import { recordAuthEvent } from "./auth-events.ts";
import { AuthFailure, refusalsAsAuthFailure } from "./auth-failure.ts";
import { signInDelayMs, sleep } from "./sign-in-slowdown.ts";

// Signing in, signing up and out with email and password. Sign-in and sign-out return the
// response headers (the session cookie) for the caller to send. Attempts are limited per client
// address and per account and address, and slowed down per account, with counters in PostgreSQL
// so every app server shares them. No limit counts an account's failures alone: that would let
// anyone lock its owner out.

export interface SignedInUser {
  id: string;
  name: string;
  email: string;
}

interface Limit {
  store: PostgresRateLimitStore;
  windowMs: number;
  max: number;
  message: string;
}

function limit(db: Database, prefix: string, windowMs: number, max: number, message: string): Limit {
  return { store: new PostgresRateLimitStore(db, prefix, windowMs), windowMs, max, message };
}

const SIGN_IN_WINDOW_MS = 15 * 60_000;

/** `wait` is how the sign-in slowdown waits (tests record the delays instead of waiting). */
export function accountLimits(db: Database, options: { wait?: (ms: number) => Promise<void> } = {}) {
  const signInMessage = "Too many sign-in attempts. Please wait 15 minutes and try again.";
  return {
    signInPerClient: limit(db, "sign-in-ip", SIGN_IN_WINDOW_MS, 30, signInMessage),
    /** Attempts on one account from one address; a successful sign-in clears them. */
    signInPerAccountAndClient: limit(db, "sign-in-pair", SIGN_IN_WINDOW_MS, 10, signInMessage),
    /** Failures on one account from any address: they slow down every attempt on it (sign-in-slowdown.ts). */
    signInSlowdown: {
      failures: new PostgresRateLimitStore(db, "sign-in-failures", SIGN_IN_WINDOW_MS),
      wait: options.wait ?? sleep,
    },
    /** The sign-in's second step (a code after the password), per client address. */
    secondStepPerClient: limit(db, "second-step-ip", SIGN_IN_WINDOW_MS, 30, signInMessage),
    /** Passkey sign-ins, per client address. */
    passkeySignInPerClient: limit(db, "passkey-ip", SIGN_IN_WINDOW_MS, 30, signInMessage),
    /** The password asked again before a change to how an account signs in (second-factor-settings.ts). */
    ownerChecksPerAccount: limit(
      db,
      "owner-check",
      SIGN_IN_WINDOW_MS,
      10,
      "Too many attempts with your password. Please wait 15 minutes and try again.",
    ),
    /** Codes typed in Settings (turning two-factor sign-in on or off), per account. */
    settingsCodesPerAccount: limit(
      db,
      "settings-code",
      SIGN_IN_WINDOW_MS,
      10,
      "Too many codes tried. Please wait 15 minutes and try again.",
    ),
    signUpPerClient: limit(
      db,
      "sign-up-ip",
      60 * 60_000,
      10,
      "Too many new accounts from your network. Please try again in an hour.",
    ),
    resetEmailsPerAccount: limit(
      db,
      "reset-account",
      60 * 60_000,
      3,
      "Too many reset emails for this address. Please try again in an hour.",
    ),
    confirmationEmailsPerAccount: limit(
      db,
      "confirm-email-account",
      60 * 60_000,
      3,
      "Too many confirmation emails. Please try again in an hour.",
    ),
  };
}
export type AccountLimits = ReturnType<typeof accountLimits>;

/** Counts one attempt against `limit`; past the limit, an AuthFailure with its message. */
export async function countAttempt(limit: Limit, key: string) {
  const { totalHits } = await limit.store.increment(key);
  if (totalHits > limit.max) throw new AuthFailure(limit.message, "rate-limited");
}

export interface AuthContext {
  db: Database;
  auth: Auth;
  limits: AccountLimits;
  /** The request's headers: better-auth reads the session cookie and the client address from them. */
  headers: Headers;
  clientAddress: string;
}

export const EMAIL_NOT_CONFIRMED =
  "Please confirm your email address first: we sent you a new link. Open it to sign in.";
export const EMAIL_NOT_CONFIRMED_NO_NEW_LINK =
  "Please confirm your email address first with the link we sent you, then sign in.";

/**
 * What a password sign-in comes to: signed in, or (two-factor sign-in on) asked for a code. Either
 * way `headers` are for the browser: the session cookie, or the cookie of the second step.
 */
export type SignInOutcome = { headers: Headers; user: SignedInUser } | { headers: Headers; secondStep: true };

export async function signIn(context: AuthContext, input: SignInInput): Promise<SignInOutcome> {
  const { limits } = context;
  const pair = `${context.clientAddress} ${input.email}`;
  await countAttempt(limits.signInPerClient, context.clientAddress);
  await countAttempt(limits.signInPerAccountAndClient, pair);
  // Before the password is checked, so that the right one and a wrong one wait alike.
  const failures = (await limits.signInSlowdown.failures.get(input.email))?.totalHits ?? 0;
  await limits.signInSlowdown.wait(signInDelayMs(failures));
  try {
    const { headers, response } = await context.auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: context.headers,
      returnHeaders: true,
    });
    await limits.signInPerAccountAndClient.store.resetKey(pair);
    // The password was right; with two-factor sign-in on, better-auth answers this instead of a
    // session, and its cookie names the account for the second step (SECOND_STEP_SECONDS).
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) return { headers, secondStep: true };
    return { headers, user: pick(response.user) };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    if (error.body?.code === "EMAIL_NOT_VERIFIED") {
      // The password was right: only the account's owner (or whoever knows it) learns this.
      await limits.signInPerAccountAndClient.store.resetKey(pair);
      throw await sendFreshConfirmation(context, input.email);
    }
    if (error.statusCode === 401) await limits.signInSlowdown.failures.increment(input.email);
    throw new AuthFailure(
      error.body?.message ?? "Please check your credentials and try again.",
      refusalKindOf(error.statusCode),
    );
  }
}

export const WRONG_CODE =
  "That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your backup codes.";
export const SECOND_STEP_EXPIRED = "Your sign-in took too long. Please enter your email and password again.";
export const TOO_MANY_CODES = "Too many wrong codes. Please enter your email and password again.";
export const ACCOUNT_LOCKED = "Too many wrong codes for this account. Please wait 15 minutes and try again.";

/** A refused code at the sign-in's second step; `askAgain`: the step goes on (else back to the password). */
export class SecondStepFailure extends AuthFailure {
  override name = "SecondStepFailure";
  readonly askAgain: boolean;
  constructor(message: string, kind: RefusalKind, askAgain: boolean) {
    super(message, kind);
    this.askAgain = askAgain;
  }
}

/**
 * The second step of signing in to an account with two-factor sign-in on: a code from its
 * authenticator app, or one of its backup codes (used up). The second-step cookie in `headers` names
 * the account. Attempts are counted per client address here; better-auth allows 5 per password step
 * and locks the account's second step for 15 minutes after 10 wrong codes in a row.
 */
export async function verifySecondStep(context: AuthContext, code: string) {
  await countAttempt(context.limits.secondStepPerClient, context.clientAddress);
  const request = { body: { code }, headers: context.headers, returnHeaders: true } as const;
  try {
    const { headers, response } = AUTHENTICATOR_CODE.test(code)
      ? await context.auth.api.verifyTOTP(request)
      : await context.auth.api.verifyBackupCode(request);
    return { headers, user: pick(response.user) };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    switch (error.body?.code) {
      case "INVALID_CODE":
      case "INVALID_BACKUP_CODE":
        throw new SecondStepFailure(WRONG_CODE, "invalid", true);
      case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
        throw new SecondStepFailure(TOO_MANY_CODES, "rate-limited", false);
      case "ACCOUNT_TEMPORARILY_LOCKED":
        throw new SecondStepFailure(ACCOUNT_LOCKED, "rate-limited", false);
      default:
        // No second step under way (its cookie missing or past its 10 minutes), or two-factor
        // sign-in turned off meanwhile: start again.
        throw new SecondStepFailure(SECOND_STEP_EXPIRED, "gone", false);
    }
  }
}

/** What the browser's WebAuthn gave for a passkey (its AuthenticationResponseJSON). */
export type PasskeyAssertion = NonNullable<
  Parameters<Auth["api"]["verifyPasskeyAuthentication"]>[0]
>["body"]["response"];

export const PASSKEY_SIGN_IN_FAILED =
  "Your passkey could not sign you in. Please try again, or sign in with your email and password.";

/**
 * What the browser needs to ask for a passkey (WebAuthn's request options); the answer's headers
 * carry the challenge's cookie, which signInWithPasskey needs.
 */
export async function passkeySignInOptions(context: AuthContext) {
  await countAttempt(context.limits.passkeySignInPerClient, context.clientAddress);
  const { headers, response } = await refusalsAsAuthFailure(
    () => context.auth.api.generatePasskeyAuthenticationOptions({ headers: context.headers, returnHeaders: true }),
    PASSKEY_SIGN_IN_FAILED,
  );
  return { headers, options: response };
}

/** Signs in with the passkey the browser gave (WebAuthn's assertion): a passkey is both factors. */
export async function signInWithPasskey(context: AuthContext, response: PasskeyAssertion) {
  await countAttempt(context.limits.passkeySignInPerClient, context.clientAddress);
  try {
    const { headers, response: result } = await context.auth.api.verifyPasskeyAuthentication({
      body: { response },
      headers: context.headers,
      returnHeaders: true,
    });
    return { headers, user: pick(result.user) };
  } catch (error) {
    if (error instanceof APIError) throw new AuthFailure(PASSKEY_SIGN_IN_FAILED, "unauthenticated");
    throw error;
  }
}

/** Sends a new confirmation link to an unconfirmed account, within its limit; answers the refusal to show. */
async function sendFreshConfirmation(context: AuthContext, email: string): Promise<AuthFailure> {
  const [account] = await context.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!account) return new AuthFailure(EMAIL_NOT_CONFIRMED_NO_NEW_LINK, "forbidden");
  const { totalHits } = await context.limits.confirmationEmailsPerAccount.store.increment(account.id);
  if (totalHits > context.limits.confirmationEmailsPerAccount.max) {
    return new AuthFailure(EMAIL_NOT_CONFIRMED_NO_NEW_LINK, "forbidden");
  }
  // No session headers: better-auth would compare a signed-in visitor's address with this one.
  await context.auth.api.sendVerificationEmail({ body: { email, callbackURL: EMAIL_CONFIRMED_PATH } });
  return new AuthFailure(EMAIL_NOT_CONFIRMED, "forbidden");
}

/**
 * Registers a password account, which can sign in once its address is confirmed by the emailed
 * link (opening it signs in). An address that already has an account gets the same answer; its
 * owner is told by email (auth.ts, onExistingUserSignUp). So the answer reveals no account.
 */
export async function signUp(context: AuthContext, input: SignUpInput) {
  await countAttempt(context.limits.signUpPerClient, context.clientAddress);
  const response = await refusalsAsAuthFailure(
    () =>
      context.auth.api.signUpEmail({
        body: { name: input.name, email: input.email, password: input.password, callbackURL: EMAIL_CONFIRMED_PATH },
        headers: context.headers,
      }),
    "Please try again.",
  );
  // For a taken address, better-auth answers a made-up user with a fresh id.
  return { user: pick(response.user) };
}

export async function signOut(context: Pick<AuthContext, "db" | "auth" | "headers">) {
  const current = await context.auth.api.getSession({ headers: context.headers });
  const { headers } = await refusalsAsAuthFailure(
    () => context.auth.api.signOut({ headers: context.headers, returnHeaders: true }),
    "Please try again.",
  );
  if (current) {
    await recordAuthEvent(context.db, {
      userId: current.user.id,
      type: "signed_out",
      ipAddress: current.session.ipAddress,
      userAgent: current.session.userAgent,
    });
  }
  return { headers };
}

function pick(user: SignedInUser): SignedInUser {
  return { id: user.id, name: user.name, email: user.email };
}
