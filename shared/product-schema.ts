import { z } from "zod";
import { dollarsField } from "./dollars-schema.ts";
import { formatPrice } from "./format.ts";
import { LICENSE_TIER_NAMES } from "./license-tiers.ts";
import { MAX_CHOSEN_PRICE_CENTS } from "./pay-what-you-want.ts";

/** Formats a seller can choose, as shown on the product page. */
export const PRODUCT_FORMATS = ["PDF", "PNG", "JPG", "ZIP", "PSD", "AI", "SVG", "EPUB", "MP4", "XLSX", "DOCX"] as const;

const lines = (max: number, what: string) =>
  z
    .string()
    .optional()
    .transform((text) =>
      (text ?? "")
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length <= max, `Please list at most ${max} ${what}.`)
    .refine(
      (list) => list.every((line) => line.length <= 200),
      `Please keep each of the ${what} under 200 characters.`,
    );

/** Dollars as typed ("12", "12.5", "12.50") to integer cents. */
const dollars = (label: string) => dollarsField(`the ${label}`);

/** Dollars that may be left empty (undefined then). */
const optionalDollars = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((text) => text || undefined)
    .pipe(dollars(label).optional());

const optionalCount = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((text) => (text ? Number(text) : null))
    .refine(
      (n) => n === null || (Number.isInteger(n) && n > 0 && n <= 100_000),
      `${label} must be a whole number above 0.`,
    );

// A field left empty arrives as nothing (Conform reads "" as missing), so each required field names
// its problem for that case too.

/**
 * Whether the prices a rule compares were all read as dollars: then the rule runs even while
 * another field (the title, say) has a problem, or another price rule refused, so that every
 * field's problem shows at once (decision 029). The rules' own problems are "custom" ones.
 */
function pricesRead(...names: string[]) {
  return (payload: { issues: readonly { code?: string; path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => issue.code !== "custom" && names.includes(String(issue.path?.[0])));
}

const MAX_PRICE = formatPrice(MAX_CHOSEN_PRICE_CENTS);
export const SUGGESTED_WITHOUT_PWYW = "A suggested price is for pay what you want: tick it, or leave this empty.";
export const PWYW_PERSONAL_ONLY =
  "Pay what you want sells the Personal license only, with no original price: leave this empty.";

/** Every field of the product detail a seller writes. */
export const productFormSchema = z
  .object({
    title: z
      .string({ error: "The title needs at least 3 characters." })
      .trim()
      .min(3, "The title needs at least 3 characters.")
      .max(120, "Keep the title under 120 characters."),
    description: z
      .string({ error: "Describe the product in at least 20 characters." })
      .trim()
      .min(20, "Describe the product in at least 20 characters.")
      .max(5000, "Keep the description under 5000 characters."),
    categoryId: z.coerce.number({ error: "Choose a category." }).int().positive("Choose a category."),
    tags: z
      .string()
      .optional()
      .transform((text) => [
        ...new Set(
          (text ?? "")
            .split(",")
            .map((tag) => tag.trim().toLowerCase())
            .filter(Boolean),
        ),
      ])
      .refine((tags) => tags.length <= 10, "Use at most 10 tags.")
      .refine((tags) => tags.every((tag) => tag.length <= 30), "Keep each tag under 30 characters."),
    format: z.enum(PRODUCT_FORMATS, { error: "Choose the format of the files." }),
    price: dollars("price"),
    originalPrice: optionalDollars("original price"),
    // The Personal license's price is `price`; a higher tier left empty is not sold.
    commercialPrice: optionalDollars(`${LICENSE_TIER_NAMES.commercial} price`),
    extendedPrice: optionalDollars(`${LICENSE_TIER_NAMES.extended} price`),
    // Pay what you want: `price` is then the least a buyer pays (0: free), `suggestedPrice` what the page proposes.
    payWhatYouWant: z
      .string()
      .optional()
      .transform((value) => value === "on"),
    suggestedPrice: optionalDollars("suggested price"),
    features: lines(12, "features"),
    whatYouGet: lines(12, "items of what buyers get"),
    pages: optionalCount("Pages"),
    prints: optionalCount("Prints"),
    templates: optionalCount("Templates"),
    durationMinutes: optionalCount("Duration"),
  })
  .refine((product) => product.originalPrice === undefined || product.originalPrice > product.price, {
    message: "The original price must be higher than the price.",
    path: ["originalPrice"],
    when: pricesRead("price", "originalPrice"),
  })
  .refine((product) => product.commercialPrice === undefined || product.commercialPrice >= product.price, {
    message: "The Commercial price must be at least the Personal price.",
    path: ["commercialPrice"],
    when: pricesRead("price", "commercialPrice"),
  })
  .superRefine(
    (product, context) => {
      const { payWhatYouWant, suggestedPrice, price } = product;
      const problem = (path: string, message: string) => context.addIssue({ code: "custom", message, path: [path] });
      if (!payWhatYouWant) {
        if (suggestedPrice !== undefined) problem("suggestedPrice", SUGGESTED_WITHOUT_PWYW);
        return;
      }
      if (price > MAX_CHOSEN_PRICE_CENTS) problem("price", `The minimum price is at most ${MAX_PRICE}.`);
      if (suggestedPrice !== undefined && suggestedPrice < price) {
        problem("suggestedPrice", "The suggested price must be at least the minimum price.");
      }
      if (suggestedPrice !== undefined && suggestedPrice > MAX_CHOSEN_PRICE_CENTS) {
        problem("suggestedPrice", `The suggested price is at most ${MAX_PRICE}.`);
      }
      // A buyer's own price has no crossed-out price and no business licenses to compare with.
      for (const path of ["originalPrice", "commercialPrice", "extendedPrice"] as const) {
        if (product[path] !== undefined) problem(path, PWYW_PERSONAL_ONLY);
      }
    },
    { when: pricesRead("price", "suggestedPrice", "originalPrice", "commercialPrice", "extendedPrice") },
  )
  .superRefine(
    (product, context) => {
      const { extendedPrice, commercialPrice, price } = product;
      if (extendedPrice === undefined) return;
      // Each tier allows what the one below allows: it costs at least the next tier down that is sold.
      const [below, floor] = commercialPrice === undefined ? ["Personal", price] : ["Commercial", commercialPrice];
      if (extendedPrice < floor) {
        context.addIssue({
          code: "custom",
          message: `The Extended price must be at least the ${below} price.`,
          path: ["extendedPrice"],
        });
      }
    },
    { when: pricesRead("price", "commercialPrice", "extendedPrice") },
  );

export type ProductForm = z.infer<typeof productFormSchema>;
