import { describe, expect, it } from "vitest";
import taxReportingRules from "../../../shared/tax-reporting-rules.json" with { type: "json" };
import { readVatNumber, VAT_NUMBER_FORMAT_MESSAGES } from "./vat-number-format.ts";
import { prefixRule, VIES_MEMBER_STATES, viesPrefixOf } from "./vat-number-rules.ts";

// Made-up numbers that pass each member state's check digits (none is a real trader's).
const WELL_FORMED: Record<string, { typed: string; country: string }> = {
  AT: { typed: "ATU10000005", country: "AT" },
  BE: { typed: "BE 0100.000.070", country: "BE" },
  BG: { typed: "BG100000001", country: "BG" },
  CY: { typed: "CY10000000D", country: "CY" },
  CZ: { typed: "CZ10000003", country: "CZ" },
  DE: { typed: "de 100 000 008", country: "DE" },
  DK: { typed: "DK 10 00 00 09", country: "DK" },
  EE: { typed: "EE100000007", country: "EE" },
  EL: { typed: "EL000000024", country: "GR" },
  ES: { typed: "ES B-10000008", country: "ES" },
  FI: { typed: "FI 1000000-4", country: "FI" },
  FR: { typed: "FR 00 100000012", country: "FR" },
  HR: { typed: "HR10000000000", country: "HR" },
  HU: { typed: "HU10000001", country: "HU" },
  IE: { typed: "IE1000000H", country: "IE" },
  IT: { typed: "IT 10000000017", country: "IT" },
  LT: { typed: "LT100000019", country: "LT" },
  LU: { typed: "LU10000053", country: "LU" },
  LV: { typed: "LV40000000000", country: "LV" },
  MT: { typed: "MT 1234 5634", country: "MT" },
  NL: { typed: "nl100000009b01", country: "NL" },
  PL: { typed: "PL 100-000-00-06", country: "PL" },
  PT: { typed: "PT100000002", country: "PT" },
  RO: { typed: "RO1006", country: "RO" },
  SE: { typed: "SE100000000801", country: "SE" },
  SI: { typed: "SI10000003", country: "SI" },
  SK: { typed: "SK2020000004", country: "SK" },
  XI: { typed: "XI 100 0000 89", country: "GB" },
};

describe("the VAT number prefixes", () => {
  it("are the 27 member states (Greece as EL) and Northern Ireland (XI), as the DAC7 rules list them", () => {
    const memberStates = Object.values(taxReportingRules.dac7.memberStates.vatPrefixes);
    expect([...VIES_MEMBER_STATES].sort()).toEqual([...memberStates, "XI"].sort());
    for (const [country, prefix] of Object.entries(taxReportingRules.dac7.memberStates.vatPrefixes)) {
      expect(prefixRule(prefix)?.country).toBe(country);
      expect(viesPrefixOf(country)).toBe(prefix);
    }
  });

  it("give no prefix for a country VIES does not check (Great Britain, the United States)", () => {
    expect(viesPrefixOf("GB")).toBeUndefined();
    expect(viesPrefixOf("US")).toBeUndefined();
    expect(prefixRule("GR")).toBeUndefined();
  });
});

describe("readVatNumber", () => {
  it.each(Object.entries(WELL_FORMED))(
    "reads %s numbers as typed: separators out, capitals",
    (prefix, { typed, country }) => {
      const reading = readVatNumber(typed);
      const number = typed
        .replace(/[\s.-]/g, "")
        .toUpperCase()
        .slice(2);
      expect(reading).toEqual({ ok: true, prefix, number, vatNumber: `${prefix}${number}`, country });
    },
  );

  it("writes Greece's numbers with EL, as VIES does, whether typed GR or EL; the country is GR", () => {
    expect(readVatNumber("GR 000 000 024")).toEqual({
      ok: true,
      prefix: "EL",
      number: "000000024",
      vatNumber: "EL000000024",
      country: "GR",
    });
    expect(readVatNumber("gr000000024")).toEqual(readVatNumber("EL000000024"));
  });

  it("takes the prefix from the buyer's country for a number typed without one", () => {
    expect(readVatNumber("100000008", { country: "DE" })).toMatchObject({ ok: true, vatNumber: "DE100000008" });
    expect(readVatNumber("000000024", { country: "GR" })).toMatchObject({ ok: true, vatNumber: "EL000000024" });
    // Numbers that begin with letters of their own: Austria's U, Spain's letter.
    expect(readVatNumber("U10000005", { country: "AT" })).toMatchObject({ ok: true, vatNumber: "ATU10000005" });
    expect(readVatNumber("B10000008", { country: "ES" })).toMatchObject({ ok: true, vatNumber: "ESB10000008" });
    // The number's own prefix wins over the buyer's country.
    expect(readVatNumber("FR00100000012", { country: "DE" })).toMatchObject({ ok: true, vatNumber: "FR00100000012" });
  });

  it("reads Northern Ireland's XI numbers, the country being the United Kingdom", () => {
    expect(readVatNumber("xi100000089")).toEqual({
      ok: true,
      prefix: "XI",
      number: "100000089",
      vatNumber: "XI100000089",
      country: "GB",
    });
  });

  it("refuses a number without a prefix when the buyer's country gives none", () => {
    expect(readVatNumber("100000008")).toEqual({ ok: false, message: VAT_NUMBER_FORMAT_MESSAGES.noPrefix });
    expect(readVatNumber("100000008", { country: "US" })).toEqual({
      ok: false,
      message: VAT_NUMBER_FORMAT_MESSAGES.noPrefix,
    });
  });

  it("refuses Great Britain's numbers (not in VIES) and prefixes of no member state, saying why", () => {
    expect(readVatNumber("GB100000089")).toEqual({ ok: false, message: VAT_NUMBER_FORMAT_MESSAGES.unitedKingdom });
    expect(readVatNumber("US123456789")).toEqual({
      ok: false,
      message:
        "US is not the prefix of an EU member state's VAT numbers. Enter an EU VAT number with its country prefix, like DE123456789.",
    });
  });

  it("refuses an empty number", () => {
    expect(readVatNumber(" - ")).toEqual({ ok: false, message: VAT_NUMBER_FORMAT_MESSAGES.empty });
  });

  it("refuses a number of the wrong shape, naming the country and the shape", () => {
    expect(readVatNumber("FR123")).toEqual({
      ok: false,
      message: "This is not a valid VAT number for France: it is FR followed by 2 letters or digits, then 9 digits.",
    });
    expect(readVatNumber("EL")).toEqual({
      ok: false,
      message: "This is not a valid VAT number for Greece: it is EL (not GR) followed by 9 digits.",
    });
    expect(readVatNumber("AT10000005")).toMatchObject({
      ok: false,
      message: "This is not a valid VAT number for Austria: it is ATU followed by 8 digits.",
    });
  });

  it("refuses a number whose check digit does not match (a mistyped digit)", () => {
    expect(readVatNumber("DE100000009")).toEqual({
      ok: false,
      message:
        "This is not a valid VAT number for Germany: its check digit does not match. Please look for a mistyped digit.",
    });
    expect(readVatNumber("EL000000025")).toMatchObject({
      ok: false,
      message: expect.stringContaining("for Greece: its check digit"),
    });
  });

  it("has words for the shape of every prefix", () => {
    for (const prefix of VIES_MEMBER_STATES) expect(prefixRule(prefix)?.shape, prefix).toMatch(/^[A-Z]{2}/);
  });
});
