import type { Database } from "../db/client.ts";
import { existingAccountSignUpEmail } from "../email/account-emails.ts";
import type { Mailer } from "../email/mailer.ts";
import { PostgresRateLimitStore } from "../http/rate-limit-store.ts";

/** At most this many "someone tried to sign up" emails to one address an hour. */
export const SIGN_UP_NOTICES_PER_HOUR = 3;

/**
 * Tells the owner of `email` that someone signed up with it. Past the hourly bound nothing is
 * sent, silently: the sign-up's answer must not change, and the owner has been told already.
 */
export function signUpNotices(db: Database, mailer: Mailer, shop: { publicUrl: string; shopName: string }) {
  const sent = new PostgresRateLimitStore(db, "sign-up-notice", 60 * 60_000);
  return async (email: string) => {
    const { totalHits } = await sent.increment(email.toLowerCase());
    if (totalHits > SIGN_UP_NOTICES_PER_HOUR) return;
    await mailer.send(
      existingAccountSignUpEmail({
        to: email,
        shopName: shop.shopName,
        signInUrl: `${shop.publicUrl}/?signin=required`,
        resetUrl: `${shop.publicUrl}/account/forgot-password`,
      }),
    );
  };
}
