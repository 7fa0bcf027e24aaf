import { describe, expect, it } from "vitest";
import { Refusal } from "../lib/refusal.ts";
import type { IpCountry } from "./ip-country.ts";
import { placeOfSupply, type StoredPlace, UNKNOWN_COUNTRY, withCardCountry } from "./place-of-supply.ts";
import { loadTaxRates } from "./rate-table.ts";

const rates = loadTaxRates();

// Addresses from the documentation ranges, each given a country by this stand-in of the database.
const KNOWN: Record<string, string> = { "203.0.113.49": "DE", "198.51.100.7": "FR", "192.0.2.1": "CA" };
function lookupIpCountry(address: string): IpCountry {
  const country = KNOWN[address] ?? null;
  return country
    ? { country, database: "stand-in" }
    : { country: null, database: "stand-in", reason: "a private, loopback or other special-purpose address" };
}

const GERMAN_IP = "203.0.113.49";
const FRENCH_IP = "198.51.100.7";
const LOOPBACK = "127.0.0.1";

const place = (input: { chosenCountry: string; chosenRegion?: string; ipAddress: string; cardCountry?: string }) =>
  placeOfSupply({ ...input, rates, lookupIpCountry });

describe("placeOfSupply", () => {
  it("settles on the chosen country when the IP address's agrees (two items, Art. 24b(d))", () => {
    expect(place({ chosenCountry: "DE", ipAddress: GERMAN_IP })).toEqual({
      status: "settled",
      country: "DE",
      region: null,
      evidence: [
        { kind: "billing-country", country: "DE", region: null },
        { kind: "ip-address", address: GERMAN_IP, country: "DE", database: "stand-in" },
      ],
    });
  });

  it("settles on the chosen country when the card's agrees, whatever the IP address says", () => {
    const result = place({ chosenCountry: "DE", ipAddress: FRENCH_IP, cardCountry: "DE" });
    expect(result).toMatchObject({ status: "settled", country: "DE" });
    expect(result.evidence.map((item) => [item.kind, item.country])).toEqual([
      ["billing-country", "DE"],
      ["ip-address", "FR"],
      ["card-country", "DE"],
    ]);
    expect(place({ chosenCountry: "DE", ipAddress: LOOPBACK, cardCountry: "de" })).toMatchObject({
      status: "settled",
      country: "DE",
    });
  });

  it("is a conflict when the evidence contradicts the choice and nothing confirms it, saying what each said", () => {
    const withIp = place({ chosenCountry: "DE", ipAddress: FRENCH_IP });
    expect(withIp).toMatchObject({ status: "conflict", country: null, region: null });
    expect(withIp.status === "conflict" && withIp.message).toBe(
      "You chose Germany, but your internet connection is from France. Tax is charged where you live: choose the country you live in, or pay with a card from Germany.",
    );
    const withBoth = place({ chosenCountry: "DE", ipAddress: FRENCH_IP, cardCountry: "IT" });
    expect(withBoth.status === "conflict" && withBoth.message).toContain(
      "but your internet connection is from France and your card is from Italy.",
    );
    // Two items agree with each other, not with the buyer: they are asked, not overruled.
    expect(place({ chosenCountry: "DE", ipAddress: FRENCH_IP, cardCountry: "FR" })).toMatchObject({
      status: "conflict",
    });
  });

  it("leaves the choice unconfirmed when a private or loopback address is all there is besides it", () => {
    const result = place({ chosenCountry: "DE", ipAddress: LOOPBACK });
    expect(result).toMatchObject({ status: "unconfirmed", country: "DE" });
    expect(result.evidence[1]).toEqual({
      kind: "ip-address",
      address: LOOPBACK,
      country: null,
      database: "stand-in",
      reason: "a private, loopback or other special-purpose address",
    });
  });

  it("counts a card's country that is no country's as no evidence, and says so", () => {
    const result = place({ chosenCountry: "DE", ipAddress: LOOPBACK, cardCountry: "ZZ" });
    expect(result).toMatchObject({ status: "unconfirmed" });
    expect(result.evidence[2]).toEqual({ kind: "card-country", country: null, reason: 'not a country code: "ZZ"' });
  });

  it("refuses a country that does not exist", () => {
    for (const chosenCountry of ["XX", "Germany", "", "DEU"]) {
      const attempt = () => place({ chosenCountry, ipAddress: GERMAN_IP });
      expect(attempt).toThrow(Refusal);
      expect(attempt).toThrow(UNKNOWN_COUNTRY);
    }
  });

  it("takes the province in Canada, and refuses a missing or unknown one", () => {
    const ontario = place({ chosenCountry: "ca", chosenRegion: "on", ipAddress: "192.0.2.1" });
    expect(ontario).toMatchObject({ status: "settled", country: "CA", region: "ON" });
    const missing = () => place({ chosenCountry: "CA", ipAddress: "192.0.2.1" });
    expect(missing).toThrow("Choose your province or territory in Canada from the list.");
    expect(() => place({ chosenCountry: "CA", chosenRegion: "XX", ipAddress: "192.0.2.1" })).toThrow(Refusal);
    // Elsewhere a region means nothing and is not kept.
    expect(place({ chosenCountry: "DE", chosenRegion: "BY", ipAddress: GERMAN_IP })).toMatchObject({ region: null });
  });

  it("reads the IP address's country from the shipped database unless told otherwise", () => {
    const result = placeOfSupply({ chosenCountry: "GB", ipAddress: "212.58.244.20", rates });
    expect(result).toMatchObject({ status: "settled", country: "GB" });
    expect(result.evidence[1]).toMatchObject({
      kind: "ip-address",
      country: "GB",
      database: expect.stringMatching(/^@ip-location-db\/geo-whois-asn-country-mmdb@/),
    });
  });

  it("is plain data, stored on an order as JSON and read back the same", () => {
    const result = place({ chosenCountry: "DE", ipAddress: FRENCH_IP, cardCountry: "DE" });
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });
});

