import { and, asc, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { countryName } from "../tax/countries.ts";
import type { PlaceOfSupply } from "../tax/place-of-supply.ts";
import type { TaxPeriod } from "./tax-periods.ts";

// The paid orders whose evidence of where the buyer lives did not settle (docs/decisions/057): taxed
// as the buyer chose, but with fewer than the two agreeing items Regulation 282/2011 Art. 24b(d)
// asks for, or with the card paid with from another country. The owner looks at these before filing:
// a tax authority may ask why they were taxed where they were.

export interface UnsettledOrder {
  number: string;
  paidAt: Date;
  /** The country charged, as the buyer chose it. */
  country: string;
  /** The card was from another country and nothing else agreed (withCardCountry). */
  contradicted: boolean;
  /** Told the evidence disagreed, the buyer confirmed the country at the checkout. */
  buyerConfirmed: boolean;
  /** What each item said, in words: "IP address 10.0.0.7: nothing (a private address)". */
  evidence: string[];
}

const PAID = ["paid", "partially_refunded", "refunded"] as const;

/** The orders paid in the period whose place is unconfirmed (or contradicted), oldest payment first. */
export async function unsettledTaxEvidence(db: Database, { period }: { period: TaxPeriod }): Promise<UnsettledOrder[]> {
  const rows = await db
    .select({ number: orders.number, paidAt: orders.paidAt, place: orders.taxEvidence })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...PAID]),
        gte(orders.paidAt, period.from),
        lt(orders.paidAt, period.to),
        sql`${orders.taxEvidence} ->> 'status' = 'unconfirmed'`,
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.id));
  return rows.flatMap(({ number, paidAt, place }) =>
    place && place.status !== "conflict" && paidAt
      ? [
          {
            number,
            paidAt,
            country: place.country,
            contradicted: place.contradicted === true,
            buyerConfirmed: place.buyerConfirmed === true,
            evidence: place.evidence.map(describe),
          },
        ]
      : [],
  );
}

type EvidenceItem = PlaceOfSupply["evidence"][number];

function describe(item: EvidenceItem): string {
  const said = (country: string | null, reason?: string) =>
    country ? countryName(country) : `nothing${reason ? ` (${reason})` : ""}`;
  switch (item.kind) {
    case "billing-country":
      return `Chosen: ${countryName(item.country)}${item.region ? ` (${item.region})` : ""}`;
    case "ip-address":
      return `IP address ${item.address}: ${said(item.country, item.reason)}`;
    case "card-country":
      return `Card: ${said(item.country, item.reason)}`;
  }
}
