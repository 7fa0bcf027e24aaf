import { z } from "zod";

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
const dollars = (label: string) =>
  z
    .string({ error: `Enter the ${label} in dollars, like 12.99.` })
    .trim()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, `Enter the ${label} in dollars, like 12.99.`)
    .transform((text) => Math.round(Number(text) * 100));

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

/** Every field of the product detail (SPEC section 3) a seller writes. */
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
    originalPrice: z
      .string()
      .trim()
      .optional()
      .transform((text) => text || undefined)
      .pipe(dollars("original price").optional()),
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
  });

export type ProductForm = z.infer<typeof productFormSchema>;
