import { passkey as passkeys } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor as twoFactorSignIn } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../shared/account-credentials-schema.ts";
import type { Config } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { account, passkey, rateLimit, session, twoFactor, user, verification } from "../db/schema.ts";
import { confirmEmailAddressEmail, emailChangedNoticeEmail, passwordResetEmail } from "../email/account-emails.ts";
import type { Mailer } from "../email/mailer.ts";
import { claimGuestOrders } from "../orders/claim-guest-orders.ts";
import type { FileStore } from "../storage/file-store.ts";
import { accountDeletedEmail, closeAccountRecords } from "./account-deletion.ts";
import { recordAuthEvent } from "./auth-events.ts";
import { storedAvatarKey } from "./avatar.ts";
import {
  addressTakenByAnother,
  consumeEmailChangeLink,
  forgetEmailChangeLinks,
  readEmailLinkClaims,
  rememberEmailChangeLink,
} from "./email-change-links.ts";
import { signUpNotices } from "./sign-up-notice.ts";

/** Where better-auth's own endpoints live (server/http/auth-endpoints.ts says which a browser may reach). */
export const AUTH_BASE_PATH = "/api/auth";
/** How long a password reset link works (it works once). */
const RESET_LINK_MINUTES = 30;
/** How long a link that confirms an email address works. */
const CONFIRM_EMAIL_LINK_HOURS = 24;
/** Where a confirmation link lands; the page says whether it worked. */
export const EMAIL_CONFIRMED_PATH = "/account/email-confirmed";
/** How long the second step of a sign-in (the code after the password) may wait, in seconds. */
const SECOND_STEP_SECONDS = 10 * 60;

export interface AuthOptions {
  db: Database;
  config: Pick<Config, "publicUrl" | "shopName" | "google">;
  secret: string;
  mailer: Mailer;
  files: FileStore;
}

