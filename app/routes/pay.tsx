import { getFormProps } from "@conform-to/react";
import { servicesContext } from "@server/http/context.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { findPaymentSession, payWithCard } from "@server/payments/hosted/hosted-payments.ts";
import { TEST_CARDS } from "@server/payments/hosted/test-cards.ts";
import { caretAfterDigits, formatCardNumber, formatExpiry } from "@shared/card-input.ts";
import { cardPaymentSchema } from "@shared/card-payment-schema.ts";
import { formatPrice } from "@shared/format.ts";
import { Loader2, Lock } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/pay";

// The hosted payment page: it stands in for an external provider's checkout page, and so shows
// none of the shop's navigation (handle.bare). What it knows of the order is what the shop sent.
export const handle = { bare: true };

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  const { db, shopName } = context.get(servicesContext);
  const session = await findPaymentSession(db, params.sessionId);
  if (!session) throw data("No such payment", { status: 404 });
  return {
    shopName,
    reference: session.reference,
    lines: session.lines,
    amountCents: session.amountCents,
    email: session.customerEmail,
    status: session.status === "open" && session.expiresAt <= new Date() ? "expired" : session.status,
    returnUrl: session.returnUrl,
    cancelUrl: session.cancelUrl,
  };
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, jobs } = context.get(servicesContext);
  let submission: ReturnType<typeof parseSubmission<typeof cardPaymentSchema>>;
  try {
    // Each field's problem beside it, and what was typed kept; the payment itself decides the rest.
    submission = parseSubmission(await readForm(request), cardPaymentSchema);
  } catch (error) {
    // A form it cannot read: the payment page shows its own kind of answer, the reason under the form.
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    return data({ reason: refusal.message, field: undefined }, { status: refusal.status });
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(), reason: undefined, field: undefined }, { status: 400 });
  }
  const result = await payWithCard(db, { jobs, sessionId: params.sessionId, card: submission.value });
  if (!result) throw data("No such payment", { status: 404 });
  if (result.status === "paid") return redirect(result.returnUrl);
  if (result.status !== "declined") {
    return data({ reason: `${CLOSED[result.status].title}. Nothing was charged.`, field: undefined }, { status: 410 });
  }
  return data({ reason: result.reason, field: result.field }, { status: 402 });
}

