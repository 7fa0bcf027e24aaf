import type { OrderPageData } from "@server/orders/order-page.ts";
import { formatDayUtc, formatPrice } from "@shared/format.ts";
import { useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

type VatNumber = NonNullable<OrderPageData["order"]["vatNumber"]>;

/**
 * A business buyer's VAT number on their order (docs/decisions/058): not confirmed yet (the VAT
 * paid comes back once it is, with a button to ask VIES again now), confirmed later and the VAT
 * refunded, or unknown to VIES. A number confirmed at the checkout says nothing more: the totals
 * show the reverse charge.
 */
export function VatNumberNotice({ vatNumber }: { vatNumber: VatNumber }) {
  const location = useLocation();
  // A fetcher: its answer is this form's alone, and the page's data is loaded again after it.
  const fetcher = useFetcher<{ ok?: boolean; message?: string }>();
  const checking = fetcher.state !== "idle";
  if (vatNumber.state === "refunded" && vatNumber.refund) {
    return (
      <Card role="status" className="p-4 text-sm">
        {`Your VAT number ${vatNumber.number} was confirmed after your order: the VAT, ${formatPrice(vatNumber.refund.amountCents)}, was refunded on ${formatDayUtc(vatNumber.refund.refundedAt)}. The credit note is with the invoice below.`}
      </Card>
    );
  }
  if (vatNumber.state === "not-registered") {
    return (
      <Card role="status" className="p-4 text-sm">
        VIES, the EU's register of VAT numbers, does not know your VAT number {vatNumber.number}: the VAT on this order
        stays charged.
      </Card>
    );
  }
  if (!vatNumber.canCheckAgain) return null;
  return (
    <Card className="flex flex-col gap-3 p-4 text-sm">
      <p>
        Your VAT number {vatNumber.number} has not been confirmed by VIES yet, so you paid VAT on this order. The VAT
        will be refunded once the number is confirmed: we check it again every hour.
      </p>
      <fetcher.Form method="post" action={`${location.pathname}${location.search}`}>
        <input type="hidden" name="intent" value="vat-recheck" />
        <Button type="submit" variant="outline" disabled={checking}>
          {checking ? "Checking..." : "Check my VAT number again"}
        </Button>
      </fetcher.Form>
      {fetcher.state === "idle" && fetcher.data?.message ? (
        <p role={fetcher.data.ok === false ? "alert" : "status"}>{fetcher.data.message}</p>
      ) : null}
    </Card>
  );
}
