import { z } from "zod";

// The fields of two-factor sign-in and passkeys: the sign-in's second step (login modal) and the
// Settings sections, checked the same way in the browser and on the server (decision 029).

/** A code from an authenticator app: 6 digits. Anything else typed at the second step is a backup code. */
export const AUTHENTICATOR_CODE = /^\d{6}$/;

/** What was typed as a code, without the spaces an app shows in the middle ("123 456"). */
const code = z
  .string({ error: "Please enter the code." })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().min(1, "Please enter the code.").max(32, "That code is too long: check it and try again."));

/** The sign-in's second step: a code from the app, or a backup code. */
export const secondStepSchema = z.object({ code });