/** A session that takes no payment any more, as its page says it. */
const CLOSED = {
  expired: { title: "This payment page has expired" },
  cancelled: { title: "This payment was cancelled" },
} as const;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Pay ${formatPrice(loaderData.amountCents)} · ${loaderData.shopName}` : "Payment" },
  { name: "robots", content: "noindex" },
];

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, amountCents, status } = loaderData;
  const paying = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm(cardPaymentSchema, { id: "card", lastResult: replyOf(actionData) });
  // A field the payment refused (an expired card, a number that is not a test card): the reason above names it.
  const refusedField = (name: string) =>
    actionData?.field === name ? { "aria-invalid": true, "aria-describedby": "payment-error" } : {};
  return (
    <div className="min-h-screen bg-muted/40 px-4 py-8 sm:py-14">
      <div className="mx-auto grid max-w-4xl items-start gap-6 md:grid-cols-2">
        <header className="md:col-span-2 flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-2 text-lg font-semibold">
            <Lock className="size-5 text-primary" aria-hidden="true" />
            {loaderData.shopName} Payments
          </p>
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">Test mode</span>
        </header>

        <Card className="p-6">
          <h1 className="text-xl font-semibold">Order {loaderData.reference}</h1>
          <p className="text-sm text-muted-foreground">For {loaderData.email}</p>
          <ul className="mt-4 divide-y divide-border text-sm" aria-label="What you are paying for">
            {lines.map((line) => (
              <li key={line.title} className="flex justify-between gap-4 py-2">
                <span className="min-w-0 wrap-anywhere">
                  {line.title}
                  {line.quantity > 1 ? ` × ${line.quantity}` : ""}
                </span>
                <span>{formatPrice(line.unitAmountCents * line.quantity)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex justify-between border-t border-border pt-3 text-base font-semibold">
            <span>Total</span>
            <span>{formatPrice(amountCents)}</span>
          </p>
        </Card>

        <Card className="p-6">
          {status === "paid" ? (
            <div className="flex flex-col gap-4">
              <h2 className="text-xl font-semibold">This payment is complete</h2>
              <Button asChild>
                <a href={loaderData.returnUrl}>Return to the shop</a>
              </Button>
            </div>
          ) : status === "expired" || status === "cancelled" ? (
            <div className="flex flex-col gap-4">
              <h2 className="text-xl font-semibold">{CLOSED[status].title}</h2>
              <p className="text-sm text-muted-foreground">Nothing was charged. You can pay again from your order.</p>
              <Button asChild variant="outline">
                <a href={loaderData.cancelUrl}>Return to the shop</a>
              </Button>
            </div>
          ) : (
            <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
              <h2 className="text-xl font-semibold">Pay with card</h2>
              {actionData?.reason ? (
                <p
                  id="payment-error"
                  role="alert"
                  className="rounded-md bg-rose-50 p-3 text-sm font-medium text-rose-900"
                >
                  {actionData.reason}
                </p>
              ) : null}
              <InputField field={fields.name} label="Name on card" autoComplete="cc-name" {...refusedField("name")} />
              <InputField
                field={fields.number}
                label="Card number"
                autoComplete="cc-number"
                inputMode="numeric"
                placeholder="4242 4242 4242 4242"
                onChange={formatAsTyped(formatCardNumber)}
                {...refusedField("number")}
              />
              <div className="grid grid-cols-2 gap-3">
                <InputField
                  field={fields.expiry}
                  label="Expiry (MM/YY)"
                  autoComplete="cc-exp"
                  inputMode="numeric"
                  placeholder="12/30"
                  onChange={formatAsTyped(formatExpiry)}
                  {...refusedField("expiry")}
                />
                <InputField
                  field={fields.cvc}
                  label="CVC"
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  placeholder="123"
                  {...refusedField("cvc")}
                />
              </div>
              <Button type="submit" size="lg" disabled={paying}>
                {paying ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {paying ? "Processing..." : `Pay ${formatPrice(amountCents)}`}
              </Button>
              <a href={loaderData.cancelUrl} className="text-center text-sm text-muted-foreground underline">
                Cancel and return to the shop
              </a>
              <TestCards />
            </Form>
          )}
        </Card>
      </div>
    </div>
  );
}

/**
 * Formats a field as it is typed, keeping the caret after the digit it followed. The server reads
 * the value however it was written: the formatting only helps the eye.
 */
function formatAsTyped(format: (text: string) => string) {
  return (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const typed = input.value;
    const caret = input.selectionStart ?? typed.length;
    let digitsBefore = typed.slice(0, caret).replace(/\D/g, "").length;
    let formatted = format(typed);
    // Backspace over a space or slash the formatting put in: it takes the digit before it, as expected.
    const deleting = (event.nativeEvent as InputEvent).inputType === "deleteContentBackward";
    if (deleting && formatted.length > typed.length && digitsBefore > 0) {
      const digits = typed.replace(/\D/g, "");
      formatted = format(digits.slice(0, digitsBefore - 1) + digits.slice(digitsBefore));
      digitsBefore -= 1;
    }
    if (formatted === typed) return;
    input.value = formatted;
    const position = caret === typed.length ? formatted.length : caretAfterDigits(formatted, digitsBefore);
    input.setSelectionRange(position, position);
  };
}

function TestCards() {
  return (
    <details className="rounded-md border border-border p-3 text-sm">
      <summary className="cursor-pointer font-medium">Test card numbers</summary>
      <p className="mt-2 text-muted-foreground">
        No real card is charged here. Use any future expiry date and any 3-digit CVC.
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {TEST_CARDS.map((card) => (
          <li key={card.number}>
            <code className="font-mono">{card.number}</code> {card.result}
          </li>
        ))}
      </ul>
    </details>
  );
}
