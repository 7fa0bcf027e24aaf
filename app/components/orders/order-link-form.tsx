import { type FieldMetadata, getFormProps } from "@conform-to/react";
import type { Answer } from "@shared/answer.ts";
import { ORDER_LOOKUP_PATH } from "@shared/order-link.ts";
import { orderLinkRequestSchema } from "@shared/order-link-schema.ts";
import { useFetcher } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { type FormReply, InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";

/** The fields that name an order to whoever does not have its link: its number and the address it was bought with. */
export function OrderNumberAndEmail({
  fields,
}: {
  fields: { orderNumber: FieldMetadata<string>; email: FieldMetadata<string> };
}) {
  return (
    <>
      <InputField
        field={fields.orderNumber}
        label="Order number"
        minLength={9}
        maxLength={9}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <InputField
        field={fields.email}
        label="Email address of the order"
        type="email"
        maxLength={254}
        autoComplete="email"
      />
    </>
  );
}

/** The lookup action's answer: the message to show (sent, or refused), or each field's problem. */
export type OrderLinkAnswer = Answer<{ message: string }> | FormReply;

/**
 * Order number and email address: the shop emails a fresh order link to the order's address when
 * they match a guest's order. `answer` is the lookup page's own action result (a post without
 * JavaScript); with JavaScript the form posts in the background and stays where it is.
 */
export function OrderLinkForm({ orderNumber, answer }: { orderNumber?: string; answer?: OrderLinkAnswer }) {
  const fetcher = useFetcher<OrderLinkAnswer>();
  const sending = fetcher.state !== "idle";
  const latest = fetcher.data ?? answer;
  const [form, fields] = useSchemaForm(orderLinkRequestSchema, {
    id: "order-link",
    lastResult: replyOf(latest),
    defaultValue: { orderNumber },
  });
  return (
    <fetcher.Form method="post" action={ORDER_LOOKUP_PATH} {...getFormProps(form)} className="grid gap-4 text-left">
      <FormStatus result={latest && "message" in latest ? latest : undefined} />
      <OrderNumberAndEmail fields={fields} />
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? "Sending..." : "Email me a new link"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
