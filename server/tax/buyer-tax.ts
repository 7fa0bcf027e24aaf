import { Refusal } from "../lib/refusal.ts";
import { countryName } from "./countries.ts";
import { type IpCountry, ipCountryOf } from "./ip-country.ts";
import { type PlaceOfSupply, placeOfSupply } from "./place-of-supply.ts";
import type { TaxRateTable } from "./rate-table.ts";
import { type TaxableLine, type TaxedLines, taxForLines, untaxedLines } from "./tax-for-lines.ts";
import type { TaxMode } from "./tax-rule.ts";
import type { VatNumberCheck } from "./vat-numbers/vat-number-check.ts";

// The tax a buyer pays on their lines, as the cart shows it and as an order charges it
// (docs/decisions/057): the spec's flat 8%, or the rate of where the buyer lives. The cart is
// lenient: it shows what it can and says what is missing (`question`). An order is not: it refuses
// until the buyer has answered.

/** How the shop charges tax (TAX_MODE, the rate table, SHOP_COUNTRY): config.tax. */
export interface TaxSettings {
  mode: TaxMode;
  rates: TaxRateTable;
  shopCountry?: string | null;
}

/** What the shop knows of where a buyer lives before it works out their tax. */
export interface BuyerWhereabouts {
  /** The country (and province) they chose; null: none yet (the cart guesses from the IP address). */
  country: string | null;
  region: string | null;
  /** The address their request came from. */
  ipAddress: string;
  /** Told of a conflict, they confirmed the country they chose (placeOfSupply). */
  buyerConfirmed?: boolean;
  /** A business buyer's VAT number as checking it answered: confirmed, no VAT (a reverse charge). */
  vatCheck?: VatNumberCheck | null;
}

export interface BuyerTax extends TaxedLines {
  mode: TaxMode;
  /** The country and province taxed (in the cart, perhaps guessed); null in flat mode or when none is known. */
  country: string | null;
  region: string | null;
  /** The evidence of the buyer's place, for the order to keep; null in flat mode. */
  place: PlaceOfSupply | null;
  /** What the buyer must answer before paying (a country, a province, a conflict); null: nothing. */
  question: string | null;
  /** The question is a conflict of the evidence: the buyer may confirm the country they chose. */
  conflict: boolean;
  /** The business buyer's VAT number as checked, when one was given (by-location only). */
  vatCheck: VatNumberCheck | null;
}

const CHOOSE_COUNTRY = "Choose the country you live in to see your tax.";
const COUNTRY_BEFORE_PAYING = "Choose the country you live in before you pay.";

export interface BuyerTaxInput {
  settings: TaxSettings;
  buyer: BuyerWhereabouts;
  lines: readonly TaxableLine[];
  /** An order refuses (400, 409) what the cart only asks. */
  forOrder?: boolean;
  lookupIpCountry?: (address: string) => IpCountry;
}

export function buyerTax({
  settings,
  buyer,
  lines,
  forOrder = false,
  lookupIpCountry = ipCountryOf,
}: BuyerTaxInput): BuyerTax {
  const { mode, rates, shopCountry } = settings;
  const result = (
    taxed: TaxedLines,
    place: PlaceOfSupply | null,
    question: string | null,
    conflict = false,
  ): BuyerTax => ({
    ...taxed,
    mode,
    country: place?.country ?? null,
    region: place?.region ?? null,
    place,
    question,
    conflict,
    vatCheck: mode === "flat" ? null : (buyer.vatCheck ?? null),
  });
  if (mode === "flat") return result(taxForLines({ mode, rates, lines }), null, null);

  const country = buyer.country ?? (forOrder ? null : lookupIpCountry(buyer.ipAddress).country);
  if (!country) {
    if (forOrder) throw new Refusal(COUNTRY_BEFORE_PAYING, "invalid", { field: "country" });
    return result(untaxedLines(lines, "Tax"), null, CHOOSE_COUNTRY);
  }
  const whereabouts = {
    chosenCountry: country,
    chosenRegion: buyer.region,
    ipAddress: buyer.ipAddress,
    rates,
    lookupIpCountry,
  };
  let place: PlaceOfSupply;
  try {
    place = placeOfSupply({ ...whereabouts, buyerConfirmed: buyer.buyerConfirmed ?? false });
  } catch (error) {
    // A country that is none, or one taxed by province without one: the cart asks for it.
    if (forOrder || !(error instanceof Refusal)) throw error;
    return { ...result(untaxedLines(lines, "Tax"), null, error.message), country: country.toUpperCase() };
  }
  let question: string | null = null;
  let conflict = false;
  if (place.status === "conflict") {
    if (forOrder) throw new Refusal(place.message, "conflict", { field: "country" });
    // The cart shows the chosen country's tax and asks; the order waits for the answer.
    question = place.message;
    conflict = true;
    place = placeOfSupply({ ...whereabouts, buyerConfirmed: true });
  }
  const vatCheck = buyer.vatCheck ?? null;
  let business: { vatNumberValid: boolean } | null = vatCheck && { vatNumberValid: vatCheck.status === "valid" };
  // The reverse charge is where the business is (Art. 44): the number must be of the country chosen.
  if (vatCheck && vatCheck.country !== place.country) {
    const there = countryName(vatCheck.country);
    const message = `This VAT number is registered in ${there}: choose ${there} as your country, or remove the number.`;
    if (forOrder) throw new Refusal(message, "invalid", { field: "vatNumber" });
    question ??= message;
    business = null;
  }
  return result(taxForLines({ mode, rates, shopCountry, place, lines, business }), place, question, conflict);
}