describe("withCardCountry", () => {
  // What an order keeps from its checkout: placeOfSupply's result, never a conflict.
  const stored = (input: { chosenCountry: string; ipAddress: string; confirmed?: boolean }): StoredPlace => {
    const result = placeOfSupply({ ...input, rates, lookupIpCountry, buyerConfirmed: input.confirmed ?? false });
    if (result.status === "conflict") throw new Error("a conflict is never stored");
    return result;
  };

  it("settles an unconfirmed place when the card is from the country chosen, adding the card's item", () => {
    const unconfirmed = stored({ chosenCountry: "DE", ipAddress: LOOPBACK });
    expect(unconfirmed.status).toBe("unconfirmed");
    const paid = withCardCountry(unconfirmed, "de");
    expect(paid).toEqual({
      ...unconfirmed,
      status: "settled",
      evidence: [...unconfirmed.evidence, { kind: "card-country", country: "DE" }],
    });
  });

  it("settles a place the buyer confirmed against their IP address when the card agrees with them, keeping the confirmation", () => {
    const confirmed = stored({ chosenCountry: "DE", ipAddress: FRENCH_IP, confirmed: true });
    expect(withCardCountry(confirmed, "DE")).toMatchObject({ status: "settled", country: "DE", buyerConfirmed: true });
  });

  it("marks a place contradicted when the card is from elsewhere and nothing agrees, keeping the country charged", () => {
    const paid = withCardCountry(stored({ chosenCountry: "DE", ipAddress: LOOPBACK }), "FR");
    expect(paid).toMatchObject({ status: "unconfirmed", country: "DE", contradicted: true });
    expect(paid.evidence.at(-1)).toEqual({ kind: "card-country", country: "FR" });
    const confirmed = withCardCountry(stored({ chosenCountry: "DE", ipAddress: FRENCH_IP, confirmed: true }), "FR");
    expect(confirmed).toMatchObject({ status: "unconfirmed", country: "DE", buyerConfirmed: true, contradicted: true });
  });

  it("leaves a place the IP address settled settled when the card disagrees (two items still agree)", () => {
    const paid = withCardCountry(stored({ chosenCountry: "DE", ipAddress: GERMAN_IP }), "FR");
    expect(paid).toMatchObject({ status: "settled", country: "DE" });
    expect(paid).not.toHaveProperty("contradicted");
  });

  it("keeps a code that is no country's as an item that said nothing, changing no status", () => {
    const unconfirmed = stored({ chosenCountry: "DE", ipAddress: LOOPBACK });
    const paid = withCardCountry(unconfirmed, "XX");
    expect(paid).toMatchObject({ status: "unconfirmed" });
    expect(paid).not.toHaveProperty("contradicted");
    expect(paid.evidence.at(-1)).toEqual({ kind: "card-country", country: null, reason: 'not a country code: "XX"' });
    // Nor does it mark a place the buyer confirmed against their IP address.
    const confirmed = stored({ chosenCountry: "DE", ipAddress: FRENCH_IP, confirmed: true });
    expect(withCardCountry(confirmed, "")).not.toHaveProperty("contradicted");
  });

  it("replaces a card's item already there rather than adding a second", () => {
    const once = withCardCountry(stored({ chosenCountry: "DE", ipAddress: LOOPBACK }), "FR");
    const again = withCardCountry(once, "DE");
    expect(again.status).toBe("settled");
    expect(again).not.toHaveProperty("contradicted");
    expect(again.evidence.filter((item) => item.kind === "card-country")).toEqual([
      { kind: "card-country", country: "DE" },
    ]);
  });
});
