import { describe, expect, it } from "vitest";
import sellerCountries from "../../shared/countries.json" with { type: "json" };
import { checkoutCountries, countryName, isCountryCode } from "./countries.ts";

describe("countries", () => {
  it("knows the officially assigned alpha-2 codes, in capitals, and nothing else", () => {
    expect(isCountryCode("DE")).toBe(true);
    expect(isCountryCode("GB")).toBe(true);
    for (const code of ["de", "DEU", "276", "XX", "UK", "EU", "", " DE"]) expect(isCountryCode(code), code).toBe(false);
  });

  it("names a country in English, and leaves a code that is no country's as it is", () => {
    expect(countryName("GB")).toBe("United Kingdom");
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("CA")).toBe("Canada");
    expect(countryName("ZZ")).toBe("ZZ");
  });

  it("lists every country for the checkout, by name: the sellers' form's, and Kosovo", () => {
    const list = checkoutCountries();
    expect(list.map((country) => country.code).sort()).toEqual(
      [...sellerCountries.countries.map((each) => each.code), "XK"].sort(),
    );
    expect(list).toContainEqual({ code: "XK", name: "Kosovo" });
    expect(list).toContainEqual({ code: "FR", name: "France" });
    const names = list.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });
});
