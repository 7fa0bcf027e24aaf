import { getFormProps } from "@conform-to/react";
import type { OrderPageData } from "@server/orders/order-page.ts";
import { formatPrice } from "@shared/format.ts";
import { aLicense, isHigherTier, LICENSE_TIER_NAMES, MAX_SEATS, seatsLabel } from "@shared/license-tiers.ts";
import { licenseUpgradeSchema } from "@shared/license-upgrade-schema.ts";
import { TAX_LABEL } from "@shared/shop-facts.ts";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { InputField, replyOf, SelectField, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";

type Offer = NonNullable<OrderPageData["items"][number]["upgradeOffer"]>;

/**
 * "Upgrade license" under an item's licence: a higher tier the product sells now, or more seats,
 * for the difference; submitting goes to the payment page of an order of that one line. Every
 * amount shown is the server's: the quote of each tier at its fewest seats, and for other seat
 * counts the seat price and what was paid, named rather than worked out here.
 */
export function LicenseUpgradeForm(props: { itemId: number; title: string; offer: Offer }) {
  return props.offer.waiting ? <WaitingUpgrade waiting={props.offer.waiting} /> : <UpgradeChoice {...props} />;
}

/**
 * An upgrade already placed waits for payment: the licence takes one upgrade at a time (each is
 * priced from the licence as it is), so the page leads to that one rather than offer another.
 */
function WaitingUpgrade({ waiting }: { waiting: NonNullable<Offer["waiting"]> }) {
  return (
    <p className="rounded-md bg-muted p-3 text-sm">
      An upgrade of this license to {LICENSE_TIER_NAMES[waiting.tier]}, {seatsLabel(waiting.seats)}, is waiting for
      payment:{" "}
      <Link to={waiting.path} className="font-medium text-primary underline">
        pay it from order {waiting.number}
      </Link>
      , or cancel it on its payment page before choosing another upgrade.
    </p>
  );
}

function UpgradeChoice({ itemId, title, offer }: { itemId: number; title: string; offer: Offer }) {
  const location = useLocation();
  const navigation = useNavigation();
  // One answer for the page's forms: this form's only when it names this item.
  const answer = useActionData<{ upgradeOf?: string }>();
  const lastResult = answer?.upgradeOf === String(itemId) ? replyOf(answer) : undefined;
  const firstHigher = offer.quotes.find((quote) => isHigherTier(quote.tier, offer.currentTier)) ?? offer.quotes[0]!;
  const [form, fields] = useSchemaForm(licenseUpgradeSchema, {
    id: `upgrade-${itemId}`,
    lastResult,
    defaultValue: { tier: firstHigher.tier, seats: String(firstHigher.seats) },
  });
  const sending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "upgrade" &&
    navigation.formData.get("orderItemId") === String(itemId);
  const chosen = offer.quotes.find((quote) => quote.tier === fields.tier.value) ?? firstHigher;
  const seats = Number(fields.seats.value ?? chosen.seats);
  return (
    <details className="text-sm" open={lastResult ? true : undefined}>
      <summary className="cursor-pointer font-medium text-primary underline">Upgrade license</summary>
      <Form
        method="post"
        action={`${location.pathname}${location.search}`}
        {...getFormProps(form)}
        aria-label={`Upgrade the license of ${title}`}
        className="mt-3 flex flex-col gap-3"
      >
        <input type="hidden" name="intent" value="upgrade" />
        <input type="hidden" name="orderItemId" value={itemId} />
        <input type="hidden" name="idempotencyKey" value={offer.key} />
        <p className="text-muted-foreground">
          You have {aLicense(offer.currentTier)} for {seatsLabel(offer.currentSeats)}. Pay only the difference:{" "}
          {formatPrice(offer.paidCents)} already paid counts toward it.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField field={fields.tier} label="License">
            {offer.quotes.map((quote) => (
              <option key={quote.tier} value={quote.tier}>
                {LICENSE_TIER_NAMES[quote.tier]}: {formatPrice(quote.seatPriceCents)} per seat
              </option>
            ))}
          </SelectField>
          <InputField
            field={fields.seats}
            label="Seats"
            type="number"
            inputMode="numeric"
            min={offer.currentSeats}
            max={MAX_SEATS}
            hint={`${offer.currentSeats} to ${MAX_SEATS}`}
          />
        </div>
        <p aria-live="polite" className="rounded-md bg-muted p-3">
          <PriceToPay offer={offer} chosen={chosen} seats={seats} tax={offer.tax} />
        </p>
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="text-destructive">
            {form.errors[0]}
          </p>
        ) : null}
        <Button type="submit" className="self-start" disabled={sending}>
          {sending ? "Starting payment..." : "Upgrade and pay"}
        </Button>
      </Form>
    </details>
  );
}

/** How the order's tax names itself, for the upgrade bought from it. */
interface OrderTax {
  label: string;
  included: boolean;
}

/** "plus tax (8%)", "plus HST 13% (Ontario, Canada)", "VAT 19% (Germany) included". */
function taxClause({ label, included }: OrderTax): string {
  if (included) return `${label} included`;
  return `plus ${label === TAX_LABEL ? label.toLowerCase() : label}`;
}

/** What the chosen upgrade costs, from the server's figures. */
function PriceToPay({
  offer,
  chosen,
  seats,
  tax,
}: {
  offer: Offer;
  chosen: Offer["quotes"][number];
  seats: number;
  tax: OrderTax;
}) {
  const seatPrice = `${formatPrice(chosen.seatPriceCents)} × ${Number.isInteger(seats) ? seatsLabel(seats) : "seats"}`;
  const less = `${formatPrice(offer.paidCents)} paid`;
  if (seats === chosen.seats) {
    return (
      <>
        <strong>You pay {formatPrice(chosen.payCents)} now</strong>, {taxClause(tax)} ({seatPrice} − {less}).
      </>
    );
  }
  const tooFew = seats < offer.currentSeats || (chosen.tier === offer.currentTier && seats <= offer.currentSeats);
  if (!Number.isInteger(seats) || seats > MAX_SEATS || tooFew) {
    // Not the server's refusal word for word: when it comes, both show.
    return <>Nothing to pay for this choice: it is not above the license you have.</>;
  }
  return (
    <>
      You pay {seatPrice} − {less}, {taxClause(tax)}; the payment page shows the exact amount.
    </>
  );
}
