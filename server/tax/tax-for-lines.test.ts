import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TAX_LABEL } from "../../shared/shop-facts.ts";
import { flatTax } from "../../tests/support/orders.ts";
import { Refusal } from "../lib/refusal.ts";
import type { PlaceOfSupply } from "./place-of-supply.ts";
import { loadTaxRates } from "./rate-table.ts";
import { taxForLines } from "./tax-for-lines.ts";

const rates = loadTaxRates();

function settled(country: string, region: string | null = null): PlaceOfSupply {
  return { status: "settled", country, region, evidence: [] };
}

describe("taxForLines in flat mode", () => {
  it("charges exactly the cart's 8% of the subtotal after discount, rounded once, whatever the lines", () => {
    const line = fc.record({
      priceCents: fc.integer({ min: 0, max: 500_000 }),
      quantity: fc.integer({ min: 1, max: 99 }),
      discountFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (drawn) => {
        const lines = drawn.map(({ priceCents, quantity, discountFraction }) => ({
          priceCents,
          quantity,
          discountCents: Math.floor(priceCents * quantity * discountFraction),
        }));
        const subtotal = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
        const discount = lines.reduce((sum, line) => sum + line.discountCents, 0);
        const taxed = taxForLines({ mode: "flat", lines, rates });
        expect(taxed.taxCents).toBe(flatTax(subtotal - discount));
        expect(taxed.netCents).toBe(subtotal - discount);
        expect(taxed.grossCents).toBe(subtotal - discount + flatTax(subtotal - discount));
        expect(taxed.lines.map((each) => each.netCents + each.taxCents - each.grossCents)).toEqual(lines.map(() => 0));
      }),
    );
  });

  it("rounds the subtotal's tax once, not each line's, and shares it over the lines", () => {
    const taxed = taxForLines({ mode: "flat", lines: [{ priceCents: 1999, quantity: 3 }], rates });
    expect(taxed.taxCents).toBe(flatTax(1999 * 3)); // 479.76 -> 480, not 3 x 160
    const two = taxForLines({ mode: "flat", lines: [{ priceCents: 6 }, { priceCents: 6 }], rates });
    expect(two.taxCents).toBe(1); // 0.96 on 12 cents, though each line's 0.48 would round to 0
    expect(two.lines.map((line) => line.taxCents)).toEqual([1, 0]);
    expect(taxed).toMatchObject({ label: TAX_LABEL, pricesIncludeTax: false, rateBasisPoints: 800, mention: null });
  });

  it("ignores the place: the spec's rule is the same for everyone", () => {
    const taxed = taxForLines({ mode: "flat", place: settled("DE"), lines: [{ priceCents: 1000 }], rates });
    expect(taxed).toMatchObject({ taxCents: 80, grossCents: 1080, label: "Tax (8%)" });
  });
});

