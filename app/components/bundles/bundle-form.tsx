import { getCollectionProps, getFormProps } from "@conform-to/react";
import { BUNDLE_MAX_PRODUCTS, BUNDLE_MIN_PRODUCTS, bundleSchema } from "@shared/bundle-schema.ts";
import { formatPrice } from "@shared/format.ts";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/admin/post-button";
import { FieldError, InputField, replyOf, TextareaField, useSchemaForm } from "~/components/forms/form-field";
import { Card } from "~/components/ui/card";
import { dollarsOf } from "~/components/ui/money-input";

/** A product of the seller's that a bundle can hold: on sale, with its Personal price. */
export interface BundleChoice {
  id: number;
  title: string;
  priceCents: number;
}

/** What the form starts with when it edits a bundle. */
export interface BundleValues {
  id: number;
  title: string;
  description: string;
  priceCents: number;
  products: { productId: number }[];
}

/** The ticked boxes' values: Conform gives one as a string, several as a list. */
function tickedIds(value: unknown): Set<number> {
  const values = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  return new Set(values.map(Number));
}

/** The products to choose from, each with its price, and what the ticked ones cost one by one. */
function ProductChoices({
  field,
  choices,
}: {
  field: ReturnType<typeof useSchemaForm<typeof bundleSchema>>[1]["productIds"];
  choices: BundleChoice[];
}) {
  if (choices.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        A bundle holds products you have on sale: <Link to="/seller/products/new">add a product</Link> and publish it
        first.
      </p>
    );
  }
  const boxes = getCollectionProps(field, { type: "checkbox", options: choices.map((choice) => String(choice.id)) });
  const ticked = tickedIds(field.value);
  const valueCents = choices.filter((choice) => ticked.has(choice.id)).reduce((sum, each) => sum + each.priceCents, 0);
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={field.errors ? field.errorId : "bundle-products-hint"}>
      <legend className="mb-1 text-sm font-medium">Products</legend>
      <p id="bundle-products-hint" className="text-xs text-muted-foreground">
        {`Choose ${BUNDLE_MIN_PRODUCTS} to ${BUNDLE_MAX_PRODUCTS} of your products on sale. `}
        {ticked.size > 0 ? `Together they cost ${formatPrice(valueCents)} one by one.` : null}
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {boxes.map(({ key, ...props }, index) => (
          <li key={key}>
            <label className="flex items-start gap-2 rounded-md border border-border p-3 text-sm">
              {/* A ticked box is not required of each product: "two or more" is the group's rule. */}
              <input {...props} required={undefined} className="mt-0.5 size-4 shrink-0 accent-primary" />
              <span className="min-w-0 flex-1 wrap-anywhere">{choices[index]!.title}</span>
              <span className="shrink-0 font-medium">{formatPrice(choices[index]!.priceCents)}</span>
            </label>
          </li>
        ))}
      </ul>
      <FieldError field={field} />
    </fieldset>
  );
}

/**
 * The form that makes a bundle, or with `bundle` changes one: title, description, price and the
 * seller's products. The action's reply puts each problem beside its field (a price that is no
 * saving beside the price) and keeps what was typed.
 */
export function BundleForm({
  choices,
  answer,
  bundle,
}: {
  choices: BundleChoice[];
  answer: unknown;
  bundle?: BundleValues;
}) {
  const [form, fields] = useSchemaForm(bundleSchema, {
    id: bundle ? `bundle-${bundle.id}` : "new-bundle",
    lastResult: replyOf(answer),
    defaultValue: bundle
      ? {
          title: bundle.title,
          description: bundle.description,
          price: dollarsOf(bundle.priceCents),
          productIds: bundle.products.map((product) => String(product.productId)),
        }
      : undefined,
  });
  return (
    <Card className="p-5 sm:p-6">
      <h3 className="text-lg font-semibold">{bundle ? "Bundle details" : "New bundle"}</h3>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-4 flex flex-col gap-5">
        {bundle ? <input type="hidden" name="bundleId" value={bundle.id} /> : null}
        <InputField field={fields.title} label="Title" autoComplete="off" />
        <TextareaField
          field={fields.description}
          label="Description (optional)"
          hint="What the bundle is for: shoppers read it on the bundle's page."
          className="[&_textarea]:min-h-24"
        />
        <InputField
          field={fields.price}
          label="Bundle price (USD)"
          hint="Less than the products cost one by one. Each buyer gets a Personal license for every product."
          inputMode="decimal"
          autoComplete="off"
          placeholder="19.99"
          className="sm:max-w-xs"
        />
        <ProductChoices field={fields.productIds} choices={choices} />
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="rounded-md bg-rose-50 p-3 text-sm text-destructive">
            {form.errors[0]}
          </p>
        ) : null}
        <SubmitButton intent={bundle ? "save-bundle" : "create-bundle"} className="self-start">
          {bundle ? "Save changes" : "Make bundle"}
        </SubmitButton>
      </Form>
    </Card>
  );
}
