import { z } from "zod";

/** The scopes of a public API key: read, or write (which includes read). */
const API_KEY_SCOPE_VALUES = ["read", "write"] as const;

/** The form that makes an API key in the Seller Dashboard. */
export const apiKeySchema = z.object({
  name: z
    .string({ error: "Name the key, for example after the tool that uses it." })
    .trim()
    .min(1, "Name the key, for example after the tool that uses it.")
    .max(60, "Keep the name under 60 characters."),
  scope: z.enum(API_KEY_SCOPE_VALUES, { error: "Choose what the key may do: read, or read and write." }),
});

export type ApiKeyInput = z.infer<typeof apiKeySchema>;
