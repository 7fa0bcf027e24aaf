import { z } from "zod";
import { MAX_PASSWORD_LENGTH } from "./account-credentials-schema.ts";

// The fields of two-factor sign-in and passkeys: the sign-in's second step (login modal) and the
// Settings sections, checked the same way in the browser and on the server (decision 029).

/** A code from an authenticator app: 6 digits. Anything else typed at the second step is a backup code. */
export const AUTHENTICATOR_CODE = /^\d{6}$/;

/** What was typed as a code, without the spaces an app shows in the middle ("123 456"). */
const code = z
  .string({ error: "Please enter the code." })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().min(1, "Please enter the code.").max(32, "That code is too long: check it and try again."));

const authenticatorCode = z
  .string({ error: "Please enter the 6-digit code from your authenticator app." })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(AUTHENTICATOR_CODE, "Please enter the 6-digit code from your authenticator app."));

/**
 * The password asked again before a change to how the account signs in. Optional: an account that
 * signs in with Google alone has none (its session must be recent instead, server-side).
 */
const passwordAgain = z
  .string()
  .max(MAX_PASSWORD_LENGTH, `Your password must be at most ${MAX_PASSWORD_LENGTH} characters.`)
  .optional();

/** The sign-in's second step: a code from the app, or a backup code. */
export const secondStepSchema = z.object({ code });

export const startTwoFactorSchema = z.object({ password: passwordAgain });

/** The first code, which proves the app was set up; `uri` is the setup being confirmed, shown again if the code is wrong. */
export const confirmTwoFactorSchema = z.object({ code: authenticatorCode, uri: z.string().max(1000).optional() });

/** Turning it off: the password, and a code (from the app, or a backup code). */
export const turnOffTwoFactorSchema = z.object({ password: passwordAgain, code });

export const newBackupCodesSchema = z.object({ password: passwordAgain });

export const PASSKEY_NAME_LENGTH = 60;

export const passkeyNameSchema = z
  .string({ error: "Please name this passkey." })
  .trim()
  .min(1, "Please name this passkey, like “Work laptop”.")
  .max(PASSKEY_NAME_LENGTH, `A passkey's name must be at most ${PASSKEY_NAME_LENGTH} characters.`);

/** Adding a passkey, before the browser makes it: its name, and the password asked again. */
export const addPasskeySchema = z.object({ name: passkeyNameSchema, password: passwordAgain });

export const removePasskeySchema = z.object({ passkeyId: z.string().min(1).max(100) });
