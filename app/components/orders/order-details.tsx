import type { OrderPageData } from "@server/orders/order-page.ts";
import { formatDayUtc, formatPrice } from "@shared/format.ts";
import { LICENSE_TIER_NAMES, seatsLabel } from "@shared/license-tiers.ts";
import { ORDER_LINK_DAYS } from "@shared/order-link.ts";
import { CONFIRM_WITHDRAWAL_LABEL, WITHDRAW_LABEL } from "@shared/withdrawal.ts";
import { Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  useRevalidator,
} from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label, Textarea } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { LicenseUpgradeForm } from "./license-upgrade-form";
import { OrderLinkForm } from "./order-link-form";
import { OrderStatusBadge } from "./order-status-badge";
import { OrderTotals } from "./order-totals";
import { placedToast } from "./placed-toast";
import { FileList, LicenseLine } from "./purchased-files";
import { VatNumberNotice } from "./vat-number-notice";

type Item = OrderPageData["items"][number];

/** The order page of both order routes (an account's, and a guest's through the receipt link). */
export function OrderPage({ data }: { data: OrderPageData }) {
  return (
    <Container className="max-w-3xl py-10">
      <OrderDetails data={data} />
    </Container>
  );
}

/** An order as its buyer sees it: status, items with licenses and downloads, totals, refunds. */
function OrderDetails({ data }: { data: OrderPageData }) {
  const { order, items } = data;
  const confirmation = useConfirmation(order);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Order {order.number}</h1>
        <OrderStatusBadge status={confirmation === "none" ? order.status : "confirming"} />
      </div>
      <p className="-mt-4 text-sm text-muted-foreground">
        Placed on {formatDayUtc(order.createdAt)}.{" "}
        {order.receiptSentAt
          ? `Receipt sent to ${order.email}.`
          : order.paidAt
            ? `Your receipt is on its way to ${order.email}.`
            : null}
      </p>
      <PaymentNotice order={order} confirmation={confirmation} />
      <ul className="flex flex-col gap-4" aria-label="Items">
        {items.map((item) => (
          <OrderItemCard key={item.id} item={item} discountCode={order.discountCode} />
        ))}
      </ul>
      <Card className="p-5">
        <OrderTotals order={order} />
      </Card>
      {order.vatNumber ? <VatNumberNotice vatNumber={order.vatNumber} /> : null}
      <OrderDocuments documents={data.documents} />
      {data.withdrawal ? <WithdrawalSection withdrawal={data.withdrawal} /> : null}
      {order.refundDeadline ? (
        <p className="text-sm text-muted-foreground">
          30-day money-back guarantee: you can ask for a refund until {formatDayUtc(order.refundDeadline)} (
          <Link to="/refund-policy" className="underline">
            refund policy
          </Link>
          ).
        </p>
      ) : null}
    </div>
  );
}

/**
 * An EU consumer's right to withdraw: until when, or why it no longer stands; the consent given at
 * checkout, word for word; and the withdrawal function (Art. 11a): its button, then its confirmation.
 */
function WithdrawalSection({ withdrawal }: { withdrawal: NonNullable<OrderPageData["withdrawal"]> }) {
  const location = useLocation();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "withdraw";
  return (
    <section aria-labelledby="withdrawal-heading" className="flex flex-col gap-2 text-sm">
      <h2 id="withdrawal-heading" className="text-lg font-semibold">
        Your right to withdraw
      </h2>
      {withdrawal.consentText && withdrawal.consentAt ? (
        <p className="text-muted-foreground">
          On {formatDayUtc(withdrawal.consentAt)} you agreed: “{withdrawal.consentText}”
        </p>
      ) : null}
      {withdrawal.withdrawnAt ? (
        <p role="status">You withdrew from this purchase on {formatDayUtc(withdrawal.withdrawnAt)}.</p>
      ) : withdrawal.stands ? (
        <>
          <p>
            You can withdraw from this purchase until {formatDayUtc(withdrawal.deadline)}
            {withdrawal.consentText ? ", for the items you have not downloaded yet" : ""}, and get your money back.
          </p>
          <details>
            <summary className="cursor-pointer font-medium text-primary underline">{WITHDRAW_LABEL}</summary>
            <Form method="post" action={`${location.pathname}${location.search}`} className="mt-3 flex flex-col gap-2">
              <input type="hidden" name="intent" value="withdraw" />
              <p>The items are refunded to your payment method and can no longer be downloaded.</p>
              <OrderFormRefusal />
              <Button type="submit" variant="outline" className="self-start" disabled={sending}>
                {sending ? "Withdrawing..." : CONFIRM_WITHDRAWAL_LABEL}
              </Button>
            </Form>
          </details>
        </>
      ) : withdrawal.reason ? (
        <p className="text-muted-foreground">{withdrawal.reason}</p>
      ) : null}
    </section>
  );
}

