import type { CartTax } from "@server/cart/cart.ts";
import { CodeEntry, HeldCode, useCodeField } from "./code-field";

// Its own fetcher: a number's problem shows beside the number, not in the cart's toasts.
const VAT_NUMBER_FETCHER = "cart-vat-number";

/**
 * A business buyer's VAT number (TAX_MODE=by-location, in the EU): a field and Check when there is
 * none; once given, the number, whether VIES confirmed it (no VAT: a reverse charge) or could not
 * say now (VAT charged, claimed back once confirmed), and Remove. The server reads and checks it.
 */
export function VatNumber({ vatNumber }: { vatNumber: CartTax["vatNumber"] }) {
  const field = useCodeField(VAT_NUMBER_FETCHER, vatNumber !== null);
  if (!vatNumber) {
    return (
      <CodeEntry
        field={field}
        intent="vat-number"
        name="vatNumber"
        label="VAT number (businesses, optional)"
        sendLabel="Check"
        sendingLabel="Checking..."
      />
    );
  }
  return (
    <HeldCode
      field={field}
      label="VAT number"
      removeIntent="vat-number"
      removeFields={{ vatNumber: "" }}
      removeLabel={`VAT number ${vatNumber.number}`}
      notes={vatNumber.message ? <p className="mt-2 text-muted-foreground">{vatNumber.message}</p> : null}
    >
      VAT number <span className="font-semibold">{vatNumber.number}</span>
      <span className={vatNumber.confirmed ? "block text-success" : "block text-warning"}>
        <span className="sr-only">, </span>
        {vatNumber.confirmed ? "Confirmed: no VAT, reverse charge" : "Not confirmed yet"}
      </span>
    </HeldCode>
  );
}
