import { z } from "zod";
import { dollarsField } from "../../shared/dollars-schema.ts";
import { LICENSE_TIERS } from "../../shared/license-tiers.ts";
import { recordIdField } from "../../shared/record-id.ts";
import { vatNumberFieldSchema } from "../../shared/vat-number-schema.ts";
import { MAX_QUANTITY } from "./cart.ts";

// What the browser may send about its cart and wishlist: a product id, a licence tier, at most a
// quantity, and a discount code. Never a price: prices come from the catalogue.

const productId = recordIdField("Please choose a product.");
const bundleId = recordIdField("Please choose a bundle.");
const chosenPrice = dollarsField("the price you want to pay");
const placeCode = z
  .string({ error: "Choose the country you live in from the list." })
  .trim()
  .max(3, "Choose the country you live in from the list.")
  .transform((code) => code.toUpperCase());
const tier = z.enum(LICENSE_TIERS, { error: "Please choose a license: Personal, Commercial or Extended." });

export const cartChangeSchema = z.discriminatedUnion("intent", [
  // Without a tier (a card's button, an older page): the Personal license, as before tiers. A price
  // only for a pay-what-you-want product: what the buyer chose to pay per seat.
  z.object({ intent: z.literal("add"), productId, tier: tier.default("personal"), price: chosenPrice.optional() }),
  z.object({ intent: z.literal("tier"), productId, tier }),
  z.object({ intent: z.literal("price"), productId, price: chosenPrice }),
  z.object({ intent: z.literal("increment"), productId }),
  z.object({ intent: z.literal("decrement"), productId }),
  z.object({ intent: z.literal("remove"), productId }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("add-bundle"), bundleId }),
  z.object({ intent: z.literal("remove-bundle"), bundleId }),
  z.object({
    intent: z.literal("code"),
    code: z
      .string({ error: "Enter a discount code." })
      .trim()
      .min(1, "Enter a discount code.")
      .max(40, "A discount code has at most 40 characters."),
  }),
  z.object({ intent: z.literal("remove-code") }),
  // Where the buyer lives, for their tax (TAX_MODE=by-location): checked against the country list and the table.
  z.object({ intent: z.literal("country"), country: placeCode, region: placeCode.optional() }),
  // A business buyer's VAT number (checked with VIES), or none: an empty field takes it away.
  z.object({ intent: z.literal("vat-number"), vatNumber: vatNumberFieldSchema }),
  z.object({
    intent: z.literal("set"),
    productId,
    quantity: z.coerce
      .number({ error: "Please give the quantity as a whole number." })
      .int("Please give the quantity as a whole number.")
      .max(MAX_QUANTITY, `You can have at most ${MAX_QUANTITY} of one product in your cart.`),
  }),
]);

export type CartChange = z.infer<typeof cartChangeSchema>;

export const wishlistChangeSchema = z.object({ intent: z.literal("toggle"), productId });
