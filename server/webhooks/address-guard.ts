import dns from "node:dns";
import net from "node:net";
import { Refusal } from "../lib/refusal.ts";

// Sellers' webhook URLs are addresses the shop's own servers connect to, so a URL must never
// reach the shop's private network (server-side request forgery): no private, loopback,
// link-local (with the cloud metadata address 169.254.169.254), CGNAT, multicast, reserved or
// unique-local address, in any spelling (the WHATWG URL parser turns 2130706433, 0x7f.1 and
// 017700000001 into 127.0.0.1; IPv4-mapped IPv6 is judged by its IPv4 address; the IPv4-compatible,
// IPv4-translated, NAT64 and 6to4 ranges, which carry an IPv4 address, are refused whole), and no name that
// resolves to one. Checked when the URL is saved (a clear message) and again at every delivery on
// the very address connected to: the name is resolved once and the connection goes to that
// address, so a name that answers a public address to the check and a private one to the
// connection (DNS rebinding) gets nowhere (decision 036).

const BLOCKED = new net.BlockList();
const IPV4_RANGES: [string, number][] = [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the host itself
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT, also Alibaba Cloud's metadata 100.100.100.200
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, with the cloud metadata address 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
];
const IPV6_RANGES: [string, number][] = [
  ["::", 96], // unspecified, loopback and the IPv4-compatible forms (::a.b.c.d)
  ["64:ff9b::", 96], // NAT64: an IPv4 address, possibly a private one, behind a gateway
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments, with Teredo
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: an IPv4 address inside
  ["fc00::", 7], // unique local (with AWS's metadata fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local
  ["ff00::", 8], // multicast
];
for (const [network, prefix] of IPV4_RANGES) BLOCKED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of IPV6_RANGES) BLOCKED.addSubnet(network, prefix, "ipv6");

/**
 * The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part read as two groups), or
 * null when it is not one.
 */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split(".").map(Number);
    text = `${text.slice(0, dotted.index)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const part = (half: string) => (half === "" ? [] : half.split(":").map((group) => Number.parseInt(group, 16)));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const groups = halves.length === 2 ? [...head, ...Array(8 - head.length - tail.length).fill(0), ...tail] : head;
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * The IPv4-translated range, ::ffff:0:a.b.c.d (::ffff:0:0/96, RFC 2765): BlockList reads a subnet
 * written ::ffff:0:0 as the IPv4-mapped 0.0.0.0, so this one is judged here.
 */
function isIpv4Translated(address: string): boolean {
  const groups = ipv6Groups(address);
  if (!groups) return false;
  return groups.slice(0, 4).every((group) => group === 0) && groups[4] === 0xffff && groups[5] === 0;
}

/**
 * Whether an IP address is one the shop may send a webhook to: a public unicast address. An
 * IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged by its IPv4 address; anything that is
 * not an IP address is not.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, "$1");
  const family = net.isIP(bare);
  if (family === 0) return false;
  if (family === 6 && isIpv4Translated(bare)) return false;
  try {
    return !BLOCKED.check(bare, family === 6 ? "ipv6" : "ipv4");
  } catch {
    return false; // an address BlockList cannot read (a zone id): not one to send to
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (the system resolver by default; tests give their own). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** A refused address: the webhook is not sent there. */
export class AddressRefused extends Error {
  override name = "AddressRefused";
}

/** Whether a host name is one of those that always mean this machine, whatever DNS says. */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost") || name === "localhost.localdomain";
}

/**
 * The addresses `hostname` may be reached at, or AddressRefused: a local name, a name without
 * a dot (resolved through the server's search domains, so inside its network), a name that does
 * not resolve, or one with any non-public address among its answers (all are refused then: the
 * connection could go to any of them).
 */
export async function publicAddressesOf(hostname: string, resolve: Resolve): Promise<ResolvedAddress[]> {
  const bare = hostname.replace(/^\[(.*)\]$/, "$1");
  const family = net.isIP(bare);
  if (family !== 0) {
    if (!isPublicAddress(bare)) throw new AddressRefused(`${bare} is a private or reserved address.`);
    return [{ address: bare, family }];
  }
  if (isLocalName(bare)) throw new AddressRefused(`${bare} is this server itself.`);
  if (!bare.replace(/\.$/, "").includes(".")) throw new AddressRefused(`${bare} is not a public host name.`);
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(bare);
  } catch {
    throw new AddressRefused(`${bare} could not be found (DNS).`);
  }
  if (addresses.length === 0) throw new AddressRefused(`${bare} could not be found (DNS).`);
  const refused = addresses.find((answer) => !isPublicAddress(answer.address));
  if (refused) throw new AddressRefused(`${bare} points to a private or reserved address (${refused.address}).`);
  return addresses;
}

/**
 * The test-only escape: a sender or URL check made with `allowPrivateAddresses` reaches
 * 127.0.0.1 over http on any port. Only tests construct one; no setting a shop reads turns it on.
 */
export interface AddressPolicy {
  resolve?: Resolve;
  allowPrivateAddresses?: boolean;
}

const URL_MAX_LENGTH = 2048;

/**
 * The seller's webhook URL as it is saved, or a Refusal saying what is wrong with it: https only,
 * on port 443, no user name or password in it, and a host that is public (resolved now).
 */
export async function checkWebhookUrl(input: string, policy: AddressPolicy = {}): Promise<string> {
  const text = input.trim();
  if (text.length > URL_MAX_LENGTH) throw new Refusal(`Keep the URL under ${URL_MAX_LENGTH} characters.`, "invalid");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Refusal("Enter a full URL, like https://example.com/webhooks.", "invalid");
  }
  const testing = policy.allowPrivateAddresses === true;
  if (url.protocol !== "https:" && !(testing && url.protocol === "http:")) {
    throw new Refusal("The URL must start with https:// (webhooks are only sent over HTTPS).", "invalid");
  }
  if (url.username || url.password) throw new Refusal("Leave the user name and password out of the URL.", "invalid");
  if (url.port !== "" && !testing) {
    throw new Refusal("Webhooks are sent to the standard HTTPS port (443): leave the port out of the URL.", "invalid");
  }
  url.hash = "";
  if (!testing) {
    try {
      await publicAddressesOf(url.hostname, policy.resolve ?? systemResolve);
    } catch (error) {
      if (!(error instanceof AddressRefused)) throw error;
      throw new Refusal(
        `Webhooks cannot be sent to this address: ${error.message} Use your server's public URL.`,
        "invalid",
      );
    }
  }
  return url.href;
}
