import { z } from "zod";
import { isWebAddress } from "./web-address.ts";

const webAddress = (message: string) =>
  z.string().trim().max(300, "Please keep links under 300 characters.").refine(isWebAddress, message);

/** The application to sell (Become a Seller): what the platform reviews. */
export const sellerApplicationSchema = z.object({
  shopName: z
    .string({ error: "Your shop name needs at least 2 characters." })
    .trim()
    .min(2, "Your shop name needs at least 2 characters.")
    .max(60, "Your shop name can be at most 60 characters."),
  specialty: z
    .string({ error: "Tell us what you make (for example: Digital planners)." })
    .trim()
    .min(2, "Tell us what you make (for example: Digital planners).")
    .max(80, "Please keep your specialty under 80 characters."),
  bio: z
    .string({ error: "Please tell buyers a little about yourself (at least 30 characters)." })
    .trim()
    .min(30, "Please tell buyers a little about yourself (at least 30 characters).")
    .max(1000, "Please keep your bio under 1000 characters."),
  website: z
    .union([z.literal(""), webAddress("Your website must be a full address starting with http:// or https://.")])
    .optional()
    .transform((value) => value || null),
  sampleUrl: webAddress("Share a link to a sample of your work (starting with http:// or https://)."),
  acceptGuidelines: z.literal("on", { error: "Please accept the seller guidelines." }),
});

export type SellerApplicationInput = z.infer<typeof sellerApplicationSchema>;
