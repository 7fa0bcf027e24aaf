import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { formatPrice } from "@shared/format.ts";
import { MAX_CHOSEN_PRICE_CENTS } from "@shared/pay-what-you-want.ts";
import { PRODUCT_FORMATS, productFormSchema } from "@shared/product-schema.ts";
import { Form, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { TextLink } from "~/components/content/text-link";
import { FieldError, InputField, SelectField, TextareaField, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";

export interface ProductFormValues {
  title: string;
  description: string;
  categoryId: number | null;
  tags: string[];
  format: string;
  priceCents: number | null;
  originalPriceCents: number | null;
  /** The Commercial and Extended licenses' prices; null where the product is not sold under them. */
  commercialPriceCents: number | null;
  extendedPriceCents: number | null;
  /** Pay what you want: priceCents is then the least a buyer pays (0: free). */
  payWhatYouWant: boolean;
  suggestedPriceCents: number | null;
  features: string[];
  whatYouGet: string[];
  pages: number | null;
  prints: number | null;
  templates: number | null;
  durationMinutes: number | null;
}

export const EMPTY_PRODUCT: ProductFormValues = {
  title: "",
  description: "",
  categoryId: null,
  tags: [],
  format: "PDF",
  priceCents: null,
  originalPriceCents: null,
  commercialPriceCents: null,
  extendedPriceCents: null,
  payWhatYouWant: false,
  suggestedPriceCents: null,
  features: [],
  whatYouGet: [],
  pages: null,
  prints: null,
  templates: null,
  durationMinutes: null,
};

const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));
const count = (value: number | null) => (value === null ? "" : String(value));

/** The product as its form's fields show it (text, as typed). */
function fieldsOf(values: ProductFormValues) {
  return {
    title: values.title,
    description: values.description,
    categoryId: values.categoryId === null ? "" : String(values.categoryId),
    tags: values.tags.join(", "),
    format: values.format,
    price: dollars(values.priceCents),
    originalPrice: dollars(values.originalPriceCents),
    commercialPrice: dollars(values.commercialPriceCents),
    extendedPrice: dollars(values.extendedPriceCents),
    payWhatYouWant: values.payWhatYouWant ? "on" : "",
    suggestedPrice: dollars(values.suggestedPriceCents),
    features: values.features.join("\n"),
    whatYouGet: values.whatYouGet.join("\n"),
    pages: count(values.pages),
    prints: count(values.prints),
    templates: count(values.templates),
    durationMinutes: count(values.durationMinutes),
  };
}

