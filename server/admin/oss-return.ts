import { and, asc, eq, gte, lte } from "drizzle-orm";
import { isKnownCurrency } from "../../shared/currencies.ts";
import { settlementValue } from "../../shared/exchange-rate.ts";
import { isEuMemberState } from "../../shared/seller-tax-details-schema.ts";
import type { Database } from "../db/client.ts";
import { exchangeRates } from "../db/schema.ts";
import { DAY_MS, dayOf, quarterOfMonth, quarterPeriod, returnDueOn, type TaxPeriod } from "./tax-periods.ts";
import { type Group, isEu, linesOf, type TaxLine, taxGroups } from "./tax-report.ts";

// A quarter's return under the EU's One-Stop Shop (docs/decisions/062), from the tax report's
// groups (server/admin/tax-report.ts): the refunds of earlier quarters' sales as corrections of
// those quarters, and euro at the ECB's rate where the shop holds it.

/** How far after a period's last day the ECB's next publication may be (Easter: Thursday to Tuesday). */
const NEXT_PUBLICATION_DAYS = 5;

/** The ECB's rate of a currency for a period's return: units of it per euro, and the day it is for. */
interface EuroRate {
  currency: string;
  rate: string;
  day: string;
}

/**
 * The ECB's rate for `lastDay`, or if none was published that day, of the next day published
 * (Art. 369h(2), 366(2)), as the daily job stored it (server/currencies/update-rates.ts). Null when
 * none is held: the period has not ended, the job did not run then, or the ECB has no rate for it.
 */
async function euroRate(db: Database, { currency, lastDay }: { currency: string; lastDay: string }) {
  if (currency === "EUR") return { currency, rate: "1", day: lastDay };
  if (!isKnownCurrency(currency)) return null;
  const latest = dayOf(new Date(Date.parse(lastDay) + NEXT_PUBLICATION_DAYS * DAY_MS));
  const [row] = await db
    .select({ rate: exchangeRates.rate, day: exchangeRates.day })
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.source, "ecb"),
        eq(exchangeRates.base, "EUR"),
        eq(exchangeRates.quote, currency),
        gte(exchangeRates.day, lastDay),
        lte(exchangeRates.day, latest),
      ),
    )
    .orderBy(asc(exchangeRates.day))
    .limit(1);
  return row ? { currency, rate: row.rate, day: row.day } : null;
}

/** An amount in euro cents at `rate`, half away from zero (shared/exchange-rate.ts). */
const inEuro = (minor: number, rate: EuroRate) =>
  settlementValue(minor, { from: "EUR", to: rate.currency, rate: rate.rate });

/** A row of the OSS return: a member state of consumption and a rate, in one currency. */
interface OssSupply {
  currency: string;
  country: string;
  rateTenths: number;
  /** Orders paid in the quarter, and items of them refunded in it. */
  orders: number;
  refundedItems: number;
  taxableCents: number;
  vatCents: number;
  /** The same in euro cents at the quarter's rate; null without one. */
  euro: { taxableCents: number; vatCents: number } | null;
}

/** A refund in the quarter of an earlier quarter's sale: an amendment of that quarter's return (Art. 369g(4), 365). */
interface OssCorrection {
  /** The quarter corrected ("2026-Q3"). */
  period: string;
  country: string;
  currency: string;
  refundedItems: number;
  /** Negative: the VAT (and the taxable amount) that quarter declared for what was refunded. */
  taxableCents: number;
  vatCents: number;
  /** The VAT in euro cents at the corrected quarter's rate, the one its return used; null without one. */
  euro: { vatCents: number; rateDay: string } | null;
}

export interface OssReturn {
  quarter: TaxPeriod;
  /** union: the shop is established in the EU (SHOP_COUNTRY), its member state identifies it; non-union otherwise. */
  scheme: "union" | "non-union";
  memberStateOfIdentification: string | null;
  dueOn: string;
  supplies: OssSupply[];
  corrections: OssCorrection[];
  /** The VAT due per currency (supplies and corrections), and in euro when every amount could be converted. */
  totals: { currency: string; suppliesVatCents: number; correctionsVatCents: number; vatDueCents: number }[];
  euroVatDueCents: number | null;
  /** The quarter's rates used; currencies of the quarter without one are in `missingRates`. */
  rates: EuroRate[];
  missingRates: string[];
  /** Not in the return: business buyers under the reverse charge, net only. */
  reverseCharge: TaxLine[];
  /** Not in the return: sales in the member state of identification, for its own VAT return. */
  domestic: TaxLine[];
}

