import { SETTLEMENT_CURRENCY } from "../../shared/currencies.ts";
import { settlementValue } from "../../shared/exchange-rate.ts";
import { apportion } from "../orders/money.ts";

// A buyer's payment in their own currency as the ledger keeps it: in the settlement currency, at the
// rate the order used (docs/decisions/059). The total is converted once, to the minor unit, and
// shared out over the lines in proportion to what each cost the buyer (apportion: largest
// remainder, so the lines add up to the total exactly); each line's share is what the seller's
// split (splitSale) and the ledger then take.

/**
 * What `paidMinor` in `currency` is worth in the settlement currency at `rate` (units of `currency`
 * per settlement unit), and each line's part of it, in proportion to `linesMinor` (the lines as the
 * buyer paid them, in `currency`).
 */
export function settlementOfPayment({
  paidMinor,
  currency,
  rate,
  linesMinor,
}: {
  paidMinor: number;
  currency: string;
  rate: string;
  linesMinor: readonly number[];
}): { totalMinor: number; linesMinor: number[] } {
  const totalMinor = settlementValue(paidMinor, { from: SETTLEMENT_CURRENCY, to: currency, rate });
  return { totalMinor, linesMinor: apportion(totalMinor, linesMinor) };
}
