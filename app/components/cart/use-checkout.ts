import type { Cart } from "@server/cart/cart.ts";
import type { CheckoutResult } from "@server/orders/checkout.ts";
import type { PaymentProgress } from "@server/orders/order-status.ts";
import type { Answer } from "@shared/answer.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { placedToast } from "~/components/orders/placed-toast";
import { toast } from "~/lib/toast";

// Checkout from the cart: the order is made on the server, the payment page
// opens in a new tab, and this tab waits for the payment to be confirmed (by the provider's
// webhook, never by the browser) before it says 'Order placed successfully!'. A free order has
// nothing to pay: no tab opens, and this one goes to the order's page, where its downloads are.

type CheckoutAnswer = Answer<CheckoutResult>;
type StatusAnswer = Answer<PaymentProgress>;

export type CheckoutPhase =
  | { step: "idle" }
  | { step: "starting" }
  /** Waiting for the payment; `declined` says why the last attempt failed (the buyer may try again). */
  | { step: "paying"; orderNumber: string; paymentUrl: string; declined?: string }
  /** The payment was cancelled or its page expired: nothing was charged; the buyer may pay again. */
  | { step: "ended"; orderNumber: string; reason: string }
  | { step: "placed"; orderNumber: string };

/** Why a checkout ended unpaid, by the order's status; undefined while it may still be paid. */
const ENDED = new Map([
  ["cancelled", "You cancelled the payment. Nothing was charged."],
  ["expired", "The payment page expired before the payment was made. Nothing was charged."],
]);

const POLL_MS = 1500;

/**
 * A new key for each different cart: a retry of the same cart reuses its order, a changed cart
 * gets a new one, and so does a cart whose last checkout ended (expired) without payment.
 */
function useIdempotencyKey(cart: Cart) {
  const key = useRef({ signature: "", value: "" });
  // The tier is part of it: two tiers may cost the same, and a line moved between them is another
  // order; so is the discount code: a code applied after an attempt is another order.
  const signature = `${cart.lines
    .map((line) => `${line.productId}:${line.licenseTier}x${line.quantity}@${line.priceCents}`)
    .join(
      ",",
    )}|${cart.bundles.map((bundle) => `${bundle.bundleId}@${bundle.toPayCents}`).join(",")}|${cart.discount?.code ?? ""}|${cart.tax.country ?? ""}:${cart.tax.region ?? ""}:${cart.tax.vatNumber?.number ?? ""}`;
  if (key.current.signature !== signature) key.current = { signature, value: crypto.randomUUID().replaceAll("-", "") };
  const renew = useCallback(() => {
    key.current = { signature: "", value: "" };
  }, []);
  return { value: key.current.value, renew };
}