/** The order's invoice and credit notes as PDF downloads, beside its address (with a guest's link token). */
function OrderDocuments({ documents }: { documents: OrderPageData["documents"] }) {
  const location = useLocation();
  if (documents.length === 0) return null;
  const access = new URLSearchParams(location.search).get("access");
  const href = (code: string) =>
    `${location.pathname}/invoices/${code}${access ? `?access=${encodeURIComponent(access)}` : ""}`;
  return (
    <section aria-labelledby="order-documents-heading">
      <h2 id="order-documents-heading" className="text-lg font-semibold">
        {documents.some((document) => document.kind === "credit_note") ? "Invoice and credit notes" : "Invoice"}
      </h2>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {documents.map((document) => (
          <li key={document.code}>
            <a href={href(document.code)} download className="font-medium text-primary underline">
              {document.kind === "invoice" ? "Invoice" : "Credit note"} {document.code} (PDF)
            </a>{" "}
            <span className="text-muted-foreground">of {formatDayUtc(document.issuedAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Coming back from the payment page (?placed=1): the provider sends the buyer back before its
 * signed event marks the order paid, so the page says the payment is being confirmed (no Pay now)
 * and checks again until it is paid, then says 'Order placed successfully!' once. Past a minute it
 * stops checking and says the receipt email will follow.
 */
const CHECK_EVERY_MS = 1500;
export const CONFIRMATION_WAIT_MS = 60_000;

type Confirmation = "none" | "confirming" | "late";

function useConfirmation(order: OrderPageData["order"]): Confirmation {
  const location = useLocation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const revalidateNow = useRef(revalidate);
  revalidateNow.current = revalidate;
  const placed = new URLSearchParams(location.search).has("placed");
  const said = useRef(false);
  const startedAt = useRef<number | null>(null);
  const [late, setLate] = useState(false);
  // The provider sent the buyer back before its confirmation arrived (even after an earlier decline).
  const waiting = placed && (order.status === "pending_payment" || order.status === "failed");
  useEffect(() => {
    if (!placed || order.status !== "paid" || said.current) return;
    said.current = true;
    placedToast(order.number, order.email);
    const search = new URLSearchParams(location.search);
    search.delete("placed");
    navigate({ search: search.toString() }, { replace: true, preventScrollReset: true });
  }, [placed, order, location.search, navigate]);
  useEffect(() => {
    if (!waiting || late) return;
    startedAt.current ??= Date.now();
    const checks = setInterval(() => revalidateNow.current(), CHECK_EVERY_MS);
    const ends = setTimeout(() => setLate(true), Math.max(startedAt.current + CONFIRMATION_WAIT_MS - Date.now(), 0));
    return () => {
      clearInterval(checks);
      clearTimeout(ends);
    };
  }, [waiting, late]);
  if (!waiting) return "none";
  return late ? "late" : "confirming";
}

/**
 * Where an unpaid order's payment stands, with the way to pay it (a new order, once it has ended);
 * while a payment the buyer made is being confirmed, only that.
 */
function PaymentNotice({ order, confirmation }: { order: OrderPageData["order"]; confirmation: Confirmation }) {
  const location = useLocation();
  const navigation = useNavigation();
  if (confirmation !== "none") {
    return (
      <Card role="status" className="p-4 text-sm">
        {confirmation === "confirming" ? (
          <p className="flex items-center gap-2">
            <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
            Payment received, confirming...
          </p>
        ) : (
          <p>
            Confirming your payment is taking longer than usual. We will email your receipt and download links to{" "}
            {order.email} as soon as it is confirmed; you can also reload this page later.
          </p>
        )}
      </Card>
    );
  }
  const text = {
    pending_payment: "This order has not been paid yet. Nothing has been charged.",
    failed: `The payment did not go through: ${order.failureReason ?? "it was declined."} Nothing was charged.`,
    cancelled: "You cancelled the payment. Nothing was charged.",
    expired: "This order expired before it was paid. Nothing was charged.",
  }[order.status as string];
  if (!text) return null;
  return (
    <Card role="status" className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
      <p>{text}</p>
      {order.paymentUrl ? (
        <Button asChild>
          <a href={order.paymentUrl}>Pay now</a>
        </Button>
      ) : order.payAgainKey ? (
        <Form method="post" action={`${location.pathname}${location.search}`}>
          <input type="hidden" name="intent" value="pay-again" />
          <input type="hidden" name="idempotencyKey" value={order.payAgainKey} />
          <Button type="submit" disabled={navigation.formData?.get("intent") === "pay-again"}>
            Pay again
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

function OrderItemCard({ item, discountCode }: { item: Item; discountCode: string | null }) {
  const location = useLocation();
  // Beside the order's own address, with a guest's link token (the certificate checks it as the page does).
  const access = new URLSearchParams(location.search).get("access");
  const certificateUrl = (itemId: number) =>
    `${location.pathname}/items/${itemId}/certificate${access ? `?access=${encodeURIComponent(access)}` : ""}`;
  const licenseHolds = item.license && item.status === "active";
  return (
    // The anchor an upgrade's order links to, to show the licence it raised.
    <li id={`item-${item.id}`} className="scroll-mt-24">
      <Card className="flex flex-col gap-3 p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <Link to={`/product/${item.productId}`} className="min-w-0 font-semibold wrap-anywhere hover:text-primary">
            {item.title}
            {item.quantity > 1 ? ` × ${item.quantity}` : ""}
          </Link>
          <ItemPrice item={item} />
        </div>
        {item.bundleTitle ? (
          <p className="-mt-2 text-sm text-muted-foreground">From the bundle “{item.bundleTitle}”</p>
        ) : null}
        {item.discountCents > 0 ? (
          <p className="-mt-2 text-sm text-muted-foreground">
            You paid {formatPrice(item.paidCents)}: {formatPrice(item.discountCents)} off
            {discountCode ? ` with ${discountCode}` : ""}.
          </p>
        ) : null}
        {item.upgrade ? <UpgradeLine upgrade={item.upgrade} /> : null}
        {licenseHolds && item.license ? (
          <>
            <LicenseLine
              tier={item.license.tier}
              seats={item.license.seats}
              licenseKey={item.license.key}
              termsVersion={item.license.termsVersion}
              certificateUrl={item.hasCertificate ? certificateUrl(item.id) : undefined}
              title={item.title}
            />
            <LicenseHistory history={item.license.history} />
          </>
        ) : null}
        {item.upgradeOffer ? (
          <LicenseUpgradeForm itemId={item.id} title={item.title} offer={item.upgradeOffer} />
        ) : null}
        <FileList title={item.title} files={item.files} />
        {item.status === "refunded" ? (
          <p className="text-sm text-muted-foreground">
            Refunded{item.refund?.status === "approved" ? ` ${formatPrice(item.refund.amountCents)}` : ""}:{" "}
            {item.upgrade
              ? "this upgrade no longer counts toward the license."
              : "its license has ended and its files are no longer available."}
          </p>
        ) : null}
        <RefundSection item={item} />
      </Card>
    </li>
  );
}

/** The line's price; a discounted one shows its price struck through and what was paid. */
function ItemPrice({ item }: { item: Item }) {
  if (item.discountCents === 0) return <span className="font-semibold">{formatPrice(item.lineTotalCents)}</span>;
  return (
    <span className="flex items-baseline gap-2">
      <s className="text-sm text-muted-foreground">
        <span className="sr-only">Price </span>
        {formatPrice(item.lineTotalCents)}
      </s>
      <span className="font-semibold">
        <span className="sr-only">, paid </span>
        {formatPrice(item.paidCents)}
      </span>
    </span>
  );
}

/** An upgrade's line: what it moves the licence to, and where that licence is. */
function UpgradeLine({ upgrade }: { upgrade: NonNullable<Item["upgrade"]> }) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p>
        License upgrade: {LICENSE_TIER_NAMES[upgrade.tier]} license · {seatsLabel(upgrade.seats)}
      </p>
      {upgrade.licenseAt ? (
        <p className="text-muted-foreground">
          It raises the license bought with{" "}
          <Link to={upgrade.licenseAt.path} className="font-medium text-primary underline">
            order {upgrade.licenseAt.orderNumber}
          </Link>
          , where its key and certificate are.
        </p>
      ) : null}
    </div>
  );
}

const CHANGE_NAMES = {
  issued: "Issued",
  upgraded: "Upgraded",
  upgrade_refunded: "Upgrade refunded",
  revoked: "Revoked",
} as const;

/** How the licence came to be what it is, once it has changed since it was issued. */
function LicenseHistory({ history }: { history: NonNullable<Item["license"]>["history"] }) {
  if (history.length < 2) return null;
  return (
    <div className="ml-6 text-sm text-muted-foreground">
      <ol className="flex flex-col gap-0.5" aria-label="License history">
        {history.map((change) => (
          <li key={`${change.kind}-${change.at}-${change.tier}-${change.seats}`}>
            {CHANGE_NAMES[change.kind]} {formatDayUtc(change.at)} — {LICENSE_TIER_NAMES[change.tier]},{" "}
            {seatsLabel(change.seats)}
          </li>
        ))}
      </ol>
    </div>
  );
}

const REFUND_STATES = {
  requested: "Refund requested: we review requests within 24 hours.",
  approved: "Refund approved: the money reaches your original payment method within 3-5 business days.",
  rejected: "Refund declined",
} as const;

/** The refusal of the order page's last form (a refund request, a withdrawal); an upgrade form's is its own. */
function OrderFormRefusal() {
  const answer = useActionData<{ ok?: boolean; message?: string; upgradeOf?: string }>();
  if (answer?.ok !== false || !answer.message || answer.upgradeOf) return null;
  return (
    <p role="alert" className="text-destructive">
      {answer.message}
    </p>
  );
}

function RefundSection({ item }: { item: Item }) {
  const location = useLocation();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("orderItemId") === String(item.id);
  if (item.refund) {
    return (
      <p className="text-sm" role="status">
        {REFUND_STATES[item.refund.status]}
        {item.refund.decisionNote ? `: ${item.refund.decisionNote}` : ""}
      </p>
    );
  }
  if (!item.canRequestRefund) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground underline">Request a refund</summary>
      <Form method="post" action={`${location.pathname}${location.search}`} className="mt-3 flex flex-col gap-2">
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="orderItemId" value={item.id} />
        <Label htmlFor={`refund-reason-${item.id}`}>Why would you like a refund?</Label>
        <Textarea
          id={`refund-reason-${item.id}`}
          name="reason"
          required
          minLength={10}
          maxLength={1000}
          className="min-h-20"
        />
        <OrderFormRefusal />
        <Button type="submit" variant="outline" className="self-start" disabled={sending}>
          {sending ? "Sending..." : "Send refund request"}
        </Button>
      </Form>
    </details>
  );
}

/**
 * The order routes' error boundary: an order that is not there (or not theirs) says so plainly.
 * On a guest's order page (`offerNewLink`) it also offers a fresh link by email: an expired or
 * altered link lands here, with the same answer as an unknown order.
 */
export function OrderErrorScreen({ error, offerNewLink = false }: { error: unknown; offerNewLink?: boolean }) {
  const { number } = useParams();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <Container className="flex max-w-xl flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold">
        {typeof error.data === "string" ? error.data : "We could not find this order."}
      </h1>
      <p className="mt-3 text-muted-foreground">
        Open it from your receipt email, or sign in with the account you bought it with.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/account/orders">My Orders</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/contact">Contact support</Link>
        </Button>
      </div>
      {offerNewLink ? (
        <Card className="mt-10 w-full p-6 text-left">
          <h2 className="text-lg font-semibold">Is your link older than {ORDER_LINK_DAYS} days?</h2>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">
            Order links from our emails work for {ORDER_LINK_DAYS} days. Enter your order number and the email address
            you bought with, and we'll email you a new link.
          </p>
          <OrderLinkForm orderNumber={number && /^[A-Za-z0-9]{9}$/.test(number) ? number : undefined} />
        </Card>
      ) : null}
    </Container>
  );
}
