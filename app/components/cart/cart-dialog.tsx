import type { Cart, CartLine } from "@server/cart/cart.ts";
import { formatPrice } from "@shared/format.ts";
import { Minus, Plus, Trash2 } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import { PanelDialog } from "~/components/layout/panel-dialog";
import { useShopDialogs } from "~/components/layout/shop-dialogs";
import { ProductImage } from "~/components/product/product-image";
import { Button } from "~/components/ui/button";
import { GuestCheckoutDialog, PaymentPendingToast } from "./guest-checkout-dialog";
import { Totals } from "./totals";
import { useCartChange } from "./use-cart-change";
import { useCheckout } from "./use-checkout";

/** One less or one more of a line (SPEC section 4: the buttons change the quantity by 1). */
function QuantityButton({ line, step }: { line: CartLine; step: 1 | -1 }) {
  const { busy, change } = useCartChange();
  return (
    <Button
      variant="outline"
      size="icon"
      className="size-8"
      disabled={busy}
      aria-label={`${step > 0 ? "One more" : "One less"} ${line.title}`}
      onClick={() => change(step > 0 ? "increment" : "decrement", line.productId)}
    >
      {step > 0 ? <Plus aria-hidden="true" /> : <Minus aria-hidden="true" />}
    </Button>
  );
}

function CartLineRow({ line }: { line: CartLine }) {
  const { busy, change } = useCartChange();
  return (
    <li className="flex gap-3 py-4">
      <ProductImage src={line.imageUrl} alt="" className="size-16 shrink-0 rounded-md" sizes="64px" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Dialog.Close asChild>
          <Link to={`/product/${line.productId}`} className="line-clamp-2 font-medium hover:text-primary">
            {line.title}
          </Link>
        </Dialog.Close>
        <p className="text-sm text-muted-foreground">by {line.creatorName}</p>
        <div className="mt-1 flex items-center gap-2">
          <QuantityButton line={line} step={-1} />
          <span className="min-w-6 text-center text-sm font-medium">
            <span className="sr-only">Quantity </span>
            {line.quantity}
          </span>
          <QuantityButton line={line} step={1} />
          <Button
            variant="ghost"
            size="icon"
            className="ml-auto size-8"
            disabled={busy}
            aria-label={`Remove ${line.title} from cart`}
            onClick={() => change("remove", line.productId)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <p className="shrink-0 font-semibold">{formatPrice(line.priceCents * line.quantity)}</p>
    </li>
  );
}

/**
 * The cart modal (SPEC sections 2 and 9): lines, quantities, subtotal, 8% tax and total, and
 * Checkout: a signed-in buyer goes straight to the payment page, a guest through the guest dialog.
 */
export function CartDialog({ cart, signedIn }: { cart: Cart; signedIn: boolean }) {
  const { open, setOpen, restoreFocus } = useShopDialogs().cart;
  const { busy, change } = useCartChange();
  const [guestOpen, setGuestOpen] = useState(false);
  const checkout = useCheckout(cart, () => {
    setOpen(false);
    setGuestOpen(false);
  });
  const { phase } = checkout;
  const checkingOut = phase.step === "starting" || phase.step === "paying";
  return (
    <>
      <PanelDialog
        title="Shopping Cart"
        description="Digital products, downloaded right after checkout"
        open={open}
        onOpenChange={setOpen}
        // The guest dialog that replaces the cart takes the focus; otherwise it goes back to the opener.
        onCloseAutoFocus={(event) => (guestOpen ? event.preventDefault() : restoreFocus(event))}
        footer={
          // The totals and Checkout stay in view while a long cart scrolls.
          cart.lines.length === 0 ? null : (
            <div className="flex flex-col gap-3">
              <Totals {...cart} />
              <div className="flex flex-wrap items-center justify-between gap-3">
                <Button variant="ghost" disabled={busy} onClick={() => change("clear")}>
                  Clear cart
                </Button>
                <Button
                  size="lg"
                  disabled={busy || checkingOut}
                  onClick={() => {
                    // One dialog at a time: the cart closes for the guest dialog or the payment tab.
                    setOpen(false);
                    if (!signedIn) {
                      checkout.reset();
                      setGuestOpen(true);
                      return;
                    }
                    // SPEC section 4: the cart closes and the payment page opens in a new tab.
                    void checkout.start();
                  }}
                >
                  {checkingOut && signedIn ? "Processing..." : "Checkout"}
                </Button>
              </div>
            </div>
          )
        }
      >
        {cart.lines.length === 0 ? (
          <div className="flex flex-col items-center gap-4 py-8 text-center">
            <p className="text-muted-foreground">Your cart is empty.</p>
            <Dialog.Close asChild>
              <Button asChild>
                <Link to="/browse">Browse products</Link>
              </Button>
            </Dialog.Close>
          </div>
        ) : (
          <ul className="divide-y divide-border" aria-label="Products in your cart">
            {cart.lines.map((line) => (
              <CartLineRow key={line.productId} line={line} />
            ))}
          </ul>
        )}
      </PanelDialog>
      {signedIn && phase.step === "paying" ? <PaymentPendingToast phase={phase} /> : null}
      <GuestCheckoutDialog
        cart={cart}
        open={guestOpen}
        onOpenChange={setGuestOpen}
        onCloseAutoFocus={restoreFocus}
        phase={phase}
        onSubmit={(guest) => void checkout.start(guest)}
      />
    </>
  );
}
