import type { Cart, CartBundle, CartLine } from "@server/cart/cart.ts";
import { BUY_AGAIN_LABEL } from "@shared/buy-again.ts";
import { formatPrice } from "@shared/format.ts";
import { LICENSE_TIER_NAMES, type LicenseTier, offeredTiers } from "@shared/license-tiers.ts";
import { WITHDRAWAL_CONSENT, WITHDRAWAL_DAYS } from "@shared/withdrawal.ts";
import { Minus, Plus, Trash2 } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import { Link } from "react-router";
import { PanelDialog } from "~/components/layout/panel-dialog";
import { useShopDialogs } from "~/components/layout/shop-dialogs";
import { hasLicenseChoice } from "~/components/product/license-choice";
import { ProductImage } from "~/components/product/product-image";
import { Button } from "~/components/ui/button";
import { CheckField } from "~/components/ui/check-field";
import { ChosenPrice } from "./chosen-price";
import { DiscountCode } from "./discount-code";
import { isEmptyCart } from "./empty-cart";
import { GuestCheckoutDialog, PaymentPendingToast } from "./guest-checkout-dialog";
import { licenseLine } from "./license-line";
import { SellerContactConsent } from "./seller-contact-consent";
import { TaxPlace } from "./tax-place";
import { Totals } from "./totals";
import { useCartChange, usePendingTier } from "./use-cart-change";
import { useCheckout } from "./use-checkout";

/** One seat less or more of a line (the buttons change the quantity, its seats, by 1). */
function QuantityButton({ line, step }: { line: CartLine; step: 1 | -1 }) {
  const { busy, change } = useCartChange();
  return (
    <Button
      variant="outline"
      size="icon"
      className="size-8"
      disabled={busy}
      aria-label={`${step > 0 ? "One more seat of" : "One less seat of"} ${line.title}`}
      onClick={() => change(step > 0 ? "increment" : "decrement", line.productId)}
    >
      {step > 0 ? <Plus aria-hidden="true" /> : <Minus aria-hidden="true" />}
    </Button>
  );
}

