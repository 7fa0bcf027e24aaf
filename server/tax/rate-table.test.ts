import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import reportingRules from "../../shared/tax-reporting-rules.json" with { type: "json" };
import { ConfigError, parseConfig } from "../config/env.ts";
import { loadTaxRates, TaxRatesError } from "./rate-table.ts";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tax-rates-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

let files = 0;
/** An owner's file with this content; a string is written as it is. */
function ownersFile(content: unknown): string {
  const file = path.join(folder, `rates-${++files}.json`);
  fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

const SOURCE = { source: "https://tax.example/rates", checked: "2026-11-28: our adviser's letter" };

/** The message loadTaxRates stops with for this owner's file. */
function problemWith(content: unknown): string {
  const file = ownersFile(content);
  try {
    loadTaxRates({ overrideFile: file });
  } catch (error) {
    expect(error).toBeInstanceOf(TaxRatesError);
    return (error as Error).message;
  }
  throw new Error("the file was accepted");
}

describe("the shop's rate table (server/tax/rates.json)", () => {
  const { countries } = loadTaxRates();

  it("has every EU member state, at its standard rate, with prices shown tax-included", () => {
    const members = Object.keys(reportingRules.dac7.memberStates.vatPrefixes);
    expect(members).toHaveLength(27);
    for (const code of members) {
      expect(countries[code], code).toMatchObject({ taxName: "VAT", pricesIncludeTax: true });
      expect(countries[code]!.reverseCharge, code).toContain("Article 196");
    }
  });

  it.each([
    ["FI", 2550],
    ["EE", 2400],
    ["SK", 2300],
    ["RO", 2100],
    ["DE", 1900],
    ["FR", 2000],
    ["HU", 2700],
    ["LU", 1700],
    ["GB", 2000],
    ["NO", 2500],
    ["CH", 810],
    ["AU", 1000],
    ["NZ", 1500],
    ["JP", 1000],
    ["SG", 900],
    ["IN", 1800],
  ])("taxes %s at %i basis points", (code, rate) => {
    expect(countries[code]!.rateBasisPoints).toBe(rate);
  });

  it("taxes Canada by province, prices before tax, with HST, GST and the provinces' own taxes", () => {
    const canada = countries.CA!;
    expect(canada.pricesIncludeTax).toBe(false);
    expect(Object.keys(canada.regions!).sort()).toEqual(
      ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"].sort(),
    );
    expect(canada.regions!.ON).toMatchObject({ taxName: "HST", rateBasisPoints: 1300 });
    expect(canada.regions!.NS).toMatchObject({ taxName: "HST", rateBasisPoints: 1400 });
    expect(canada.regions!.AB).toMatchObject({ taxName: "GST", rateBasisPoints: 500 });
    expect(canada.regions!.QC).toMatchObject({ taxName: "GST + QST", rateBasisPoints: 1497.5 });
    expect(canada.regions!.QC!.components).toEqual([
      { name: "GST", rateBasisPoints: 500 },
      { name: "QST", rateBasisPoints: 997.5 },
    ]);
  });

  it("has no rate for the United States (sales tax is the states', decision 057)", () => {
    expect(countries.US).toBeUndefined();
  });

  it("says for every rate where it comes from and when it was checked", () => {
    for (const [code, entry] of Object.entries(countries)) {
      expect(entry.source, code).toMatch(/^https:\/\//);
      expect(entry.checked, code).toMatch(/^2026-11-28/);
    }
  });
});

describe("an owner's rate file (TAX_RATES_FILE)", () => {
  it("changes the entries it names, field by field, and keeps ours for the rest", () => {
    const { countries } = loadTaxRates({
      overrideFile: ownersFile({ countries: { DE: { rateBasisPoints: 2000, ...SOURCE } } }),
    });
    expect(countries.DE).toMatchObject({ rateBasisPoints: 2000, taxName: "VAT", pricesIncludeTax: true, ...SOURCE });
    expect(countries.FR!.rateBasisPoints).toBe(2000);
    expect(countries.AT!.source).toMatch(/europa\.eu/);
  });

  it("adds a country, takes one out with null, and changes or removes a province", () => {
    const { countries } = loadTaxRates({
      overrideFile: ownersFile({
        countries: {
          US: { taxName: "Sales tax", rateBasisPoints: 0, pricesIncludeTax: false, ...SOURCE },
          NO: null,
          CA: {
            regions: {
              BC: { rateBasisPoints: 500, components: [{ name: "GST", rateBasisPoints: 500 }], ...SOURCE },
              YT: null,
            },
            ...SOURCE,
          },
        },
      }),
    });
    expect(countries.US).toMatchObject({ taxName: "Sales tax", rateBasisPoints: 0 });
    expect(countries.NO).toBeUndefined();
    expect(countries.CA!.regions!.BC).toMatchObject({
      name: "British Columbia",
      taxName: "GST + PST",
      rateBasisPoints: 500,
    });
    expect(countries.CA!.regions!.YT).toBeUndefined();
    expect(countries.CA!.regions!.ON!.rateBasisPoints).toBe(1300);
  });

  it("stops at a country that does not exist, naming it", () => {
    expect(problemWith({ countries: { DX: { rateBasisPoints: 2000, ...SOURCE } } })).toMatch(
      /TAX_RATES_FILE \(.*\)[\s\S]*countries\.DX: "DX" is not an ISO 3166-1 alpha-2 country code/,
    );
    expect(problemWith({ countries: { de: { rateBasisPoints: 2000, ...SOURCE } } })).toContain(
      'countries.de: "de" is not an ISO 3166-1 alpha-2 country code',
    );
  });

  it("stops at a rate outside 0-100% or finer than a tenth of a basis point", () => {
    expect(problemWith({ countries: { DE: { rateBasisPoints: 19000, ...SOURCE } } })).toContain(
      "countries.DE.rateBasisPoints: must be between 0 and 10000 basis points (0% to 100%)",
    );
    expect(problemWith({ countries: { DE: { rateBasisPoints: -1, ...SOURCE } } })).toContain(
      "countries.DE.rateBasisPoints: must be between 0 and 10000",
    );
    expect(problemWith({ countries: { DE: { rateBasisPoints: "19%", ...SOURCE } } })).toContain(
      "countries.DE.rateBasisPoints: must be a number of basis points",
    );
    expect(problemWith({ countries: { DE: { rateBasisPoints: 1900.25, ...SOURCE } } })).toContain(
      "countries.DE.rateBasisPoints: must be whole basis points, or tenths of one",
    );
  });

  it("stops at an entry without its source or date checked", () => {
    expect(problemWith({ countries: { DE: { rateBasisPoints: 2000, checked: "2026-11-28" } } })).toContain(
      "countries.DE.source: missing: the address of the official page the rate comes from",
    );
    expect(problemWith({ countries: { DE: { rateBasisPoints: 2000, source: "https://tax.example" } } })).toContain(
      "countries.DE.checked: missing: the date the rate was last checked",
    );
    expect(problemWith({ countries: { DE: { ...SOURCE, checked: "last week" } } })).toContain(
      "countries.DE.checked: must start with the date the rate was last checked (YYYY-MM-DD)",
    );
  });

  it("stops at a misspelt field, and at a new country missing what ours would have", () => {
    expect(problemWith({ countries: { DE: { rateBasisPoint: 2000, ...SOURCE } } })).toContain(
      'countries.DE: unknown field "rateBasisPoint"',
    );
    expect(problemWith({ countrys: {} })).toContain('(the file): unknown field "countrys"');
    expect(problemWith({ countries: { US: { rateBasisPoints: 700, ...SOURCE } } })).toMatch(
      /merged over server\/tax\/rates\.json:[\s\S]*countries\.US\.taxName: missing[\s\S]*countries\.US\.pricesIncludeTax: missing/,
    );
  });

  it("stops at a province whose rate is not the sum of its parts", () => {
    expect(
      problemWith({ countries: { CA: { regions: { QC: { rateBasisPoints: 1500, ...SOURCE } }, ...SOURCE } } }),
    ).toContain("countries.CA.regions.QC: rateBasisPoints must be the sum of its components' rates");
  });

  it("stops at a file that cannot be read or is not JSON", () => {
    expect(() => loadTaxRates({ overrideFile: path.join(folder, "missing.json") })).toThrow(
      /TAX_RATES_FILE \(.*missing\.json\): cannot be read \(ENOENT\)/,
    );
    expect(problemWith('{ "countries": { "DE": ')).toMatch(/TAX_RATES_FILE \(.*\): is not JSON/);
  });
});

describe("the tax settings (parseConfig)", () => {
  it("charge the spec's flat 8% unless told otherwise, from our table", () => {
    const { tax } = parseConfig({});
    expect(tax.mode).toBe("flat");
    expect(tax.shopCountry).toBeUndefined();
    expect(tax.rates.countries.GB!.rateBasisPoints).toBe(2000);
  });

  it("read TAX_MODE, SHOP_COUNTRY and the owner's TAX_RATES_FILE", () => {
    const file = ownersFile({ countries: { GB: { rateBasisPoints: 1750, ...SOURCE } } });
    const { tax } = parseConfig({ TAX_MODE: "by-location", SHOP_COUNTRY: "ie", TAX_RATES_FILE: file });
    expect(tax).toMatchObject({ mode: "by-location", shopCountry: "IE" });
    expect(tax.rates.countries.GB!.rateBasisPoints).toBe(1750);
  });

  it("stop the server at a bad mode, country or rate file, naming it", () => {
    expect(() => parseConfig({ TAX_MODE: "vat" })).toThrow("TAX_MODE: must be flat or by-location");
    expect(() => parseConfig({ SHOP_COUNTRY: "Germany" })).toThrow("SHOP_COUNTRY: must be the ISO 3166-1 alpha-2 code");
    const file = ownersFile({ countries: { GB: { rateBasisPoints: 200000, ...SOURCE } } });
    expect(() => parseConfig({ TAX_RATES_FILE: file })).toThrow(ConfigError);
    expect(() => parseConfig({ TAX_RATES_FILE: file })).toThrow(
      /countries\.GB\.rateBasisPoints: must be between 0 and 10000/,
    );
  });
});
