import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { passkey, user } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";

// The guard of what is worth stealing an account for: the admin console, and a seller's payout
// account (who gets paid). An account passes once it has a second factor: two-factor sign-in on
// (an authenticator app's codes, confirmed once) or at least one passkey, so that a password
// alone no longer signs anyone in to it. docs/decisions/055-two-factor-and-passkeys.md.

/** Where an account turns on two-factor sign-in and adds passkeys: the refusal links there. */
export const SECOND_FACTOR_SETTINGS = "/account/settings#two-factor";

/** Whether the account has two-factor sign-in on or at least one passkey. */
export async function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  const [[account], [key]] = await Promise.all([
    db.select({ twoFactorEnabled: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)),
    db.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, userId)).limit(1),
  ]);
  return Boolean(account && (account.twoFactorEnabled || key));
}

/**
 * Refuses (403, with a link to Settings) an account without a second factor. `before` says what
 * it is for, to end the sentence: "you use the admin console", "you connect or change a payout account".
 *
 *     await assertSecondFactor(db, user.id, "you connect or change a payout account");
 */
export async function assertSecondFactor(db: Database, userId: string, before: string): Promise<void> {
  if (await hasSecondFactor(db, userId)) return;
  throw new Refusal(`Turn on two-factor sign-in or add a passkey in Settings before ${before}.`, "forbidden", {
    link: { label: "Open Settings", to: SECOND_FACTOR_SETTINGS },
  });
}
