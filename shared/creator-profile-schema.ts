import { z } from "zod";
import { isWebAddress } from "./web-address.ts";

// A field left empty arrives as nothing (Conform reads "" as missing): it is saved empty.
const optionalText = (max: number, message: string) => z.string().trim().max(max, message).default("");

/** What a seller edits on their creator page: specialty, bio, location and website. */
export const creatorProfileSchema = z.object({
  specialty: optionalText(80, "Please keep your specialty under 80 characters."),
  bio: optionalText(1000, "Please keep your bio under 1000 characters."),
  location: optionalText(80, "Please keep your location under 80 characters."),
  website: z
    .string()
    .trim()
    .max(300, "Please keep your website under 300 characters.")
    .refine(
      (value) => !value || isWebAddress(value),
      "Your website must be a full address starting with http:// or https://.",
    )
    .optional()
    .transform((value) => value || null),
});

export type CreatorProfileInput = z.infer<typeof creatorProfileSchema>;
