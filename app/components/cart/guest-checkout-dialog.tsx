import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Cart } from "@server/cart/cart.ts";
import { guestDetailsSchema } from "@shared/guest-details-schema.ts";
import { Loader2 } from "lucide-react";
import { type FormEvent, useEffect } from "react";
import { InputField, useSchemaForm } from "~/components/forms/form-field";
import { PanelDialog } from "~/components/layout/panel-dialog";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";
import { isEmptyCart } from "./empty-cart";
import { OrderSummary } from "./order-summary";
import { SellerContactConsent } from "./seller-contact-consent";
import type { CheckoutPhase } from "./use-checkout";

const GUEST_FORM_ID = "guest-checkout-form";

/**
 * The guest checkout dialog: what the order holds, then name and
 * email, both required. It replaces the cart modal, whose opener gets the focus back. The
 * checkout is fetched as JSON (use-checkout.ts): the fields are checked here with the checkout's
 * own schema, each problem beside its field; the server checks them again and refuses with a message.
 */
export function GuestCheckoutDialog({
  cart,
  open,
  onOpenChange,
  onCloseAutoFocus,
  phase,
  onSubmit,
}: {
  cart: Cart;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
  phase: CheckoutPhase;
  /** The guest's details, and whether they let the creators email them. */
  onSubmit: (guest: { name: string; email: string }, consent: boolean) => void;
}) {
  const [form, fields] = useSchemaForm(guestDetailsSchema, { id: GUEST_FORM_ID });
  const busy = phase.step === "starting" || phase.step === "paying";
  const filled = Boolean(fields.name.value?.trim() && fields.email.value?.trim());
  /** Conform checks every field (a problem stops the submit, shown beside its field); then checkout starts. */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const submission = parseWithZod(formData, { schema: guestDetailsSchema });
    if (submission.status === "success") onSubmit(submission.value, formData.get("sellerContactConsent") === "on");
  };
  return (
    <PanelDialog
      title="Guest Checkout"
      description="No account needed: we email your receipt and download links."
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      // However long the order, where the payment stands and the button stay in view.
      footer={
        <div className="flex flex-col gap-3">
          {phase.step === "paying" ? <PaymentPending phase={phase} /> : null}
          {phase.step === "ended" ? (
            <p role="alert" className="rounded-md border border-border bg-muted/40 p-3 text-sm">
              {phase.reason}
            </p>
          ) : null}
          <Button type="submit" form={GUEST_FORM_ID} size="lg" disabled={busy || !filled}>
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {phase.step === "starting"
              ? "Processing..."
              : phase.step === "paying"
                ? "Waiting for payment..."
                : phase.step === "ended"
                  ? "Pay again"
                  : "Complete Purchase"}
          </Button>
        </div>
      }
    >
      {isEmptyCart(cart) ? null : <OrderSummary cart={cart} />}
      <form {...getFormProps(form)} onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <InputField field={fields.name} label="Name" autoComplete="name" disabled={busy} />
        <InputField field={fields.email} label="Email" type="email" autoComplete="email" disabled={busy} />
        <SellerContactConsent disabled={busy} />
      </form>
    </PanelDialog>
  );
}

/** While the buyer pays in the other tab: where that tab is, and why the last attempt failed. */
function PaymentPending({ phase }: { phase: Extract<CheckoutPhase, { step: "paying" }> }) {
  return (
    <div role="status" className="rounded-md border border-border bg-muted/40 p-3 text-sm">
      {phase.declined ? <p className="mb-1 font-medium text-destructive">{phase.declined}</p> : null}
      <p>
        Complete your payment in the payment tab; this page updates by itself.{" "}
        <a href={phase.paymentUrl} target="_blank" rel="noopener" className="font-medium text-primary underline">
          Open the payment page
        </a>
      </p>
    </div>
  );
}

/** For a signed-in buyer, whose cart has closed: a lasting notice while the payment tab is open. */
export function PaymentPendingToast({ phase }: { phase: Extract<CheckoutPhase, { step: "paying" }> }) {
  useEffect(() => {
    toast.loading("Waiting for your payment", {
      id: "payment-pending",
      description: <PaymentPending phase={phase} />,
      duration: Number.POSITIVE_INFINITY,
    });
  }, [phase]);
  useEffect(() => () => void toast.dismiss("payment-pending"), []);
  return null;
}
