import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import { Reader, type Response } from "maxmind";

// The country of an IP address, from an offline database shipped as an npm package
// (@ip-location-db/geo-whois-asn-country-mmdb, read with maxmind; docs/decisions/057 compares it
// with geoip-country): no request leaves the machine. Private, loopback and other special-purpose
// addresses have no country: a shop tried on this machine, or behind a proxy not named in
// TRUST_PROXY, sees only those.

const DATABASE_PACKAGE = "@ip-location-db/geo-whois-asn-country-mmdb";
const DATABASE_FILE = "geo-whois-asn-country.mmdb";

/** What the database said of an address: its country, or none and why; and which database said it. */
export interface IpCountry {
  country: string | null;
  /** The database's package and version, kept with the evidence. */
  database: string;
  reason?: string;
}

/** The shape of this database's records (its own, not MaxMind's `country.iso_code`). */
interface CountryRecord {
  country_code?: string;
}

const require = createRequire(import.meta.url);
let reader: { lookup: Reader<Response>; database: string } | undefined;

/** Opens the database once, on the first lookup: its 7.8 MB file read into memory, in about 50 ms. */
function database() {
  if (!reader) {
    const file = require.resolve(`${DATABASE_PACKAGE}/${DATABASE_FILE}`);
    const { version } = require(`${DATABASE_PACKAGE}/package.json`) as { version: string };
    reader = { lookup: new Reader<Response>(fs.readFileSync(file)), database: `${DATABASE_PACKAGE}@${version}` };
  }
  return reader;
}

// Special-purpose ranges (RFC 6890 and its IPv6 counterparts): private, shared (carrier-grade NAT),
// loopback, link-local, documentation, benchmarking, multicast and reserved.
const SPECIAL = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  SPECIAL.addSubnet(prefix, bits, "ipv4");
}
for (const [prefix, bits] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["2001:db8::", 32],
  ["ff00::", 8],
] as const) {
  SPECIAL.addSubnet(prefix, bits, "ipv6");
}

/** "::ffff:192.0.2.1" (how Node shows an IPv4 client on a dual-stack socket) -> "192.0.2.1". */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

export const NOT_AN_ADDRESS = "not an IP address";
export const SPECIAL_ADDRESS = "a private, loopback or other special-purpose address, which no country has";
const NOT_LISTED = "not in the database";

/** The country the shipped database places `address` in, or none and why. */
export function ipCountryOf(address: string): IpCountry {
  const { lookup, database: name } = database();
  const plain = unmapped(address.trim());
  const version = net.isIP(plain);
  if (version === 0) return { country: null, database: name, reason: NOT_AN_ADDRESS };
  if (SPECIAL.check(plain, version === 4 ? "ipv4" : "ipv6")) {
    return { country: null, database: name, reason: SPECIAL_ADDRESS };
  }
  const country = (lookup.get(plain) as CountryRecord | null)?.country_code?.toUpperCase();
  return country ? { country, database: name } : { country: null, database: name, reason: NOT_LISTED };
}
