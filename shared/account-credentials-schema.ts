import { z } from "zod";

// The account forms' fields (login, register, profile, settings, forgotten and reset password),
// checked the same way in the browser and on the server (docs/decisions/029-one-form-style.md).
// The spec sets no password rule; a real shop needs one (docs/decisions/007-password-rule.md).

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

const email = z
  .string({ error: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .max(254, "Your email address must be at most 254 characters.")
  .pipe(z.email("Please enter a valid email address, like name@example.com."))
  .transform((value) => value.toLowerCase());

export const signInSchema = z.object({
  email,
  password: z
    .string({ error: "Please enter your password." })
    .min(1, "Please enter your password.")
    .max(MAX_PASSWORD_LENGTH, `Your password must be at most ${MAX_PASSWORD_LENGTH} characters.`),
});

/** A password being chosen: the shop's length rule. */
const choosePassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(MIN_PASSWORD_LENGTH, `Your password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(MAX_PASSWORD_LENGTH, `Your password must be at most ${MAX_PASSWORD_LENGTH} characters.`);

const personName = (missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(100, "Your name must be at most 100 characters.");

/** The password field must equal confirmPassword; the error is reported on confirmPassword. */
function confirmed<Shape extends { confirmPassword: z.ZodString }>(
  shape: Shape,
  field: keyof Shape & string,
  message: string,
) {
  const fields = (value: unknown) => value as Record<string, unknown>;
  return z.object(shape).refine((value) => fields(value)[field] === fields(value).confirmPassword, {
    path: ["confirmPassword"],
    message,
  });
}

const signUpFields = {
  name: personName("Please enter your full name."),
  email,
  confirmPassword: z.string({ error: "Please confirm your password." }),
};

export const signUpSchema = confirmed(
  { ...signUpFields, password: choosePassword("Please choose a password.") },
  "password",
  "The passwords do not match.",
);

/**
 * What the register form checks in the browser: the form asks for the four fields and an
 * email address, nothing more; the button waits for matching passwords of the shop's length,
 * saying beside the field why it waits (login-dialog.tsx). The length rule is the server's
 * (decision 007): a form posted without JavaScript gets its problem beside the password field.
 */
export const signUpFormSchema = z.object({
  ...signUpFields,
  password: z.string({ error: "Please choose a password." }).min(1, "Please choose a password."),
});

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;

export const profileSchema = z.object({ name: personName("Please enter your name.") });

export const changePasswordSchema = confirmed(
  {
    currentPassword: z
      .string({ error: "Please enter your current password." })
      .min(1, "Please enter your current password.")
      .max(MAX_PASSWORD_LENGTH, `Your password must be at most ${MAX_PASSWORD_LENGTH} characters.`),
    newPassword: choosePassword("Please choose a new password."),
    confirmPassword: z.string({ error: "Please confirm your new password." }),
  },
  "newPassword",
  "The new passwords do not match.",
);

export const forgotPasswordSchema = z.object({ email });

export const changeEmailSchema = z.object({ newEmail: email });

export const resetPasswordSchema = confirmed(
  {
    token: z.string().min(1, "This reset link is not valid. Please ask for a new one.").max(200),
    newPassword: choosePassword("Please choose a new password."),
    confirmPassword: z.string({ error: "Please confirm your new password." }),
  },
  "newPassword",
  "The new passwords do not match.",
);

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: "Please enter your password." })
    .min(1, "Please enter your password.")
    .max(MAX_PASSWORD_LENGTH, `Your password must be at most ${MAX_PASSWORD_LENGTH} characters.`),
  confirmation: z.literal("DELETE", { error: "Type DELETE to confirm." }),
});

/** Deleting an account that signs in with Google alone: no password to give, a recent sign-in stands for it. */
export const deleteAccountWithoutPasswordSchema = deleteAccountSchema.omit({ password: true });