/** A line's license, changed in place (seats kept); only for a product sold under more than one. */
function LicenseSelect({ line }: { line: CartLine }) {
  const { change } = useCartChange();
  // The tier on its way shows at once; the cart's own data follows when the change is made.
  const tier = usePendingTier(line.productId) ?? line.licenseTier;
  const id = useId();
  return (
    // The select goes under its label when both do not fit (a phone), rather than cut its options short.
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <label htmlFor={id} className="text-muted-foreground">
        License<span className="sr-only"> for {line.title}</span>
      </label>
      {/* Never disabled while a change is on its way: a disabled select would lose the keyboard's focus. */}
      <select
        id={id}
        value={tier}
        onChange={(event) => change("tier", line.productId, { tier: event.currentTarget.value as LicenseTier })}
        className="field h-8 w-auto max-w-full px-2"
      >
        {offeredTiers(line.tierPrices).map(({ tier: offered, priceCents }) => (
          <option key={offered} value={offered}>
            {LICENSE_TIER_NAMES[offered]} · {formatPrice(priceCents)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A line of a product the buyer owns already: buying it again is a choice (BuyAgain below). */
function OwnedNote() {
  return (
    <p className="text-sm font-medium text-primary">
      You own this:{" "}
      <Dialog.Close asChild>
        <Link to="/account/downloads" className="underline">
          go to your downloads
        </Link>
      </Dialog.Close>
    </p>
  );
}

/** The box that makes buying again a product one owns deliberate; the server checks it too. */
function BuyAgain({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <CheckField checked={checked} onChange={onChange}>
      {BUY_AGAIN_LABEL}
    </CheckField>
  );
}

function CartLineRow({ line }: { line: CartLine }) {
  const { busy, change } = useCartChange();
  return (
    <li className="flex gap-3 py-4">
      <ProductImage src={line.imageUrl} alt="" className="size-16 shrink-0 rounded-md" sizes="64px" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {/* The amount sits beside the title, so that the rows under them have the line's whole width. */}
        <div className="flex items-start justify-between gap-3">
          <Dialog.Close asChild>
            <Link
              to={`/product/${line.productId}`}
              className="line-clamp-2 min-w-0 font-medium wrap-anywhere hover:text-primary"
            >
              {line.title}
            </Link>
          </Dialog.Close>
          <p className="shrink-0 text-right">
            <span className="font-semibold">{formatPrice(line.priceCents * line.quantity)}</span>
            {line.quantity > 1 ? (
              <span className="block text-xs text-muted-foreground">
                {line.quantity} × {formatPrice(line.priceCents)}
              </span>
            ) : null}
          </p>
        </div>
        <p className="text-sm text-muted-foreground wrap-anywhere">by {line.creatorName}</p>
        <p className="text-sm">{licenseLine(line)}</p>
        {line.owned ? <OwnedNote /> : null}
        {/* A pay-what-you-want product has one license; its price is the buyer's to change. */}
        {line.payWhatYouWant ? (
          <ChosenPrice line={{ ...line, payWhatYouWant: line.payWhatYouWant }} />
        ) : hasLicenseChoice(line.tierPrices) ? (
          <LicenseSelect line={line} />
        ) : null}
        <div className="mt-1 flex items-center gap-2">
          {/* Seen beside the buttons; read with the count ("Seats 2"). */}
          <span aria-hidden="true" className="text-sm text-muted-foreground">
            Seats
          </span>
          <QuantityButton line={line} step={-1} />
          <span className="min-w-6 text-center text-sm font-medium">
            <span className="sr-only">Seats </span>
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
    </li>
  );
}

/**
 * A bundle: one line whatever it holds, Personal licences of its products. A buyer who owns some
 * of them pays only the others' shares, and sees the products they will not buy again.
 */
function CartBundleRow({ bundle }: { bundle: CartBundle }) {
  const { busy, change } = useCartChange();
  const completing = bundle.toPayCents < bundle.priceCents;
  return (
    <li className="flex gap-3 py-4">
      <ProductImage src={bundle.imageUrl} alt="" className="size-16 shrink-0 rounded-md" sizes="64px" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-3">
          <Dialog.Close asChild>
            <Link
              to={`/bundle/${bundle.bundleId}`}
              className="line-clamp-2 min-w-0 font-medium wrap-anywhere hover:text-primary"
            >
              {bundle.title}
            </Link>
          </Dialog.Close>
          <p className="shrink-0 text-right">
            <span className="font-semibold">{formatPrice(bundle.toPayCents)}</span>
            {completing ? (
              <span className="block text-xs text-muted-foreground">
                bundle <s>{formatPrice(bundle.priceCents)}</s>
              </span>
            ) : null}
          </p>
        </div>
        <p className="text-sm text-muted-foreground wrap-anywhere">by {bundle.creatorName}</p>
        <p className="text-sm">Bundle of {bundle.products.length} products · Personal license for each</p>
        <ul className="text-sm text-muted-foreground" aria-label={`Products in ${bundle.title}`}>
          {bundle.products.map((product) => (
            <li key={product.productId} className="line-clamp-1 wrap-anywhere">
              {product.title}
              {product.owned ? " (you own it: not bought again)" : ""}
            </li>
          ))}
        </ul>
        <div className="mt-1 flex items-center">
          <Button
            variant="ghost"
            size="icon"
            className="ml-auto size-8"
            disabled={busy}
            aria-label={`Remove ${bundle.title} from cart`}
            onClick={() => change("remove-bundle", undefined, { bundleId: bundle.bundleId })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * The cart modal: lines, quantities, a discount code, subtotal, the discount, the tax on what is
 * left (where tax is by the buyer's place, the place asked first) and total, and
 * Checkout: a signed-in buyer goes straight to the payment page, a guest through the guest dialog.
 */
export function CartDialog({ cart, signedIn }: { cart: Cart; signedIn: boolean }) {
  const { open, setOpen, restoreFocus } = useShopDialogs().cart;
  const { busy, change } = useCartChange();
  const [guestOpen, setGuestOpen] = useState(false);
  const [consent, setConsent] = useState(false);
  const [buyAgain, setBuyAgain] = useState(false);
  const ownsSome = cart.lines.some((line) => line.owned);
  // After an order is placed the guest form opens empty: a new form, not
  // Conform's reset, which needs the form in the page (the closed dialog has none).
  const [guestForms, setGuestForms] = useState(0);
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
          isEmptyCart(cart) ? null : (
            <div className="flex flex-col gap-3">
              <Totals
                {...cart}
                discountCode={cart.discount?.code}
                taxLabel={cart.tax.label}
                taxIncluded={cart.tax.included}
              />
              {signedIn ? (
                <SellerContactConsent checked={consent} onChange={setConsent} disabled={checkingOut} />
              ) : null}
              {signedIn && ownsSome ? <BuyAgain checked={buyAgain} onChange={setBuyAgain} /> : null}
              {cart.tax.consumerRights ? (
                <CheckField
                  checked={checkout.withdrawalConsent}
                  onChange={checkout.consentToWithdrawalLoss}
                  disabled={checkingOut}
                  hint={`Optional. Without it you may withdraw within ${WITHDRAWAL_DAYS} days even after downloading, and get your money back.`}
                >
                  {WITHDRAWAL_CONSENT}
                </CheckField>
              ) : null}
              <div className="flex flex-wrap items-center justify-between gap-3">
                <Button variant="ghost" disabled={busy} onClick={() => change("clear")}>
                  Clear cart
                </Button>
                <Button
                  size="lg"
                  disabled={busy || checkingOut || (signedIn && ownsSome && !buyAgain)}
                  onClick={() => {
                    // One dialog at a time: the cart closes for the guest dialog or the payment tab.
                    setOpen(false);
                    if (!signedIn) {
                      if (phase.step === "placed") setGuestForms((count) => count + 1);
                      checkout.reset();
                      setGuestOpen(true);
                      return;
                    }
                    // The cart closes and the payment page opens in a new tab.
                    void checkout.start(undefined, consent, ownsSome && buyAgain);
                  }}
                >
                  {checkingOut && signedIn ? "Processing..." : "Checkout"}
                </Button>
              </div>
            </div>
          )
        }
      >
        {isEmptyCart(cart) ? (
          <div className="flex flex-col items-center gap-4 py-8 text-center">
            <p className="text-muted-foreground">Your cart is empty.</p>
            <Dialog.Close asChild>
              <Button asChild>
                <Link to="/browse">Browse products</Link>
              </Button>
            </Dialog.Close>
          </div>
        ) : (
          <>
            <ul className="divide-y divide-border" aria-label="Products in your cart">
              {cart.lines.map((line) => (
                <CartLineRow key={line.productId} line={line} />
              ))}
              {cart.bundles.map((bundle) => (
                <CartBundleRow key={`bundle-${bundle.bundleId}`} bundle={bundle} />
              ))}
            </ul>
            <div className="border-t border-border py-4">
              <DiscountCode discount={cart.discount} />
            </div>
            {cart.tax.byLocation ? (
              <div className="border-t border-border py-4">
                <TaxPlace
                  tax={cart.tax}
                  confirmed={checkout.countryConfirmed}
                  onConfirmedChange={checkout.confirmCountry}
                />
              </div>
            ) : null}
          </>
        )}
      </PanelDialog>
      {signedIn && phase.step === "paying" ? <PaymentPendingToast phase={phase} /> : null}
      <GuestCheckoutDialog
        key={guestForms}
        cart={cart}
        open={guestOpen}
        onOpenChange={setGuestOpen}
        onCloseAutoFocus={restoreFocus}
        phase={phase}
        onSubmit={(guest, guestConsent) => void checkout.start(guest, guestConsent)}
      />
    </>
  );
}
