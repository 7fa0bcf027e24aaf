import { describe, expect, it } from "vitest";
import countryList from "./countries.json" with { type: "json" };
import {
  asksDateOfBirth,
  isEuMemberState,
  sellerTaxDetailsSchema,
  taxIdKindsFor,
  toTaxDetails,
} from "./seller-tax-details-schema.ts";
import taxRules from "./tax-reporting-rules.json" with { type: "json" };

const US_INDIVIDUAL = {
  sellerType: "individual",
  legalName: "Ada Lovelace",
  addressLine1: "1 Market Street",
  city: "San Francisco",
  region: "CA",
  postalCode: "94103",
  country: "US",
  taxIdKind: "us_ssn_itin",
  taxId: "123 45 6789",
};

const GERMAN_INDIVIDUAL = {
  sellerType: "individual",
  legalName: "Zoë Ødegård",
  addressLine1: "Hauptstraße 5",
  city: "Berlin",
  postalCode: "10115",
  country: "DE",
  taxIdKind: "national_tin",
  taxId: "12 345 678 901",
  dateOfBirth: "1990-04-25",
};

/** Each field's first problem, as the form shows it beside the field. */
function problems(input: Record<string, unknown>) {
  const result = sellerTaxDetailsSchema.safeParse(input);
  expect(result.success).toBe(false);
  return Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the tax details form", () => {
  it("keeps a US individual's SSN as the IRS writes it, and asks no date of birth", () => {
    const parsed = sellerTaxDetailsSchema.parse(US_INDIVIDUAL);
    expect(toTaxDetails(parsed)).toEqual({
      sellerType: "individual",
      legalName: "Ada Lovelace",
      addressLine1: "1 Market Street",
      addressLine2: null,
      city: "San Francisco",
      region: "CA",
      postalCode: "94103",
      country: "US",
      taxIdKind: "us_ssn_itin",
      taxId: "123-45-6789",
      vatId: null,
      businessRegistrationNumber: null,
      dateOfBirth: null,
    });
    // A date of birth typed anyway is not kept: nothing asks for it.
    expect(
      toTaxDetails(sellerTaxDetailsSchema.parse({ ...US_INDIVIDUAL, dateOfBirth: "1990-01-01" })).dateOfBirth,
    ).toBe(null);
  });

  it("asks an individual in the EU for a date of birth (DAC7), in the past, and keeps it", () => {
    expect(problems({ ...GERMAN_INDIVIDUAL, dateOfBirth: undefined })).toEqual({
      dateOfBirth: "Enter your date of birth, like 1990-04-25.",
    });
    expect(problems({ ...GERMAN_INDIVIDUAL, dateOfBirth: "1990-02-30" }).dateOfBirth).toBe(
      "Enter your date of birth, like 1990-04-25.",
    );
    expect(problems({ ...GERMAN_INDIVIDUAL, dateOfBirth: "2999-01-01" }).dateOfBirth).toBe(
      "Enter a date of birth in the past.",
    );
    const kept = toTaxDetails(sellerTaxDetailsSchema.parse(GERMAN_INDIVIDUAL));
    expect(kept).toMatchObject({ dateOfBirth: "1990-04-25", taxId: "12345678901", legalName: "Zoë Ødegård" });
  });

  it("keeps no date of birth and a registration number for a business", () => {
    const business = {
      ...GERMAN_INDIVIDUAL,
      sellerType: "business",
      legalName: "Paper Fox GmbH",
      taxIdKind: "eu_vat",
      taxId: "de 123.456.789",
      businessRegistrationNumber: "HRB 12345",
      dateOfBirth: undefined,
    };
    expect(toTaxDetails(sellerTaxDetailsSchema.parse(business))).toMatchObject({
      sellerType: "business",
      taxId: "DE123456789",
      businessRegistrationNumber: "HRB 12345",
      dateOfBirth: null,
    });
    expect(asksDateOfBirth("business", "DE")).toBe(false);
    expect(asksDateOfBirth("individual", "DE")).toBe(true);
    expect(asksDateOfBirth("individual", "US")).toBe(false);
  });

  it("says beside each field what is missing", () => {
    expect(problems({})).toEqual({
      sellerType: "Choose whether you sell as an individual or as a business.",
      legalName: "Enter your full legal name, as on your tax documents.",
      addressLine1: "Enter the first line of your address.",
      city: "Enter your city or town.",
      country: "Choose the country you live in (for a business: where it is established).",
      taxIdKind: "Choose the kind of tax number you give.",
      taxId: "Enter your tax number.",
    });
    expect(problems({ ...US_INDIVIDUAL, country: "usa" })).toEqual({
      country: "Choose the country you live in (for a business: where it is established).",
    });
    expect(problems({ ...US_INDIVIDUAL, legalName: "x".repeat(201) }).legalName).toBe(
      "Please keep this under 200 characters.",
    );
  });

  it("ties the tax number to the country: a US address takes a US number, a state and a ZIP code", () => {
    expect(problems({ ...US_INDIVIDUAL, taxId: "12345678" })).toEqual({
      taxId: "Enter the 9 digits of your Social Security number or ITIN, like 123-45-6789.",
    });
    expect(problems({ ...US_INDIVIDUAL, taxIdKind: "us_ein", taxId: "12-34567" })).toEqual({
      taxId: "Enter the 9 digits of your EIN, like 12-3456789.",
    });
    expect(problems({ ...US_INDIVIDUAL, taxIdKind: "national_tin" })).toEqual({
      taxIdKind: "With a US address, give your US Social Security number, ITIN or EIN.",
    });
    expect(problems({ ...US_INDIVIDUAL, region: undefined, postalCode: "ABC" })).toEqual({
      region: "Enter your state.",
      postalCode: "Enter your ZIP code, like 94103 or 94103-1234.",
    });
    expect(problems({ ...GERMAN_INDIVIDUAL, taxIdKind: "us_ssn_itin", taxId: "123456789" })).toEqual({
      taxIdKind: "A US number goes with a US address: choose the tax number of the country you live in.",
    });
    expect(problems({ ...GERMAN_INDIVIDUAL, taxIdKind: "eu_vat", taxId: "FR12345678901" })).toEqual({
      taxId: "Enter a VAT number with the prefix DE of the country of your address, like DE123456789.",
    });
    expect(problems({ ...GERMAN_INDIVIDUAL, country: "GR", taxIdKind: "eu_vat", taxId: "GR123456789" })).toEqual({
      taxId: "Enter a VAT number with the prefix EL of the country of your address, like EL123456789.",
    });
    expect(problems({ ...GERMAN_INDIVIDUAL, country: "CH", taxIdKind: "eu_vat", taxId: "CHE123" })).toEqual({
      taxIdKind: "An EU VAT number goes with an address in the EU: choose the tax number of your country.",
    });
    expect(problems({ ...GERMAN_INDIVIDUAL, taxId: "12" }).taxId).toMatch(/^Enter your tax number: 3 to 30/);
    expect(problems({ ...GERMAN_INDIVIDUAL, vatId: "123" }).vatId).toBe(
      "Enter the VAT number with its country prefix, like DE123456789.",
    );
  });

  it("offers the kinds of number that go with the country", () => {
    expect(taxIdKindsFor("US")).toEqual(["us_ssn_itin", "us_ein"]);
    expect(taxIdKindsFor("FR")).toEqual(["national_tin", "eu_vat"]);
    expect(taxIdKindsFor("GB")).toEqual(["national_tin"]);
  });
});

describe("the data the form reads", () => {
  it("lists 249 countries by ISO 3166-1 alpha-2 code, each once, with a name", () => {
    const codes = countryList.countries.map((country) => country.code);
    expect(codes).toHaveLength(249);
    expect(new Set(codes).size).toBe(249);
    for (const country of countryList.countries) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.name.length).toBeGreaterThan(2);
    }
  });

  it("names the 27 EU member states with their VAT prefixes, each a listed country, and says where from and when checked", () => {
    const { memberStates } = taxRules.dac7;
    const codes = Object.keys(memberStates.vatPrefixes);
    expect(codes).toHaveLength(27);
    for (const code of codes) {
      expect(isEuMemberState(code)).toBe(true);
      expect(countryList.countries.some((country) => country.code === code)).toBe(true);
    }
    expect(isEuMemberState("GB")).toBe(false);
    for (const rule of [taxRules.dac7, memberStates, taxRules.dac7.excludedSellerOfGoods, taxRules.dac7.reportDue]) {
      expect(rule.checked).toMatch(/^\d{4}-\d{2}-\d{2}/);
    }
    expect(taxRules.dac7.source).toMatch(/^https:\/\/eur-lex\.europa\.eu\//);
  });
});
