import { PRODUCT_FORMATS } from "@shared/product-schema.ts";
import { Form, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { Button } from "~/components/ui/button";
import { Label, Textarea, TextField } from "~/components/ui/input";

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
const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-base sm:text-sm focus-visible:outline-2 focus-visible:outline-ring";

/** Every field of a product (SPEC section 3), for a new product and the editor. */
export function ProductForm({
  values,
  categories,
  submitLabel,
  result,
}: {
  values: ProductFormValues;
  categories: { id: number; name: string }[];
  submitLabel: string;
  result: { ok: boolean; message: string } | undefined;
}) {
  const saving = useNavigation().formData?.get("intent") === "save";
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="save" />
      <Field label="Title" name="title" defaultValue={values.title} className="sm:col-span-2" maxLength={120} />
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <Label htmlFor="product-description">Description</Label>
        <Textarea
          id="product-description"
          name="description"
          required
          defaultValue={values.description}
          maxLength={5000}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="product-category">Category</Label>
        <select
          id="product-category"
          name="categoryId"
          required
          defaultValue={values.categoryId ?? ""}
          className={selectClass}
        >
          <option value="" disabled>
            Choose a category
          </option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="product-format">Format</Label>
        <select id="product-format" name="format" defaultValue={values.format} className={selectClass}>
          {PRODUCT_FORMATS.map((format) => (
            <option key={format}>{format}</option>
          ))}
        </select>
      </div>
      <Field
        label="Price (USD)"
        name="price"
        inputMode="decimal"
        defaultValue={dollars(values.priceCents)}
        placeholder="12.99"
      />
      <Field
        label="Original price (optional, for a discount)"
        name="originalPrice"
        inputMode="decimal"
        required={false}
        defaultValue={dollars(values.originalPriceCents)}
      />
      <Field
        label="Tags (comma separated)"
        name="tags"
        required={false}
        defaultValue={values.tags.join(", ")}
        className="sm:col-span-2"
      />
      <Lines label="Features (one per line)" name="features" values={values.features} />
      <Lines label="What you get (one per line)" name="whatYouGet" values={values.whatYouGet} />
      <div className="grid grid-cols-2 gap-4 sm:col-span-2 sm:grid-cols-4">
        <Count label="Pages" name="pages" value={values.pages} />
        <Count label="Prints" name="prints" value={values.prints} />
        <Count label="Templates" name="templates" value={values.templates} />
        <Count label="Duration (minutes)" name="durationMinutes" value={values.durationMinutes} />
      </div>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <FormStatus result={result} />
        <Button type="submit" className="self-start" disabled={saving}>
          {saving ? "Saving..." : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

function Field({ name, required = true, ...props }: { label: string; name: string } & React.ComponentProps<"input">) {
  return <TextField id={`product-${name}`} name={name} required={required} {...props} />;
}

function Lines({ label, name, values }: { label: string; name: string; values: string[] }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`product-${name}`}>{label}</Label>
      <Textarea id={`product-${name}`} name={name} defaultValue={values.join("\n")} className="min-h-28" />
    </div>
  );
}

function Count({ label, name, value }: { label: string; name: string; value: number | null }) {
  return <Field label={label} name={name} inputMode="numeric" required={false} defaultValue={value ?? ""} />;
}
