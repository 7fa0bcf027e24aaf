import { TAX_PERCENT } from "../../shared/shop-facts.ts";
import { apportion } from "../orders/money.ts";
import { tenths } from "./rate-table.ts";
import { taxInGross, taxOnNet } from "./rounding.ts";
import { type TaxRule, type TaxRuleInput, taxRuleFor } from "./tax-rule.ts";

// The tax on a cart's lines (docs/decisions/057). By the buyer's place, each line is taxed once and
// rounded once, half a cent up: on top of the price where prices are shown before tax (net = price),
// or taken out of it where they include tax (gross = price). In flat mode it is exactly the cart's
// rule today (server/cart/cart.ts, taxOn): 8% of the subtotal after discount, rounded once, then
// shared out over the lines for their records.

/** A cart line: the price of one seat, its seats, and its part of a discount code's discount. */
export interface TaxableLine {
  priceCents: number;
  quantity?: number;
  discountCents?: number;
}

interface TaxedLine {
  netCents: number;
  rateBasisPoints: number;
  taxCents: number;
  grossCents: number;
  /** The tax by its parts (GST and QST in Quebec); one part elsewhere, none without tax. */
  components: { name: string; rateBasisPoints: number; taxCents: number }[];
}

export interface TaxedLines extends Omit<TaxRule, "components" | "waivedRateBasisPoints"> {
  lines: TaxedLine[];
  netCents: number;
  taxCents: number;
  /** What the buyer pays. */
  grossCents: number;
}

export function taxForLines(input: TaxRuleInput & { lines: readonly TaxableLine[] }): TaxedLines {
  const rule = taxRuleFor(input);
  const amounts = input.lines.map(lineAmount);
  const lines = rule.kind === "flat" ? flatLines(amounts) : amounts.map((amount) => taxedLine(rule, amount));
  const { components, waivedRateBasisPoints, ...shown } = rule;
  return {
    ...shown,
    lines,
    netCents: sum(lines.map((line) => line.netCents)),
    taxCents: sum(lines.map((line) => line.taxCents)),
    grossCents: sum(lines.map((line) => line.grossCents)),
  };
}

/**
 * The lines without tax, while the buyer's place is not known yet (the cart asks for it): named
 * `label`, and never an order's (buyerTax refuses to place one without a place).
 */
export function untaxedLines(lines: readonly TaxableLine[], label: string): TaxedLines {
  const taxed = lines.map(lineAmount).map((amount) => ({
    netCents: amount,
    rateBasisPoints: 0,
    taxCents: 0,
    grossCents: amount,
    components: [],
  }));
  const netCents = sum(taxed.map((line) => line.netCents));
  return {
    kind: "none",
    taxName: "Tax",
    rateBasisPoints: 0,
    pricesIncludeTax: false,
    label,
    mention: null,
    provisional: true,
    lines: taxed,
    netCents,
    taxCents: 0,
    grossCents: netCents,
  };
}

/** What a line costs before tax is worked out: its seats' price less its discount. */
function lineAmount({ priceCents, quantity = 1, discountCents = 0 }: TaxableLine): number {
  for (const [name, value] of Object.entries({ priceCents, quantity, discountCents })) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number, not ${value}`);
  }
  const amount = priceCents * quantity - discountCents;
  if (amount < 0)
    throw new RangeError(`a line's discount (${discountCents}) exceeds its price (${priceCents * quantity})`);
  return amount;
}

/** 8% of the lines' sum, rounded once as taxOn does, shared out over the lines by their amounts. */
function flatLines(amounts: number[]): TaxedLine[] {
  const rateBasisPoints = TAX_PERCENT * 100;
  const taxCents = Math.round((sum(amounts) * TAX_PERCENT) / 100);
  const shares = apportion(taxCents, amounts);
  return amounts.map((netCents, index) => {
    const share = shares[index]!;
    return {
      netCents,
      rateBasisPoints,
      taxCents: share,
      grossCents: netCents + share,
      components: [{ name: "Tax", rateBasisPoints, taxCents: share }],
    };
  });
}

function taxedLine(rule: TaxRule, amount: number): TaxedLine {
  if (rule.kind !== "rate") {
    // No tax; a business under a reverse charge does not pay the tax a consumer's price includes.
    const netCents = amount - taxInGross(amount, tenths(rule.waivedRateBasisPoints));
    return { netCents, rateBasisPoints: 0, taxCents: 0, grossCents: netCents, components: [] };
  }
  const rateTenths = rule.components.map((part) => tenths(part.rateBasisPoints));
  let parts: number[];
  let netCents: number;
  if (rule.pricesIncludeTax) {
    const taxCents = taxInGross(amount, sum(rateTenths));
    parts = apportion(taxCents, rateTenths);
    netCents = amount - taxCents;
  } else {
    parts = rateTenths.map((rate) => taxOnNet(amount, rate));
    netCents = amount;
  }
  const taxCents = sum(parts);
  return {
    netCents,
    rateBasisPoints: rule.rateBasisPoints,
    taxCents,
    grossCents: netCents + taxCents,
    components: rule.components.map((part, index) => ({ ...part, taxCents: parts[index]! })),
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
