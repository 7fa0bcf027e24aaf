import { Refusal } from "../lib/refusal.ts";
import { countryName, isCountryCode } from "./countries.ts";
import { type IpCountry, ipCountryOf } from "./ip-country.ts";
import type { TaxRateTable } from "./rate-table.ts";

// Where a buyer of a download lives, from the evidence a checkout has (docs/decisions/057). The EU
// presumes a consumer of electronically supplied services lives where two non-contradictory items of
// evidence put them (Implementing Regulation (EU) No 282/2011, Article 24b, point (d)); Article 24f
// lists the items: (a) the billing address, (b) the IP address or other geolocation, (c) bank details,
// which we take the card's issuing country to be. The buyer's chosen country is their billing address;
// it stands when another item agrees. The UK, Norway, Australia and the rest accept the same evidence.

/** One item of evidence: what it is, what it said, and for an IP address, the address and why it said nothing. */
type EvidenceItem =
  | { kind: "billing-country"; country: string; region: string | null }
  | { kind: "ip-address"; address: string; country: string | null; database: string; reason?: string }
  | { kind: "card-country"; country: string | null; reason?: string };

type EvidenceKind = EvidenceItem["kind"];

/**
 * The buyer's place and how it was found: a plain object to store on the order as JSON.
 * - settled: another item agrees with the country the buyer chose (Article 24b, point (d)).
 * - unconfirmed: nothing contradicts the buyer's choice, but nothing else confirms it yet (a private
 *   address and no card's country so far): tax as chosen, and confirm when the card's country arrives.
 * - conflict: an item contradicts the choice and none confirms it: ask the buyer (`message`). A
 *   buyer who answers that they do live there is taxed as they chose, unconfirmed, with
 *   `buyerConfirmed` and the contradicting item kept.
 * A card's country that arrives with the payment (withCardCountry) can no longer be asked about:
 * the money is taken. One that contradicts the choice with nothing agreeing leaves the place
 * unconfirmed and marks it `contradicted`, for the owner to see (the admin's tax reports page).
 */
export type PlaceOfSupply =
  | StoredPlace
  | { status: "conflict"; country: null; region: null; evidence: EvidenceItem[]; message: string };

/** A place an order can be taxed by and keep (`orders.tax_evidence`): never a conflict. */
export interface StoredPlace {
  status: "settled" | "unconfirmed";
  country: string;
  region: string | null;
  evidence: EvidenceItem[];
  buyerConfirmed?: true;
  /** The card paid with was from another country and nothing else agreed with the choice. */
  contradicted?: true;
}

export const UNKNOWN_COUNTRY = "Choose the country you live in from the list.";
export const regionNeeded = (country: string) =>
  `Choose your province or territory in ${countryName(country)} from the list.`;

export interface PlaceOfSupplyInput {
  /** The country the buyer chose at checkout (their billing address), ISO 3166-1 alpha-2. */
  chosenCountry: string;
  /** Their province where the country is taxed by region (Canada): "ON". */
  chosenRegion?: string | null;
  /** The address the buyer's request came from (Express's req.ip). */
  ipAddress: string;
  /** The card's issuing country, where the payment provider reports it. */
  cardCountry?: string | null;
  /** The table, for the countries taxed by region. */
  rates: TaxRateTable;
  /** The IP-to-country lookup; the database shipped with the shop by default. */
  lookupIpCountry?: (address: string) => IpCountry;
  /** The buyer, told of a conflict, confirmed that they live in the country they chose. */
  buyerConfirmed?: boolean;
}

/**
 * The buyer's place from their chosen country, their IP address's and their card's. Refuses (400) a
 * country that is not one, or a missing or unknown region where the country is taxed by region.
 */