/** Every field of a product, for a new product and the editor. */
export function ProductForm({
  values,
  categories,
  submitLabel,
  lastResult,
  refusal,
}: {
  values: ProductFormValues;
  categories: { id: number; name: string }[];
  submitLabel: string;
  /** The action's Conform reply: each field's problem and what was typed. */
  lastResult: SubmissionResult<string[]> | undefined;
  /** A refusal of the domain, shown above the button. */
  refusal?: { ok: boolean; message: string };
}) {
  const saving = useNavigation().formData?.get("intent") === "save";
  const [form, fields] = useSchemaForm(productFormSchema, { lastResult, defaultValue: fieldsOf(values) });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="save" />
      <InputField field={fields.title} label="Title" className="sm:col-span-2" />
      <TextareaField field={fields.description} label="Description" className="sm:col-span-2" rows={5} />
      <SelectField field={fields.categoryId} label="Category">
        {/* First and without a value, so that a new product shows it (a select picks its first option). */}
        <option value="">Choose a category</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <SelectField field={fields.format} label="Format">
        {PRODUCT_FORMATS.map((format) => (
          <option key={format}>{format}</option>
        ))}
      </SelectField>
      <InputField field={fields.price} label="Price (USD)" inputMode="decimal" placeholder="12.99" />
      <InputField field={fields.originalPrice} label="Original price (optional, for a discount)" inputMode="decimal" />
      <PayWhatYouWant fields={fields} />
      <LicensePrices fields={fields} />
      <InputField field={fields.tags} label="Tags (comma separated)" className="sm:col-span-2" />
      <TextareaField field={fields.features} label="Features (one per line)" />
      <TextareaField field={fields.whatYouGet} label="What you get (one per line)" />
      <div className="grid grid-cols-2 gap-4 sm:col-span-2 sm:grid-cols-4">
        <InputField field={fields.pages} label="Pages" inputMode="numeric" />
        <InputField field={fields.prints} label="Prints" inputMode="numeric" />
        <InputField field={fields.templates} label="Templates" inputMode="numeric" />
        <InputField field={fields.durationMinutes} label="Duration (minutes)" inputMode="numeric" />
      </div>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <FormStatus result={refusal} />
        <Button type="submit" className="self-start" disabled={saving}>
          {saving ? "Saving..." : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

const PWYW_NOTE = "pay-what-you-want-note";

/**
 * Pay what you want: the price above becomes the least a buyer pays (0 makes the product free),
 * the suggestion what the product page proposes. The server checks the rules (shared/product-schema.ts).
 */
function PayWhatYouWant({
  fields,
}: {
  fields: { payWhatYouWant: FieldMetadata<unknown>; suggestedPrice: FieldMetadata<unknown> };
}) {
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2" aria-describedby={PWYW_NOTE}>
      <legend className="mb-1 text-sm font-semibold">Pay what you want (optional)</legend>
      <p id={PWYW_NOTE} className="text-sm text-muted-foreground sm:col-span-2">
        Buyers name their own price: at least the price above (0 makes the product free), at most{" "}
        {formatPrice(MAX_CHOSEN_PRICE_CENTS)}. It sells the Personal license only, with no original price.
      </p>
      <div className="grid content-start gap-2">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            {...getInputProps(fields.payWhatYouWant, { type: "checkbox" })}
            key={fields.payWhatYouWant.key}
            className="size-4 shrink-0 accent-primary"
          />
          Let buyers pay what they want
        </label>
        <FieldError field={fields.payWhatYouWant} />
      </div>
      <InputField
        field={fields.suggestedPrice}
        label="Suggested price (USD, optional)"
        hint="At least the price above. Shown on the product page and in the field buyers type in."
        inputMode="decimal"
      />
    </fieldset>
  );
}

const LICENSE_PRICES_NOTE = "license-prices-note";

/**
 * The prices of the higher licenses: the price above is the Personal license's, which every buyer
 * may choose; a higher one is sold only when priced. Labels steer clear of "Price (USD)", which
 * names the Personal price.
 */
function LicensePrices({
  fields,
}: {
  fields: { commercialPrice: FieldMetadata<unknown>; extendedPrice: FieldMetadata<unknown> };
}) {
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2" aria-describedby={LICENSE_PRICES_NOTE}>
      <legend className="mb-1 text-sm font-semibold">Business licenses (optional)</legend>
      <p id={LICENSE_PRICES_NOTE} className="text-sm text-muted-foreground sm:col-span-2">
        The price above is for the Personal license. Buyers who use the files in their work or sell what they make with
        them need a Commercial or Extended license: {/* A tab of its own, so that what is typed here stays. */}
        <TextLink to="/license" target="_blank" rel="noopener">
          what each license allows<span className="sr-only"> (opens in a new tab)</span>
        </TextLink>
        .
      </p>
      <InputField
        field={fields.commercialPrice}
        label="Commercial license (USD)"
        hint="At least the Personal price. Leave empty to sell the Personal license only."
        inputMode="decimal"
      />
      <InputField
        field={fields.extendedPrice}
        label="Extended license (USD)"
        hint="At least the Commercial price (the Personal price if there is none). Leave empty not to sell it."
        inputMode="decimal"
      />
    </fieldset>
  );
}
