import { z } from "zod";
import { dollarsField } from "./dollars-schema.ts";
import { parseRecordId } from "./record-id.ts";

// The form a seller makes or edits a bundle with, checked the same in the browser and on the
// server (server/bundles/manage-bundles.ts). The server also checks that the products are the
// seller's and that the bundle costs less than they do one by one.

export const BUNDLE_MIN_PRODUCTS = 2;
export const BUNDLE_MAX_PRODUCTS = 20;
const BUNDLE_TITLE_MAX = 100;
const BUNDLE_DESCRIPTION_MAX = 2000;

/** The message of a product that is not the seller's (or not on sale): the schema's and the server's. */
export const BUNDLE_PRODUCTS_NOT_LISTED = "Choose products from the list.";
export const BUNDLE_PRODUCT_COUNT = `Choose ${BUNDLE_MIN_PRODUCTS} to ${BUNDLE_MAX_PRODUCTS} products for the bundle.`;

export const bundleSchema = z.object({
  title: z
    .string({ error: "Enter a title for the bundle." })
    .trim()
    .min(1, "Enter a title for the bundle.")
    .max(BUNDLE_TITLE_MAX, `A title is at most ${BUNDLE_TITLE_MAX} characters.`),
  description: z
    .string()
    .trim()
    .max(BUNDLE_DESCRIPTION_MAX, `A description is at most ${BUNDLE_DESCRIPTION_MAX} characters.`)
    .optional()
    .transform((text) => text ?? ""),
  price: dollarsField("the bundle's price").refine((cents) => cents > 0, "The bundle's price must be more than $0."),
  // Checkboxes: one value per product ticked (Conform gives one as a string, several as a list).
  productIds: z
    .union([z.string(), z.array(z.string())], { error: BUNDLE_PRODUCT_COUNT })
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .transform((values) => [...new Set(values.map((value) => parseRecordId(value)))])
    .refine((ids): ids is number[] => ids.every((id) => id !== undefined), BUNDLE_PRODUCTS_NOT_LISTED)
    .refine((ids) => ids.length >= BUNDLE_MIN_PRODUCTS && ids.length <= BUNDLE_MAX_PRODUCTS, BUNDLE_PRODUCT_COUNT),
});

export type BundleInput = z.output<typeof bundleSchema>;
