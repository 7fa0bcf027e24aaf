import { z } from "zod";
import { parseRecordId, recordIdField } from "./record-id.ts";

// The form a seller (or an admin, for a site-wide sale) makes a discount code with, checked the
// same in the browser and on the server (server/discounts/manage-codes.ts). Dates are whole days
// in UTC: a code runs from the start of its first day to the end of its last.

const DISCOUNT_KINDS = ["percent", "amount"] as const;
const MAX_CODE_USES = 1_000_000;

/** The message of a product that is not the seller's: the schema's, and the server's (manage-codes.ts). */
export const PRODUCTS_NOT_LISTED = "Choose products from the list.";

const CODE = "A code is 3 to 40 letters, digits, - or _, like SPRING20.";
const PERCENT = "Enter a percent from 1 to 100.";
const AMOUNT = "Enter the amount in dollars, like 5.00.";
const DAY = "Enter a date like 2026-12-31.";
const USES = `Enter a whole number of uses from 1 to ${MAX_CODE_USES.toLocaleString("en-US")}, or leave it empty.`;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((text) => text || undefined);

const day = optionalText.pipe(
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, DAY)
    // A day of the calendar: Date.parse takes "2026-02-31" for March 3, so the day must read back the same.
    .refine((text) => {
      const time = Date.parse(`${text}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
    }, DAY)
    .optional(),
);

/**
 * The form's fields and their problems, as the page checks them as they are typed. Without the
 * conversion to a code (discountCodeSchema): Conform's constraints cannot be read from a
 * transformed object.
 */
export const discountCodeFields = z
  .object({
    code: z
      .string({ error: CODE })
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, CODE),
    kind: z.enum(DISCOUNT_KINDS, { error: "Choose a percent off or an amount off." }),
    value: z.string({ error: "Enter how much the code takes off." }).trim(),
    appliesTo: z.enum(["all", "some"], { error: "Choose which products the code is for." }),
    // Checkboxes: one value per product ticked (Conform gives one as a string, several as a list).
    productIds: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
      .transform((values) => [...new Set(values.map((value) => parseRecordId(value)))])
      .refine((ids): ids is number[] => ids.every((id) => id !== undefined), PRODUCTS_NOT_LISTED),
    startsOn: day,
    endsOn: day,
    maxUses: optionalText.pipe(
      z
        .string()
        .regex(/^\d{1,7}$/, USES)
        .transform(Number)
        .refine((uses) => uses >= 1 && uses <= MAX_CODE_USES, USES)
        .optional(),
    ),
    oncePerBuyer: z
      .string()
      .optional()
      .transform((value) => value === "on"),
  })
  .superRefine((form, context) => {
    const valueProblem =
      form.kind === "percent"
        ? /^\d{1,3}$/.test(form.value) && Number(form.value) >= 1 && Number(form.value) <= 100
          ? null
          : PERCENT
        : /^\d{1,5}(\.\d{1,2})?$/.test(form.value) && Number(form.value) > 0
          ? null
          : AMOUNT;
    if (valueProblem) context.addIssue({ code: "custom", path: ["value"], message: valueProblem });
    if (form.appliesTo === "some" && form.productIds.length === 0) {
      context.addIssue({ code: "custom", path: ["productIds"], message: "Choose at least one product." });
    }
    if (form.startsOn && form.endsOn && form.endsOn < form.startsOn) {
      context.addIssue({ code: "custom", path: ["endsOn"], message: "The last day must be on or after the first." });
    }
  });

type CodeForm = z.output<typeof discountCodeFields>;

/** The checked form as the code it makes: cents, and the instants its days begin and end. */
const toCode = (form: CodeForm) => ({
  code: form.code,
  kind: form.kind,
  /** A percent, or cents. */
  value: form.kind === "percent" ? Number(form.value) : Math.round(Number(form.value) * 100),
  productIds: form.appliesTo === "all" ? null : (form.productIds as number[]),
  startsAt: form.startsOn ? new Date(`${form.startsOn}T00:00:00Z`) : null,
  // The end of the last day: the start of the next.
  endsAt: form.endsOn ? new Date(Date.parse(`${form.endsOn}T00:00:00Z`) + 86_400_000) : null,
  maxUses: form.maxUses ?? null,
  oncePerBuyer: form.oncePerBuyer,
});

/** The form checked and turned into the code it makes, for the server. */
export const discountCodeSchema = discountCodeFields.transform(toCode);

export type DiscountCodeInput = z.output<typeof discountCodeSchema>;

/**
 * An admin's site-wide sale: the same form, for every product of the shop (the page has no
 * product picker; a form that names products anyway is refused beside "Applies to").
 */
export const siteWideSaleFields = discountCodeFields.refine((sale) => sale.appliesTo === "all", {
  path: ["appliesTo"],
  message: "A site-wide sale is for every product.",
});

/** A site-wide sale checked and turned into the code it makes, for the server. */
export const siteWideSaleSchema = siteWideSaleFields.transform(toCode);

/** The discount pages' forms, each named by its submit button's `intent`. */
export const discountCodeIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-code") }),
  z.object({ intent: z.literal("end-code"), codeId: recordIdField("Choose a code to end.") }),
]);
