import type { Cart } from "@server/cart/cart.ts";
import { Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { PanelDialog } from "~/components/layout/panel-dialog";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/input";
import { toast } from "~/lib/toast";
import { OrderSummary } from "./order-summary";
import type { CheckoutPhase } from "./use-checkout";

const GUEST_FORM_ID = "guest-checkout-form";

/**
 * The guest checkout dialog (SPEC sections 2, 4 and 5): what the order holds, then name and
 * email, both required. It replaces the cart modal, whose opener gets the focus back.
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
  onSubmit: (guest: { name: string; email: string }) => void;
}) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const busy = phase.step === "starting" || phase.step === "paying";
  // Once the order is placed the fields are cleared (SPEC section 4).
  useEffect(() => {
    if (phase.step !== "placed") return;
    setName("");
    setEmail("");
  }, [phase.step]);
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
          <Button type="submit" form={GUEST_FORM_ID} size="lg" disabled={busy || !name.trim() || !email.trim()}>
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
      {cart.lines.length > 0 ? <OrderSummary cart={cart} /> : null}
      <form
        id={GUEST_FORM_ID}
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit({ name: name.trim(), email: email.trim() });
        }}
      >
        <GuestField label="Name" name="name" autoComplete="name" value={name} disabled={busy} onChange={setName} />
        <GuestField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          disabled={busy}
          onChange={setEmail}
        />
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

function GuestField({
  name,
  onChange,
  ...props
}: { label: string; name: string; onChange: (value: string) => void } & Omit<
  React.ComponentProps<"input">,
  "onChange" | "name"
>) {
  return (
    <TextField
      id={`guest-${name}`}
      name={name}
      required
      onChange={(event) => onChange(event.target.value)}
      {...props}
    />
  );
}
