import { type FieldMetadata, getCollectionProps, getFormProps, getInputProps } from "@conform-to/react";
import { discountCodeFields, siteWideSaleFields } from "@shared/discount-code-schema.ts";
import { Form } from "react-router";
import { SubmitButton } from "~/components/admin/post-button";
import { FieldError, InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Card } from "~/components/ui/card";

const ONCE_HINT = "discount-code-once-hint";

/** A product the seller may limit a code to. */
export interface CodeProduct {
  id: number;
  title: string;
}

/** A group of radio buttons or checkboxes with its legend, its problem beside it. */
function ChoiceGroup({
  field,
  legend,
  type,
  options,
}: {
  field: FieldMetadata<unknown>;
  legend: string;
  type: "radio" | "checkbox";
  options: { value: string; label: string }[];
}) {
  const choices = getCollectionProps(field, { type, options: options.map((option) => option.value) });
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {choices.map(({ key, ...props }, index) => (
        <label key={key} className="flex items-start gap-2 text-sm">
          {/* A ticked box is not required of each product: "at least one" is the group's rule. */}
          <input
            {...props}
            required={type === "radio" ? props.required : undefined}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <span className="min-w-0 wrap-anywhere">{options[index]!.label}</span>
        </label>
      ))}
      <FieldError field={field} />
    </fieldset>
  );
}

/**
 * The form that makes a discount code: a seller's, for all of their products or those ticked in
 * `products`; or, with `products` null, an admin's site-wide sale, for every product. The action's
 * reply puts each problem beside its field (a taken code beside the code) and keeps what was typed.
 */
export function DiscountCodeForm({ products, answer }: { products: CodeProduct[] | null; answer: unknown }) {
  const siteWide = products === null;
  const [form, fields] = useSchemaForm(siteWide ? siteWideSaleFields : discountCodeFields, {
    id: "discount-code",
    lastResult: replyOf(answer),
    defaultValue: { kind: "percent", appliesTo: "all" },
  });
  const percent = (fields.kind.value ?? "percent") === "percent";
  const someProducts = !siteWide && fields.appliesTo.value === "some";
  return (
    <Card className="p-5 sm:p-6">
      <h3 className="text-lg font-semibold">{siteWide ? "Make a site-wide sale" : "Make a code"}</h3>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-4 flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            field={fields.code}
            label="Code"
            hint="What buyers type in the cart: 3 to 40 letters, digits, - or _. Capitals do not matter."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <ChoiceGroup
            field={fields.kind}
            legend="Takes off"
            type="radio"
            options={[
              { value: "percent", label: "A percent of the price" },
              { value: "amount", label: "An amount in dollars" },
            ]}
          />
          <InputField
            field={fields.value}
            label={percent ? "Percent off" : "Amount off (USD)"}
            hint={percent ? "From 1 to 100." : "Taken off the products it is for, never below $0.00."}
            inputMode={percent ? "numeric" : "decimal"}
            autoComplete="off"
          />
          {siteWide ? (
            <input type="hidden" name={fields.appliesTo.name} value="all" />
          ) : (
            <ChoiceGroup
              field={fields.appliesTo}
              legend="Applies to"
              type="radio"
              options={[
                { value: "all", label: "All your products" },
                { value: "some", label: "Some products" },
              ]}
            />
          )}
        </div>
        {someProducts ? (
          products.length === 0 ? (
            <p className="text-sm text-muted-foreground">You have no products yet: add one first.</p>
          ) : (
            <ChoiceGroup
              field={fields.productIds}
              legend="Products"
              type="checkbox"
              options={products.map((product) => ({ value: String(product.id), label: product.title }))}
            />
          )
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            field={fields.startsOn}
            type="date"
            label="First day (optional)"
            hint="A whole day in UTC. Empty: from now on."
          />
          <InputField
            field={fields.endsOn}
            type="date"
            label="Last day (optional)"
            hint="It runs to the end of this day (UTC). Empty: no end date."
          />
          <InputField
            field={fields.maxUses}
            label="Total uses (optional)"
            hint="How many orders may use it in all. Empty: no limit."
            inputMode="numeric"
            autoComplete="off"
          />
          <div className="flex flex-col gap-1 self-center">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                {...getInputProps(fields.oncePerBuyer, { type: "checkbox", ariaDescribedBy: ONCE_HINT })}
                key={fields.oncePerBuyer.key}
                className="size-4 shrink-0 accent-primary"
              />
              Once per buyer
            </label>
            <p id={ONCE_HINT} className="text-xs text-muted-foreground">
              A buyer can use it on one order only.
            </p>
          </div>
        </div>
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="rounded-md bg-rose-50 p-3 text-sm text-destructive">
            {form.errors[0]}
          </p>
        ) : null}
        <SubmitButton intent="create-code" className="self-start">
          {siteWide ? "Make sale" : "Make code"}
        </SubmitButton>
      </Form>
    </Card>
  );
}
