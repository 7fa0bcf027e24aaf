import { type Currency, currencyOf, PRICE_ENDING_MARGINS } from "./currencies.ts";

// Exchange rates as exact decimals, and amounts converted with them in integer arithmetic (BigInt):
// no float touches a rate or an amount, so a price converted with a given rate is the same on the
// server, in the browser and when recomputed from the rate an order kept (docs/decisions/059).

/** A positive decimal: units / 10^scale ("0.84638" is 84638 / 10^5). */
interface Decimal {
  units: bigint;
  scale: number;
}

/** A rate as text: digits, at most one point, nothing else ("1.0705", "171.94", "1"). */
const RATE_TEXT = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/** Significant digits a rate worked out from two others (a cross rate) is given. */
const CROSS_RATE_DIGITS = 10;

/** The rate in `text`, or undefined when it is not a plain positive decimal of at most 12 + 12 digits. */
export function parseRate(text: string): Decimal | undefined {
  const match = RATE_TEXT.exec(text.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? "";
  const units = BigInt(`${match[1]}${fraction}`);
  if (units === 0n) return undefined;
  return normalised({ units, scale: fraction.length });
}

/** A rate as stored and shown: no trailing zeros after the point, no point for a whole number. */
export function rateText(text: string): string {
  const rate = parseRate(text);
  if (!rate) throw new RangeError(`Not a positive rate: ${JSON.stringify(text)}`);
  return decimalText(rate);
}

function normalised({ units, scale }: Decimal): Decimal {
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return { units, scale };
}

function decimalText({ units, scale }: Decimal): string {
  const digits = units.toString().padStart(scale + 1, "0");
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

const TEN = 10n;
const pow10 = (exponent: number) => TEN ** BigInt(exponent);

/** numerator / denominator (both positive or zero over positive) rounded half up to an integer. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const [n, d] = [numerator < 0n ? -numerator : numerator, denominator < 0n ? -denominator : denominator];
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/**
 * The rate from `base` to `quote` when both are known against a third currency (the ECB's rates
 * are per euro): perQuote / perBase, to CROSS_RATE_DIGITS significant digits, half up. "1" for the
 * third currency itself.
 */
export function crossRate(thirdToQuote: string, thirdToBase: string): string {
  const quote = parseRate(thirdToQuote);
  const base = parseRate(thirdToBase);
  if (!quote || !base) throw new RangeError(`Not positive rates: ${thirdToQuote}, ${thirdToBase}`);
  // value = (quote.units / 10^quote.scale) / (base.units / 10^base.scale) = numerator / denominator
  const numerator = quote.units * pow10(base.scale);
  const denominator = base.units * pow10(quote.scale);
  // The scale that leaves CROSS_RATE_DIGITS significant digits: from the value's magnitude.
  let magnitude = 0; // the value is in [10^magnitude, 10^(magnitude + 1))
  if (numerator >= denominator) {
    while (numerator >= denominator * pow10(magnitude + 1)) magnitude++;
  } else {
    do magnitude--;
    while (numerator * pow10(-magnitude) < denominator);
  }
  const scale = Math.max(0, CROSS_RATE_DIGITS - 1 - magnitude);
  return decimalText(normalised({ units: divideHalfUp(numerator * pow10(scale), denominator), scale }));
}

/** A conversion: from one currency to another at a rate (units of `to` per unit of `from`). */
interface Conversion {
  from: string;
  to: string;
  rate: string;
}

/** amount (minor units of `from`) x rate, in minor units of `to`, as an exact fraction. */
function exactAmount(amountMinor: number, { from, to, rate: rateString }: Conversion) {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`Not a whole amount of minor units: ${amountMinor}`);
  const rate = parseRate(rateString);
  if (!rate) throw new RangeError(`Not a positive rate: ${JSON.stringify(rateString)}`);
  const source = currencyOf(from);
  const target = currencyOf(to);
  return {
    numerator: BigInt(amountMinor) * rate.units * pow10(target.minorDigits),
    denominator: pow10(rate.scale + source.minorDigits),
    target,
  };
}

/**
 * An amount converted to the minor unit, half up (half away from zero for a negative one): what a
 * payment in `from` is worth in `to`, with no price ending. The same currency on both sides is the
 * amount itself.
 */
export function convertAmount(amountMinor: number, conversion: Conversion): number {
  if (conversion.from === conversion.to) return amountMinor;
  const { numerator, denominator } = exactAmount(amountMinor, conversion);
  return Number(divideHalfUp(numerator, denominator));
}

/**
 * A price converted for a buyer who pays in `to`, moved to a deliberate ending (shared/currencies.json
 * "priceEndings"): the first step of the currency's ladder that has a price within the margins of
 * the exact amount (at most 1% below, 3% above) gives the one nearest it, the higher on a tie; when
 * none does, the exact amount to the minor unit, half up. A price above 0 is never 0; 0 stays 0; the
 * same currency on both sides is the price itself.
 */
export function convertPrice(priceMinor: number, conversion: Conversion): number {
  if (priceMinor < 0) throw new RangeError(`A price is not negative: ${priceMinor}`);
  if (conversion.from === conversion.to || priceMinor === 0) return priceMinor;
  const { numerator, denominator, target } = exactAmount(priceMinor, conversion);
  const ended = withEnding(numerator, denominator, target);
  if (ended !== undefined) return Number(ended);
  const rounded = divideHalfUp(numerator, denominator);
  return Number(rounded > 0n ? rounded : 1n);
}

const BASIS = 10_000n;

/** The ladder's price for the exact amount numerator / denominator, or undefined when no step fits. */
function withEnding(numerator: bigint, denominator: bigint, currency: Currency): bigint | undefined {
  const lowest = numerator * (BASIS - BigInt(PRICE_ENDING_MARGINS.below)); // x / (BASIS * denominator)
  const highest = numerator * (BASIS + BigInt(PRICE_ENDING_MARGINS.above));
  const fits = (price: bigint) =>
    price >= 1n && price * BASIS * denominator >= lowest && price * BASIS * denominator <= highest;
  for (const { every, less } of currency.endings) {
    const [step, offset] = [BigInt(every), BigInt(less)];
    // The step's prices just below (or at) and just above the exact amount: any other is farther.
    const below = ((numerator + offset * denominator) / (step * denominator)) * step - offset;
    const candidates = [below, below + step].filter(fits);
    if (candidates.length === 0) continue;
    const distance = (price: bigint) => {
      const gap = price * denominator - numerator;
      return gap < 0n ? -gap : gap;
    };
    // The nearer; on a tie the higher (the later in the list).
    return candidates.reduce((best, price) => (distance(price) <= distance(best) ? price : best));
  }
  return undefined;
}

/**
 * What a payment of `paidMinor` in `to` is worth in `from` (the settlement currency), at the rate
 * that converted `from` into `to`: the payment divided by the rate, to the minor unit, half up.
 * (Not convertAmount at an inverse rate: the inverse of a decimal rate need not be a decimal.)
 */
export function settlementValue(paidMinor: number, { from, to, rate: rateString }: Conversion): number {
  if (from === to) return paidMinor;
  if (!Number.isSafeInteger(paidMinor)) throw new RangeError(`Not a whole amount of minor units: ${paidMinor}`);
  const rate = parseRate(rateString);
  if (!rate) throw new RangeError(`Not a positive rate: ${JSON.stringify(rateString)}`);
  const settlement = currencyOf(from);
  const paid = currencyOf(to);
  // paid / 10^paid.digits / (units / 10^scale) * 10^settlement.digits
  const numerator = BigInt(paidMinor) * pow10(rate.scale + settlement.minorDigits);
  const denominator = rate.units * pow10(paid.minorDigits);
  return Number(divideHalfUp(numerator, denominator));
}
