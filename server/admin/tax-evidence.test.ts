import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSeller } from "../../tests/support/factories.ts";
import { createTaxedOrder } from "../../tests/support/taxed-orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { orders } from "../db/schema.ts";
import type { StoredPlace } from "../tax/place-of-supply.ts";
import { unsettledTaxEvidence } from "./tax-evidence.ts";
import { monthPeriod } from "./tax-periods.ts";

// The admin's list of the month's paid orders whose evidence of where the buyer lives did not settle.

const database = setUpTestDatabase();
const NOVEMBER = monthPeriod("2026-11");
const numbers: Record<string, string> = {};

const chosen = (country: string) => ({ kind: "billing-country" as const, country, region: null });
const privateIp = {
  kind: "ip-address" as const,
  address: "10.0.0.7",
  country: null,
  database: "stand-in",
  reason: "a private address",
};
const card = (country: string) => ({ kind: "card-country" as const, country });

beforeAll(async () => {
  const db = database.db;
  const { creator } = await createSeller(db, { taxDetails: false });
  const places: [string, string, StoredPlace | null][] = [
    [
      "settled",
      "2026-11-02T10:00:00Z",
      { status: "settled", country: "DE", region: null, evidence: [chosen("DE"), privateIp, card("DE")] },
    ],
    [
      "unconfirmed",
      "2026-11-03T10:00:00Z",
      { status: "unconfirmed", country: "DE", region: null, evidence: [chosen("DE"), privateIp] },
    ],
    [
      "contradicted",
      "2026-11-04T10:00:00Z",
      {
        status: "unconfirmed",
        country: "DE",
        region: null,
        evidence: [chosen("DE"), privateIp, card("FR")],
        contradicted: true,
      },
    ],
    ["flat", "2026-11-05T10:00:00Z", null],
    [
      "october",
      "2026-10-31T23:59:00Z",
      { status: "unconfirmed", country: "FR", region: null, evidence: [chosen("FR"), privateIp] },
    ],
  ];
  for (const [name, paidAt, place] of places) {
    const { order } = await createTaxedOrder(db, {
      creatorId: creator.id,
      country: place?.country ?? null,
      paidAt: new Date(paidAt),
      lines: [{ netCents: 1000, taxCents: 190, rateTenths: 19000 }],
    });
    await db.update(orders).set({ taxEvidence: place }).where(eq(orders.id, order.id));
    numbers[name] = order.number;
  }
  // Not paid: not the owner's concern yet.
  const { order } = await createTaxedOrder(db, {
    creatorId: creator.id,
    country: "DE",
    paidAt: new Date("2026-11-06T10:00:00Z"),
    status: "pending_payment",
    lines: [{ netCents: 1000, taxCents: 190, rateTenths: 19000 }],
  });
  await db
    .update(orders)
    .set({ taxEvidence: { status: "unconfirmed", country: "DE", region: null, evidence: [chosen("DE"), privateIp] } })
    .where(eq(orders.id, order.id));
});

describe("unsettledTaxEvidence", () => {
  it("lists the month's paid orders whose place is unconfirmed or contradicted, saying what each item said", async () => {
    expect(await unsettledTaxEvidence(database.db, { period: NOVEMBER })).toEqual([
      {
        number: numbers.unconfirmed,
        paidAt: new Date("2026-11-03T10:00:00Z"),
        country: "DE",
        contradicted: false,
        buyerConfirmed: false,
        evidence: ["Chosen: Germany", "IP address 10.0.0.7: nothing (a private address)"],
      },
      {
        number: numbers.contradicted,
        paidAt: new Date("2026-11-04T10:00:00Z"),
        country: "DE",
        contradicted: true,
        buyerConfirmed: false,
        evidence: ["Chosen: Germany", "IP address 10.0.0.7: nothing (a private address)", "Card: France"],
      },
    ]);
  });

  it("takes the month by the payment's day in UTC", async () => {
    const october = await unsettledTaxEvidence(database.db, { period: monthPeriod("2026-10") });
    expect(october.map((order) => order.number)).toEqual([numbers.october]);
  });
});
