// The per-account slowdown of sign-in. Refusing an account after N failures would let anyone
// lock its owner out (fail N times from N addresses); instead, once an account has had several
// recent failures from any address, every attempt on it waits before its password is checked.
// The wait depends only on the count of failures, never on the password, so an attempt's
// timing says nothing about whether it was right.

/** Failures in the window that cost nothing: an owner who mistypes a few times never waits. */
export const FREE_SIGN_IN_FAILURES = 5;
/** The first wait, doubled with each further failure. */
const FIRST_SIGN_IN_DELAY_MS = 250;
/** The longest wait: long enough to slow a guesser, short enough for the owner. */
export const MAX_SIGN_IN_DELAY_MS = 3_000;

/** How long an attempt waits on an account with `recentFailures` failures in the window. */
export function signInDelayMs(recentFailures: number): number {
  if (!(recentFailures >= FREE_SIGN_IN_FAILURES)) return 0;
  const doublings = Math.min(recentFailures - FREE_SIGN_IN_FAILURES, 16);
  return Math.min(MAX_SIGN_IN_DELAY_MS, FIRST_SIGN_IN_DELAY_MS * 2 ** doublings);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