export function placeOfSupply({
  chosenCountry,
  chosenRegion,
  ipAddress,
  cardCountry,
  rates,
  lookupIpCountry = ipCountryOf,
  buyerConfirmed = false,
}: PlaceOfSupplyInput): PlaceOfSupply {
  const country = chosenCountry.trim().toUpperCase();
  if (!isCountryCode(country)) throw new Refusal(UNKNOWN_COUNTRY, "invalid", { field: "country" });
  const region = requiredRegion(rates, country, chosenRegion);
  const ip = lookupIpCountry(ipAddress);
  const evidence: EvidenceItem[] = [
    { kind: "billing-country", country, region },
    {
      kind: "ip-address",
      address: ipAddress,
      country: ip.country,
      database: ip.database,
      ...(ip.reason ? { reason: ip.reason } : {}),
    },
  ];
  if (cardCountry != null) evidence.push(cardEvidence(cardCountry));
  const others = othersSaid(evidence);
  if (others.includes(country)) return { status: "settled", country, region, evidence };
  if (others.length === 0) return { status: "unconfirmed", country, region, evidence };
  if (buyerConfirmed) return { status: "unconfirmed", country, region, evidence, buyerConfirmed: true };
  return { status: "conflict", country: null, region: null, evidence, message: conflictMessage(country, evidence) };
}

function requiredRegion(rates: TaxRateTable, country: string, chosen: string | null | undefined): string | null {
  const regions = rates.countries[country]?.regions;
  if (!regions) return null;
  const region = chosen?.trim().toUpperCase() ?? "";
  if (!Object.hasOwn(regions, region)) throw new Refusal(regionNeeded(country), "invalid", { field: "region" });
  return region;
}

/** The countries the items other than the buyer's own choice gave (those that said one). */
function othersSaid(evidence: readonly EvidenceItem[]): string[] {
  return evidence.flatMap((item) => (item.kind !== "billing-country" && item.country !== null ? [item.country] : []));
}

/**
 * The order's place once the payment reported the card's issuing country (Article 24f(c)): the
 * card's item is added (replacing one already there) and the status recomputed as placeOfSupply
 * does, except that a contradiction can no longer be a conflict, since the buyer has paid the tax
 * of the place they chose: it stays `unconfirmed` and is marked `contradicted`. A card that agrees
 * settles the place (a buyer's confirmation is kept, as the record of what they were asked). A
 * code that is no country's is kept as an item that said nothing and changes no status. Nothing
 * here changes the country, and so nothing changes what was charged.
 */
export function withCardCountry(place: StoredPlace, cardCountry: string): StoredPlace {
  const { contradicted: _earlier, ...rest } = place;
  const card = cardEvidence(cardCountry);
  const evidence = [...place.evidence.filter((item) => item.kind !== "card-country"), card];
  if (othersSaid(evidence).includes(place.country)) return { ...rest, status: "settled", evidence };
  // Only the card's own word marks it: an IP address the buyer already answered for is in buyerConfirmed.
  if (card.country === null) return { ...rest, status: "unconfirmed", evidence };
  return { ...rest, status: "unconfirmed", evidence, contradicted: true };
}

/** A card's country as evidence; a code that is no country's says nothing (the provider's fault, not the buyer's). */
function cardEvidence(reported: string): EvidenceItem {
  const country = reported.trim().toUpperCase();
  if (isCountryCode(country)) return { kind: "card-country", country };
  return { kind: "card-country", country: null, reason: `not a country code: ${JSON.stringify(reported)}` };
}

const SAID_BY: Record<Exclude<EvidenceKind, "billing-country">, string> = {
  "ip-address": "your internet connection",
  "card-country": "your card",
};

/** What the checkout asks the buyer when the evidence disagrees with the country they chose. */
function conflictMessage(chosen: string, evidence: EvidenceItem[]): string {
  const said = evidence.flatMap((item) =>
    item.kind !== "billing-country" && item.country
      ? [`${SAID_BY[item.kind]} is from ${countryName(item.country)}`]
      : [],
  );
  return `You chose ${countryName(chosen)}, but ${said.join(" and ")}. Tax is charged where you live: choose the country you live in, or pay with a card from ${countryName(chosen)}.`;
}
