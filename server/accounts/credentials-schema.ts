import { z } from "zod";

// The login and register forms' fields, checked the same way in the browser and on the server.
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

export const signUpSchema = z
  .object({
    name: z
      .string({ error: "Please enter your full name." })
      .trim()
      .min(1, "Please enter your full name.")
      .max(100, "Your name must be at most 100 characters."),
    email,
    password: z
      .string({ error: "Please choose a password." })
      .min(MIN_PASSWORD_LENGTH, `Your password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(MAX_PASSWORD_LENGTH, `Your password must be at most ${MAX_PASSWORD_LENGTH} characters.`),
    confirmPassword: z.string({ error: "Please confirm your password." }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match.",
  });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;

export const profileSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(100, "Your name must be at most 100 characters."),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Please enter your current password." })
      .min(1, "Please enter your current password.")
      .max(MAX_PASSWORD_LENGTH, `Your password must be at most ${MAX_PASSWORD_LENGTH} characters.`),
    newPassword: z
      .string({ error: "Please choose a new password." })
      .min(MIN_PASSWORD_LENGTH, `Your password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(MAX_PASSWORD_LENGTH, `Your password must be at most ${MAX_PASSWORD_LENGTH} characters.`),
    confirmPassword: z.string({ error: "Please confirm your new password." }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The new passwords do not match.",
  });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is not valid. Please ask for a new one.").max(200),
    newPassword: z
      .string({ error: "Please choose a new password." })
      .min(MIN_PASSWORD_LENGTH, `Your password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(MAX_PASSWORD_LENGTH, `Your password must be at most ${MAX_PASSWORD_LENGTH} characters.`),
    confirmPassword: z.string({ error: "Please confirm your new password." }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The new passwords do not match.",
  });
