import type { Database } from "../db/client.ts";
import { PostgresRateLimitStore } from "../http/rate-limit-store.ts";
import { type Auth, EMAIL_CONFIRMED_PATH } from "./auth.ts";
import { recordAuthEvent } from "./auth-events.ts";
import { AuthFailure, refusalsAsAuthFailure } from "./auth-failure.ts";
import type { SignInInput, SignUpInput } from "./credentials-schema.ts";

// Signing in, signing up and out with email and password. Each returns the response headers
// (the session cookie) for the caller to send. Attempts are limited per client address and
// per account, with counters in PostgreSQL so every app server shares them.

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

export function accountLimits(db: Database) {
  const signInMessage = "Too many sign-in attempts. Please wait 15 minutes and try again.";
  return {
    signInPerClient: limit(db, "sign-in-ip", 15 * 60_000, 30, signInMessage),
    signInPerAccount: limit(db, "sign-in-account", 15 * 60_000, 10, signInMessage),
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
  if (totalHits > limit.max) throw new AuthFailure(limit.message, 429);
}

export interface AuthContext {
  db: Database;
  auth: Auth;
  limits: AccountLimits;
  /** The request's headers: better-auth reads the session cookie and the client address from them. */
  headers: Headers;
  clientAddress: string;
}

export async function signIn(context: AuthContext, input: SignInInput) {
  await countAttempt(context.limits.signInPerClient, context.clientAddress);
  await countAttempt(context.limits.signInPerAccount, input.email);
  const { headers, response } = await refusalsAsAuthFailure(
    () =>
      context.auth.api.signInEmail({
        body: { email: input.email, password: input.password },
        headers: context.headers,
        returnHeaders: true,
      }),
    "Please check your credentials and try again.",
  );
  await context.limits.signInPerAccount.store.resetKey(input.email);
  return { headers, user: pick(response.user) };
}

export async function signUp(context: AuthContext, input: SignUpInput) {
  await countAttempt(context.limits.signUpPerClient, context.clientAddress);
  const { headers, response } = await refusalsAsAuthFailure(
    () =>
      context.auth.api.signUpEmail({
        body: { name: input.name, email: input.email, password: input.password, callbackURL: EMAIL_CONFIRMED_PATH },
        headers: context.headers,
        returnHeaders: true,
      }),
    "Please try again.",
  );
  return { headers, user: pick(response.user) };
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