// Accounts and sessions (better-auth): email and password, sessions in PostgreSQL behind an
// HttpOnly, SameSite=Lax cookie, two-factor sign-in (an authenticator app's codes, backup codes)
// and passkeys, and Google sign-in when it is configured.
export function createAuth({ db, config, secret, mailer, files }: AuthOptions) {
  const noticeExistingAccount = signUpNotices(db, mailer, config);
  /** The stored files of an account being deleted, from its deletion's first step to its last. */
  const filesOfDeleted = new Map<string, string[]>();
  /** Where a refused email link lands, with the code that email-confirmed.tsx explains. */
  const refusedLink = (code: string) => `${EMAIL_CONFIRMED_PATH}?error=${code}`;
  return betterAuth({
    appName: config.shopName,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor, passkey },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // A new account signs in by opening the link emailed to its address, never at sign-up: so
      // a sign-up with a taken address can answer exactly like one with a new address
      // (docs/decisions/016-sign-up-without-account-disclosure.md).
      requireEmailVerification: true,
      autoSignIn: false,
      async onExistingUserSignUp({ user }) {
        await noticeExistingAccount(user.email);
      },
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      async onPasswordReset({ user: reset }) {
        await recordAuthEvent(db, { userId: reset.id, type: "password_recovered" });
        await forgetEmailChangeLinks(db, reset.id);
        // The reset link went to the address, so opening it proves the address: the way in for
        // an owner whose address someone else signed up with first (the password is now theirs).
        if (!reset.emailVerified) await db.update(user).set({ emailVerified: true }).where(eq(user.id, reset.id));
      },
      async sendResetPassword({ user, url }) {
        await mailer.send(
          passwordResetEmail({
            to: user.email,
            name: user.emailVerified ? user.name : null,
            url,
            shopName: config.shopName,
            minutes: RESET_LINK_MINUTES,
          }),
        );
      },
    },
    // A password account's address is confirmed by a link (sent on sign-up, on request and when
    // signing in unconfirmed), so that a Google account with the same verified address can later
    // be linked to it. Opening it signs in (a new account's first sign-in).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: CONFIRM_EMAIL_LINK_HOURS * 3600,
      async sendVerificationEmail({ user, url, token }) {
        const changesAddress = readEmailLinkClaims(token).updateTo !== undefined;
        if (changesAddress) await rememberEmailChangeLink(db, token, CONFIRM_EMAIL_LINK_HOURS * 3600);
        await mailer.send(
          confirmEmailAddressEmail({
            to: user.email,
            url,
            shopName: config.shopName,
            hours: CONFIRM_EMAIL_LINK_HOURS,
            purpose: changesAddress ? "change-address" : "new-account",
          }),
        );
      },
    },
    user: {
      // A new address takes effect only when the link sent to it is opened.
      changeEmail: { enabled: true },
      // Deleting an account needs its password. What the law or other people need stays, detached
      // (a seller's shop, unlinked: creators.user_id); the rest goes (account-deletion.ts).
      deleteUser: {
        enabled: true,
        async beforeDelete(leaving) {
          const files = await db.transaction((tx) => closeAccountRecords(tx, leaving.id, new Date()));
          filesOfDeleted.set(leaving.id, files);
        },
        async afterDelete(deleted) {
          const avatar = storedAvatarKey(deleted.image);
          const stored = [...(avatar ? [avatar] : []), ...(filesOfDeleted.get(deleted.id) ?? [])];
          filesOfDeleted.delete(deleted.id);
          for (const key of new Set(stored)) await files.remove(key);
          await mailer.send(
            accountDeletedEmail({
              to: deleted.email,
              shopName: config.shopName,
              contactUrl: `${config.publicUrl}/contact`,
            }),
          );
        },
      },
      additionalFields: {
        // Set by the platform when a seller application is approved; never from a request.
        isSeller: { type: "boolean", required: false, defaultValue: false, input: false },
        // The platform's staff; given only by the make-admin script.
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [] } },
    databaseHooks: {
      user: {
        create: { after: (created) => recordAuthEvent(db, { userId: created.id, type: "account_created" }) },
        update: {
          // An email-change link, once better-auth has checked its signature and the account:
          // only the account's latest link, once (email-change-links.ts), and only to an address
          // no other account has taken meanwhile. Opening it proves the new address, so it counts
          // as confirmed (better-auth would keep the old address's flag).
          async before(changes, context) {
            if (context?.path !== "/verify-email" || typeof changes.email !== "string") return;
            const token = String(context.query?.token ?? "");
            if (!(await consumeEmailChangeLink(db, token))) throw context.redirect(refusedLink("INVALID_TOKEN"));
            const owner = readEmailLinkClaims(token).userId ?? "";
            if (await addressTakenByAnother(db, changes.email, owner)) {
              throw context.redirect(refusedLink("EMAIL_TAKEN"));
            }
            return { data: { ...changes, emailVerified: true } };
          },
          async after(updated, context) {
            if (context?.path === "/verify-email") {
              await recordAuthEvent(db, { userId: updated.id, type: "email_confirmed" });
              await claimGuestOrders(db, updated);
              // An address change (its link names the old address): the old one is told.
              const link = readEmailLinkClaims(String(context.query?.token ?? ""));
              const previous = link.email;
              if (link.updateTo && previous && previous.toLowerCase() !== updated.email.toLowerCase()) {
                await mailer.send(
                  emailChangedNoticeEmail({
                    to: previous,
                    newAddress: updated.email,
                    shopName: config.shopName,
                    contactUrl: `${config.publicUrl}/contact`,
                  }),
                );
              }
            }
          },
        },
      },
      session: {
        create: {
          async after(created, context) {
            const [account] = await db
              .select({
                id: user.id,
                email: user.email,
                emailVerified: user.emailVerified,
                twoFactorEnabled: user.twoFactorEnabled,
              })
              .from(user)
              .where(eq(user.id, created.userId));
            // The password of an account with two-factor sign-in on is only the first step: the
            // plugin drops this session at once, and the code's step makes the one that counts.
            if (context?.path === "/sign-in/email" && account?.twoFactorEnabled) return;
            // Turning two-factor sign-in on or off replaces the request's own session: no new sign-in.
            if (context?.path?.startsWith("/two-factor/") && context.context.session) return;
            await recordAuthEvent(db, {
              userId: created.userId,
              type: "signed_in",
              ipAddress: created.ipAddress,
              userAgent: created.userAgent,
            });
            // Orders placed as a guest with this address join the account once the address is proven.
            if (account?.emailVerified) await claimGuestOrders(db, account);
          },
        },
      },
    },
    plugins: [
      // Codes from an authenticator app (TOTP), with backup codes, asked after the password; and
      // passkeys, for the shop's own address (docs/decisions/055-two-factor-and-passkeys.md). Our
      // route actions call them (server/accounts/credentials.ts, second-factor-settings.ts), with
      // our limits and the password asked again; no device is "trusted" past its session.
      twoFactorSignIn({
        issuer: config.shopName,
        // A Google account has no password to ask again: its session must be recent instead
        // (second-factor-settings.ts).
        allowPasswordless: true,
        twoFactorCookieMaxAge: SECOND_STEP_SECONDS,
      }),
      passkeys({
        rpID: new URL(config.publicUrl).hostname,
        rpName: config.shopName,
        origin: new URL(config.publicUrl).origin,
        // A session is still needed (without one the plugin refuses, having no other way to know
        // the account), but not one from the last day: our action asks the password again instead.
        registration: { requireSession: false },
      }),
      // Google through OpenID Connect discovery, so that the same code runs against a local
      // provider in tests (GOOGLE_ISSUER); see docs/decisions/009-google-through-oidc-discovery.md.
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  name: "Google",
                  discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  prompt: "select_account",
                },
              ],
            }),
          ]
        : []),
    ],
    rateLimit: { enabled: true, storage: "database", window: 60, max: 60 },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