describe("taxForLines by the buyer's place", () => {
  it("adds tax on top where prices are shown before tax: $10.00 in Ontario pays $11.30", () => {
    const taxed = taxForLines({
      mode: "by-location",
      place: settled("CA", "ON"),
      lines: [{ priceCents: 1000 }],
      rates,
    });
    expect(taxed.lines).toEqual([
      {
        netCents: 1000,
        rateBasisPoints: 1300,
        taxCents: 130,
        grossCents: 1130,
        components: [{ name: "HST", rateBasisPoints: 1300, taxCents: 130 }],
      },
    ]);
    expect(taxed).toMatchObject({ netCents: 1000, taxCents: 130, grossCents: 1130, pricesIncludeTax: false });
  });

  it("rounds each line once at the half cent: 13% of $0.50 is 6.5 cents, charged as 7", () => {
    const taxed = taxForLines({
      mode: "by-location",
      place: settled("CA", "ON"),
      lines: [{ priceCents: 50 }, { priceCents: 50 }],
      rates,
    });
    expect(taxed.lines.map((line) => line.taxCents)).toEqual([7, 7]);
    expect(taxed.taxCents).toBe(14); // each line rounded, not 13% of the $1.00 (13)
  });

  it("computes Quebec's GST and QST each on the price, each rounded once", () => {
    const taxed = taxForLines({
      mode: "by-location",
      place: settled("CA", "QC"),
      lines: [{ priceCents: 1000 }],
      rates,
    });
    expect(taxed.lines[0]!.components).toEqual([
      { name: "GST", rateBasisPoints: 500, taxCents: 50 },
      { name: "QST", rateBasisPoints: 997.5, taxCents: 100 },
    ]);
    expect(taxed).toMatchObject({ taxCents: 150, grossCents: 1150, label: "GST + QST 14.975% (Quebec, Canada)" });
  });

  it("takes the tax out where prices include it: €10.00 in Germany is €8.40 and €1.60 VAT", () => {
    const taxed = taxForLines({ mode: "by-location", place: settled("DE"), lines: [{ priceCents: 1000 }], rates });
    expect(taxed.lines[0]).toMatchObject({ netCents: 840, rateBasisPoints: 1900, taxCents: 160, grossCents: 1000 });
    expect(taxed).toMatchObject({ grossCents: 1000, pricesIncludeTax: true, label: "VAT 19% (Germany)" });
  });

  it("extracts half a penny as a penny: 3p at 20% VAT includes 0.5p", () => {
    const taxed = taxForLines({ mode: "by-location", place: settled("GB"), lines: [{ priceCents: 3 }], rates });
    expect(taxed.lines[0]).toMatchObject({ netCents: 2, taxCents: 1, grossCents: 3 });
  });

  it("taxes what a line costs after its seats and its discount", () => {
    const taxed = taxForLines({
      mode: "by-location",
      place: settled("AU"),
      lines: [{ priceCents: 1100, quantity: 3, discountCents: 330 }],
      rates,
    });
    expect(taxed.lines[0]).toMatchObject({ grossCents: 2970, taxCents: 270, netCents: 2700 });
  });

  it("charges no tax where the table has no rate, and says so", () => {
    const taxed = taxForLines({ mode: "by-location", place: settled("US"), lines: [{ priceCents: 1000 }], rates });
    expect(taxed).toMatchObject({ kind: "none", netCents: 1000, taxCents: 0, grossCents: 1000 });
    expect(taxed.label).toBe("No tax (United States of America)");
  });

  it("charges a business with a valid VAT number none, with the reverse charge's mention, and not the VAT a consumer's price includes", () => {
    const taxed = taxForLines({
      mode: "by-location",
      place: settled("DE"),
      lines: [{ priceCents: 1000 }],
      business: { vatNumberValid: true },
      rates,
    });
    expect(taxed).toMatchObject({ kind: "reverse-charge", netCents: 840, taxCents: 0, grossCents: 840 });
    expect(taxed.label).toBe("VAT 0%, reverse charge (Germany)");
    expect(taxed.mention).toBe(
      "Reverse charge: the customer accounts for the VAT (Article 196, Council Directive 2006/112/EC).",
    );
    const canadian = taxForLines({
      mode: "by-location",
      place: settled("CA", "ON"),
      lines: [{ priceCents: 1000 }],
      business: { vatNumberValid: true },
      rates,
    });
    expect(canadian).toMatchObject({ netCents: 1000, taxCents: 0, grossCents: 1000 });
  });

  it("charges a business like anyone when its number is not valid, or it is in the shop's own country", () => {
    const invalid = taxForLines({
      mode: "by-location",
      place: settled("DE"),
      lines: [{ priceCents: 1000 }],
      business: { vatNumberValid: false },
      rates,
    });
    expect(invalid.taxCents).toBe(160);
    const home = taxForLines({
      mode: "by-location",
      place: settled("DE"),
      lines: [{ priceCents: 1000 }],
      business: { vatNumberValid: true },
      shopCountry: "DE",
      rates,
    });
    expect(home).toMatchObject({ kind: "rate", taxCents: 160, mention: null });
  });

  it("taxes the buyer's choice before it is confirmed, and says it is provisional", () => {
    const place: PlaceOfSupply = { status: "unconfirmed", country: "FR", region: null, evidence: [] };
    const taxed = taxForLines({ mode: "by-location", place, lines: [{ priceCents: 1200 }], rates });
    expect(taxed).toMatchObject({ provisional: true, taxCents: 200, netCents: 1000 });
    expect(taxForLines({ mode: "by-location", place: settled("FR"), lines: [], rates })).toMatchObject({
      provisional: false,
      taxCents: 0,
    });
  });

  it("charges nothing while the evidence conflicts or there is no place: the buyer is asked first", () => {
    const conflict: PlaceOfSupply = {
      status: "conflict",
      country: null,
      region: null,
      evidence: [],
      message: "You chose Germany, but your card is from France.",
    };
    const asked = () => taxForLines({ mode: "by-location", place: conflict, lines: [{ priceCents: 1000 }], rates });
    expect(asked).toThrow(Refusal);
    expect(asked).toThrow("You chose Germany, but your card is from France.");
    expect(() => taxForLines({ mode: "by-location", lines: [{ priceCents: 1000 }], rates })).toThrow(
      "Confirm the country you live in before you pay.",
    );
  });

  it("refuses lines that are not whole, positive amounts", () => {
    const tax = (line: { priceCents: number; quantity?: number; discountCents?: number }) =>
      taxForLines({ mode: "by-location", place: settled("GB"), lines: [line], rates });
    expect(() => tax({ priceCents: -100 })).toThrow("priceCents must be a whole number, not -100");
    expect(() => tax({ priceCents: 10.5 })).toThrow("priceCents must be a whole number");
    expect(() => tax({ priceCents: 100, discountCents: 101 })).toThrow(
      "a line's discount (101) exceeds its price (100)",
    );
  });
});
