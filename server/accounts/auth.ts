import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Config } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { account, rateLimit, session, user, verification } from "../db/schema.ts";
import type { Mailer } from "../email/mailer.ts";
import { passwordResetEmail } from "../email/password-reset-email.ts";
import { recordAuthEvent } from "./auth-events.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./credentials-schema.ts";

/** How long a password reset link works (it works once). */
export const RESET_LINK_MINUTES = 30;

export interface AuthOptions {
  db: Database;
  config: Pick<Config, "publicUrl" | "shopName" | "google">;
  secret: string;
  mailer: Mailer;
}

// Accounts and sessions (better-auth): email and password, sessions in PostgreSQL behind an
// HttpOnly, SameSite=Lax cookie, and Google sign-in when it is configured.
export function createAuth({ db, config, secret, mailer }: AuthOptions) {
  return betterAuth({
    appName: config.shopName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, rateLimit } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      async onPasswordReset({ user }) {
        await recordAuthEvent(db, { userId: user.id, type: "password_recovered" });
      },
      async sendResetPassword({ user, url }) {
        await mailer.send(
          passwordResetEmail({
            to: user.email,
            name: user.name,
            url,
            shopName: config.shopName,
            minutes: RESET_LINK_MINUTES,
          }),
        );
      },
    },
    user: {
      // Deleting an account needs its password; sellers' creator pages stay, unlinked (creators.user_id).
      deleteUser: { enabled: true },
      additionalFields: {
        // Set by the platform when a seller application is approved; never from a request.
        isSeller: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [] } },
    databaseHooks: {
      user: { create: { after: (created) => recordAuthEvent(db, { userId: created.id, type: "account_created" }) } },
      session: {
        create: {
          after: (created) =>
            recordAuthEvent(db, {
              userId: created.userId,
              type: "signed_in",
              ipAddress: created.ipAddress,
              userAgent: created.userAgent,
            }),
        },
      },
    },
    // Google through OpenID Connect discovery, so that the same code runs against a local
    // provider in tests (GOOGLE_ISSUER); see docs/decisions/009-google-through-oidc-discovery.md.
    plugins: config.google
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
      : [],
    rateLimit: { enabled: true, storage: "database", window: 60, max: 60 },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