/**
 * A quarter's OSS return (docs/decisions/062): the EU's sales to consumers by member state and
 * rate, less the refunds of the quarter's own sales; the refunds of earlier quarters' sales as
 * corrections of those quarters; amounts in the orders' currencies and in euro at the ECB's rate of
 * the quarter's last day, where the shop holds it. A shop established in a member state
 * (`shopCountry`) reports the sales there in its own country's return, not in this one.
 */
export async function ossReturn(
  db: Database,
  { quarter, shopCountry = null }: { quarter: TaxPeriod; shopCountry?: string | null },
): Promise<OssReturn> {
  const identification = shopCountry && isEuMemberState(shopCountry) ? shopCountry : null;
  const groups = (await taxGroups(db, quarter)).filter(isEu);
  const isDomestic = (group: Group) => group.country === identification;
  const reported = groups.filter((group) => !group.reverseCharge && !isDomestic(group));
  const ofQuarter = reported.filter((group) => quarterOfMonth(group.soldIn) === quarter.name);
  const earlier = reported.filter((group) => group.kind === "refund" && quarterOfMonth(group.soldIn) !== quarter.name);

  const rates = new Map<string, EuroRate | null>();
  const rateOf = async (currency: string, period: TaxPeriod) => {
    const key = `${currency}|${period.lastDay}`;
    if (!rates.has(key)) rates.set(key, await euroRate(db, { currency, lastDay: period.lastDay }));
    return rates.get(key) ?? null;
  };

  const supplies: OssSupply[] = [];
  for (const line of linesOf(ofQuarter)) {
    const rate = await rateOf(line.currency, quarter);
    supplies.push({
      currency: line.currency,
      country: line.country!,
      rateTenths: line.rateTenths,
      orders: line.sold.count,
      refundedItems: line.refunded.count,
      taxableCents: line.netCents,
      vatCents: line.taxCents,
      euro: rate && { taxableCents: inEuro(line.netCents, rate), vatCents: inEuro(line.taxCents, rate) },
    });
  }

  const byPeriod = new Map<string, OssCorrection>();
  for (const group of earlier) {
    const period = quarterOfMonth(group.soldIn);
    const key = [period, group.country, group.currency].join("|");
    const correction = byPeriod.get(key) ?? {
      period,
      country: group.country!,
      currency: group.currency,
      refundedItems: 0,
      taxableCents: 0,
      vatCents: 0,
      euro: null,
    };
    correction.refundedItems += group.figures.count;
    correction.taxableCents -= group.figures.netCents;
    correction.vatCents -= group.figures.taxCents;
    byPeriod.set(key, correction);
  }
  const corrections = [...byPeriod.values()].sort(
    (a, b) =>
      a.currency.localeCompare(b.currency) || a.period.localeCompare(b.period) || a.country.localeCompare(b.country),
  );
  for (const correction of corrections) {
    const rate = await rateOf(correction.currency, quarterPeriod(correction.period));
    correction.euro = rate && { vatCents: inEuro(correction.vatCents, rate), rateDay: rate.day };
  }

  const totals = new Map<string, OssReturn["totals"][number]>();
  const totalOf = (currency: string) => {
    const total = totals.get(currency) ?? { currency, suppliesVatCents: 0, correctionsVatCents: 0, vatDueCents: 0 };
    totals.set(currency, total);
    return total;
  };
  for (const supply of supplies) totalOf(supply.currency).suppliesVatCents += supply.vatCents;
  for (const correction of corrections) totalOf(correction.currency).correctionsVatCents += correction.vatCents;
  for (const total of totals.values()) total.vatDueCents = total.suppliesVatCents + total.correctionsVatCents;

  const converted = [...supplies.map((supply) => supply.euro), ...corrections.map((correction) => correction.euro)];
  const quarterRates = await Promise.all([...totals.keys()].map((currency) => rateOf(currency, quarter)));
  return {
    quarter,
    scheme: identification ? "union" : "non-union",
    memberStateOfIdentification: identification,
    dueOn: returnDueOn(quarter),
    supplies,
    corrections,
    totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    euroVatDueCents: converted.every((each) => each !== null)
      ? converted.reduce((sum, each) => sum + each!.vatCents, 0)
      : null,
    rates: quarterRates.filter((rate) => rate !== null).filter((rate) => rate.currency !== "EUR"),
    missingRates: [...totals.keys()].filter((_, index) => quarterRates[index] === null).sort(),
    reverseCharge: linesOf(groups.filter((group) => group.reverseCharge && !isDomestic(group))),
    domestic: linesOf(groups.filter(isDomestic)),
  };
}
