import { describe, expect, it } from "vitest";
import { ipCountryOf, NOT_AN_ADDRESS, SPECIAL_ADDRESS } from "./ip-country.ts";

// The shipped database (@ip-location-db/geo-whois-asn-country-mmdb), read for addresses whose
// country is long settled: public resolvers and national networks.

describe("ipCountryOf", () => {
  it.each([
    ["8.8.8.8", "US"],
    ["2001:4860:4860::8888", "US"],
    ["212.58.244.20", "GB"],
    ["193.99.144.80", "DE"],
    ["133.11.0.1", "JP"],
    ["::ffff:193.99.144.80", "DE"],
  ])("places %s in %s, naming the database and its version", (address, country) => {
    expect(ipCountryOf(address)).toEqual({
      country,
      database: expect.stringMatching(/^@ip-location-db\/geo-whois-asn-country-mmdb@\d+\.\d+\.\d+$/),
    });
  });

  it.each([
    "127.0.0.1",
    "::1",
    "::ffff:127.0.0.1",
    "10.1.2.3",
    "172.20.0.5",
    "192.168.1.20",
    "100.64.0.1",
    "169.254.1.1",
    "fd00::1",
    "fe80::1",
    "192.0.2.1",
  ])("gives %s no country: a private, loopback or special-purpose address", (address) => {
    expect(ipCountryOf(address)).toMatchObject({ country: null, reason: SPECIAL_ADDRESS });
  });

  it("gives what is not an address no country, and says so", () => {
    for (const address of ["", "unknown", "999.1.1.1", "203.0.113.5, 10.0.0.1"]) {
      expect(ipCountryOf(address), address).toMatchObject({ country: null, reason: NOT_AN_ADDRESS });
    }
  });
});