export function useCheckout(cart: Cart, onPlaced: (orderNumber: string) => void) {
  const [phase, setPhase] = useState<CheckoutPhase>({ step: "idle" });
  const idempotencyKey = useIdempotencyKey(cart);
  const renewKey = idempotencyKey.renew;
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const placedCallback = useRef(onPlaced);
  placedCallback.current = onPlaced;
  const statusUrl = useRef<string | null>(null);
  /** The guest's details of the last attempt: paying again reuses them. */
  const lastGuest = useRef<{ name: string; email: string } | undefined>(undefined);
  /** Whether the buyer let the creators email them (the checkout's box), kept for paying again. */
  const lastConsent = useRef(false);
  /** Whether the buyer chose to buy again products they own, kept for paying again. */
  const lastBuyingOwnedAgain = useRef(false);
  /** The country the buyer confirmed they live in, told that the evidence says otherwise (TaxPlace). */
  const [confirmedCountry, setConfirmedCountry] = useState<string | null>(null);
  const countryConfirmed = cart.tax.conflict && confirmedCountry !== null && confirmedCountry === cart.tax.country;
  /** An EU consumer's consent to delivery at once, giving up the right to withdraw on download. */
  const [withdrawalConsent, setWithdrawalConsent] = useState(false);

  const fail = useCallback((message: string) => {
    setPhase({ step: "idle" });
    toast.error("Checkout failed", { description: message });
  }, []);

  const placed = useCallback(
    (orderNumber: string, email: string) => {
      setPhase({ step: "placed", orderNumber });
      placedToast(orderNumber, email);
      revalidator.revalidate();
      placedCallback.current(orderNumber);
    },
    [revalidator],
  );

  /**
   * Starts checkout; `guest` is the guest's name and email, `consent` the box letting the creators
   * email the buyer (the last attempt's when not given), `buyingOwnedAgain` the box a buyer ticks to
   * buy again products they own. Call from the click itself (it opens the tab).
   */
  const start = useCallback(
    async (guest?: { name: string; email: string }, consent?: boolean, buyingOwnedAgain?: boolean) => {
      // Opened now, while the click still counts as the user's, so that no pop-up blocker stops it;
      // not for a cart that costs nothing (no blank tab that flashes and closes).
      const paymentTab = cart.totalCents > 0 ? window.open("", "_blank") : null;
      lastGuest.current = guest;
      if (consent !== undefined) lastConsent.current = consent;
      if (buyingOwnedAgain !== undefined) lastBuyingOwnedAgain.current = buyingOwnedAgain;
      toast.dismiss("checkout-ended");
      setPhase({ step: "starting" });
      let answer: CheckoutAnswer;
      try {
        const response = await fetch("/api/v1/checkout", {
          method: "POST",
          body: new URLSearchParams({
            idempotencyKey: idempotencyKey.value,
            ...guest,
            ...(lastConsent.current ? { sellerContactConsent: "on" } : {}),
            ...(lastBuyingOwnedAgain.current ? { buyingOwnedAgain: "on" } : {}),
            // Where the buyer lives, as the cart shows it: their billing country, when tax is by place.
            ...(cart.tax.byLocation && cart.tax.country
              ? { country: cart.tax.country, region: cart.tax.region ?? "" }
              : {}),
            ...(countryConfirmed ? { countryConfirmed: "on" } : {}),
            ...(cart.tax.consumerRights && withdrawalConsent ? { withdrawalConsent: "on" } : {}),
            ...(cart.tax.vatNumber ? { vatNumber: cart.tax.vatNumber.number } : {}),
          }),
        });
        answer = await response.json();
        // 409: that checkout has ended; the next attempt starts a new order.
        if (response.status === 409) idempotencyKey.renew();
      } catch {
        answer = { ok: false, message: "The shop could not be reached. Please check your connection and try again." };
      }
      if (!answer.ok) {
        paymentTab?.close();
        return fail(answer.message);
      }
      const { orderNumber, orderPath, paymentUrl } = answer;
      const search = new URL(orderPath, window.location.href).search;
      statusUrl.current = `/api/v1/orders/${orderNumber}${search}`;
      if (!paymentUrl) {
        // Paid already (a free order): its page, with its downloads, in this tab; with `placed`
        // it says 'Order placed successfully!' there (app/components/orders/order-details.tsx).
        paymentTab?.close();
        setPhase({ step: "placed", orderNumber });
        placedCallback.current(orderNumber);
        const page = new URL(orderPath, window.location.href);
        page.searchParams.set("placed", "1");
        await navigate(`${page.pathname}${page.search}`);
        // The header's cart (a fetcher of every page) is emptied too.
        return revalidator.revalidate();
      }
      // The cart showed nothing to pay but the server's prices ask for a payment: this tab goes there.
      if (!paymentTab) return window.location.assign(paymentUrl);
      paymentTab.location.href = paymentUrl;
      setPhase({ step: "paying", orderNumber, paymentUrl });
    },
    [
      cart.totalCents,
      cart.tax,
      countryConfirmed,
      withdrawalConsent,
      idempotencyKey,
      fail,
      placed,
      navigate,
      revalidator,
    ],
  );

  // While the buyer pays in the other tab, ask the shop where the payment stands.
  useEffect(() => {
    if (phase.step !== "paying") return;
    let stopped = false;
    const timer = setInterval(async () => {
      if (!statusUrl.current) return;
      const answer: StatusAnswer = await fetch(statusUrl.current)
        .then((response) => response.json())
        .catch(() => ({ ok: false, message: "" }));
      if (stopped || !answer.ok) return;
      if (answer.status === "paid") {
        stopped = true;
        placed(phase.orderNumber, answer.email);
      } else if (ENDED.has(answer.status)) {
        // The next attempt is a new order, at the prices of then.
        stopped = true;
        renewKey();
        setPhase({ step: "ended", orderNumber: phase.orderNumber, reason: ENDED.get(answer.status)! });
      } else if (answer.status === "failed" && answer.failureReason && answer.failureReason !== phase.declined) {
        // The order stays unpaid and the cart as it was; the payment page lets the buyer try again.
        toast.error("Checkout failed", { description: answer.failureReason });
        setPhase({ ...phase, declined: answer.failureReason });
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [phase, placed, renewKey]);

  // A signed-in buyer's cart has closed: the way to pay again is on the notice. A guest's dialog
  // shows it itself.
  const startNow = useRef(start);
  startNow.current = start;
  useEffect(() => {
    if (phase.step !== "ended" || lastGuest.current) return;
    toast.error("Payment not completed", {
      id: "checkout-ended",
      description: phase.reason,
      duration: Number.POSITIVE_INFINITY,
      action: { label: "Pay again", onClick: () => void startNow.current() },
    });
  }, [phase]);

  return {
    phase,
    start,
    reset: () => setPhase({ step: "idle" }),
    countryConfirmed,
    confirmCountry: (confirmed: boolean) => setConfirmedCountry(confirmed ? cart.tax.country : null),
    withdrawalConsent,
    consentToWithdrawalLoss: setWithdrawalConsent,
  };
}
