import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { PRODUCT_FORMATS, productFormSchema } from "@shared/product-schema.ts";
import { Form, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { InputField, SelectField, TextareaField, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";

export interface ProductFormValues {
  title: string;
  description: string;
  categoryId: number | null;
  tags: string[];
  format: string;
  priceCents: number | null;
  originalPriceCents: number | null;
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
    features: values.features.join("\n"),
    whatYouGet: values.whatYouGet.join("\n"),
    pages: count(values.pages),
    prints: count(values.prints),
    templates: count(values.templates),
    durationMinutes: count(values.durationMinutes),
  };
}

/** Every field of a product (SPEC section 3), for a new product and the editor. */
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
