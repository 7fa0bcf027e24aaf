import { describe, expect, it } from "vitest";
import { TAX_LABEL } from "../../shared/shop-facts.ts";
import type { PlaceOfSupply } from "./place-of-supply.ts";
import { loadTaxRates } from "./rate-table.ts";
import { taxLabel } from "./tax-rule.ts";

const rates = loadTaxRates();

const label = (country: string, region: string | null = null) =>
  taxLabel({
    mode: "by-location",
    place: { status: "settled", country, region, evidence: [] } satisfies PlaceOfSupply,
    rates,
  });

describe("the cart's tax label", () => {
  it("names the tax, its rate and the buyer's place", () => {
    expect(label("GB")).toBe("VAT 20% (United Kingdom)");
    expect(label("AU")).toBe("GST 10% (Australia)");
    expect(label("CA", "ON")).toBe("HST 13% (Ontario, Canada)");
    expect(label("CA", "AB")).toBe("GST 5% (Alberta, Canada)");
    expect(label("JP")).toBe("consumption tax 10% (Japan)");
  });

  it("writes rates that are not whole percentages as they are", () => {
    expect(label("FI")).toBe("VAT 25.5% (Finland)");
    expect(label("CH")).toBe("VAT 8.1% (Switzerland)");
    expect(label("CA", "QC")).toBe("GST + QST 14.975% (Quebec, Canada)");
  });

  it("is the spec's label in flat mode, wherever the buyer is", () => {
    expect(taxLabel({ mode: "flat", rates })).toBe(TAX_LABEL);
    expect(TAX_LABEL).toBe("Tax (8%)");
  });
});
