import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkWebhookUrl, isPublicAddress, publicAddressesOf, type Resolve } from "./address-guard.ts";
import { webhookSender } from "./send.ts";

// Server-side request forgery: a seller's webhook URL never reaches a private, loopback,
// link-local, metadata, CGNAT, multicast or unique-local address, in any spelling, neither when it
// is saved nor when a delivery connects (a name that resolves to one at send time).

/** A resolver standing in for DNS: these names, these addresses. */
function fakeDns(answers: Record<string, string[]>): Resolve {
  return async (hostname) => {
    const found = answers[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

const dns = fakeDns({
  "hooks.example.com": ["93.184.216.34"],
  "internal.example.com": ["10.1.2.3"],
  "rebind.example.com": ["93.184.216.34", "127.0.0.1"],
  "metadata.example.com": ["169.254.169.254"],
  "v6private.example.com": ["fd00::5"],
  "mapped.example.com": ["::ffff:192.168.1.1"],
  "translated.example.com": ["::ffff:0:10.0.0.1"],
  "loopback6.example.com": ["::1"],
  "public6.example.com": ["2606:4700:4700::1111"],
});

describe("isPublicAddress", () => {
  it.each([
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.0.1",
    "127.0.0.1",
    "127.8.9.10",
    "0.0.0.0",
    "169.254.169.254",
    "169.254.1.1",
    "100.64.0.1",
    "100.127.255.255",
    "100.100.100.200",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "198.18.0.1",
    "::",
    "::1",
    "fc00::1",
    "fd00:ec2::254",
    "fe80::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",
    "64:ff9b::a00:1",
    "2002:7f00:1::",
    // IPv4-mapped, in its dotted and hex spellings and written out in full.
    "::ffff:192.168.1.1",
    "::ffff:c0a8:101",
    "0:0:0:0:0:ffff:7f00:1",
    "::FFFF:169.254.169.254",
    // IPv4-translated (::ffff:0:0/96): any address in it, public or private inside.
    "::ffff:0:127.0.0.1",
    "::ffff:0:7f00:1",
    "::ffff:0:a00:1",
    "::ffff:0:8.8.8.8",
    "0:0:0:0:ffff:0:a9fe:a9fe",
    "::ffff:0:0",
    // NAT64 and 6to4, private IPv4 inside, in either spelling.
    "64:ff9b::10.0.0.1",
    "64:ff9b::127.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "2002:a00:1::1",
    "2002:c0a8:101::",
    "::10.0.0.1",
    "[::1]",
    "not-an-address",
    "",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "172.15.255.255",
    "100.128.0.1",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    "2001:4860:4860::8888",
    "2a00:1450:4001::ffff:0:1",
  ])("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("checkWebhookUrl (when the seller saves it)", () => {
  it("keeps a public https URL, without its fragment", async () => {
    await expect(checkWebhookUrl(" https://hooks.example.com/in?x=1#frag ", { resolve: dns })).resolves.toBe(
      "https://hooks.example.com/in?x=1",
    );
    await expect(checkWebhookUrl("https://public6.example.com/", { resolve: dns })).resolves.toBe(
      "https://public6.example.com/",
    );
  });

  it.each([
    ["http://127.0.0.1/", "https://"],
    ["https://127.0.0.1/", "private or reserved"],
    ["https://2130706433/", "private or reserved"],
    ["https://0x7f.1/", "private or reserved"],
    ["https://017700000001/", "private or reserved"],
    ["https://127.1/", "private or reserved"],
    ["https://0/", "private or reserved"],
    ["https://0.0.0.0/", "private or reserved"],
    ["https://10.0.0.8/hook", "private or reserved"],
    ["https://172.20.1.1/", "private or reserved"],
    ["https://192.168.1.1/", "private or reserved"],
    ["https://100.64.3.4/", "private or reserved"],
    ["https://169.254.169.254/latest/meta-data/", "private or reserved"],
    ["https://[::1]/", "private or reserved"],
    ["https://[fc00::1]/", "private or reserved"],
    ["https://[fe80::1]/", "private or reserved"],
    ["https://[::ffff:127.0.0.1]/", "private or reserved"],
    ["https://[::ffff:a9fe:a9fe]/", "private or reserved"],
    ["https://[::ffff:0:127.0.0.1]/", "private or reserved"],
    ["https://[::ffff:0:a00:1]/", "private or reserved"],
    ["https://[64:ff9b::192.168.0.1]/", "private or reserved"],
    ["https://[2002:a9fe:a9fe::]/", "private or reserved"],
    ["https://localhost/", "this server itself"],
    ["https://LOCALHOST./", "this server itself"],
    ["https://api.localhost/", "this server itself"],
    ["https://intranet/", "not a public host name"],
    ["https://internal.example.com/", "private or reserved address (10.1.2.3)"],
    ["https://rebind.example.com/", "private or reserved address (127.0.0.1)"],
    ["https://metadata.example.com/", "169.254.169.254"],
    ["https://v6private.example.com/", "fd00::5"],
    ["https://mapped.example.com/", "::ffff:192.168.1.1"],
    ["https://translated.example.com/", "::ffff:0:10.0.0.1"],
    ["https://loopback6.example.com/", "::1"],
    ["https://nowhere.example.com/", "could not be found"],
    ["https://hooks.example.com:8443/", "port"],
    ["https://user:pw@hooks.example.com/", "user name and password"],
    ["ftp://hooks.example.com/", "https://"],
    ["not a url", "full URL"],
  ])("refuses %s with a clear message", async (url, message) => {
    const refused = checkWebhookUrl(url, { resolve: dns });
    await expect(refused).rejects.toMatchObject({ status: 400 });
    await expect(refused).rejects.toThrow(message);
  });

  it("allows a local http receiver only with the test-only escape", async () => {
    await expect(checkWebhookUrl("http://127.0.0.1:4321/hook", { allowPrivateAddresses: true })).resolves.toBe(
      "http://127.0.0.1:4321/hook",
    );
    await expect(checkWebhookUrl("http://127.0.0.1:4321/hook")).rejects.toThrow("https://");
  });
});

describe("publicAddressesOf", () => {
  it("answers a public name's addresses and refuses a name with any private answer", async () => {
    await expect(publicAddressesOf("hooks.example.com", dns)).resolves.toEqual([
      { address: "93.184.216.34", family: 4 },
    ]);
    await expect(publicAddressesOf("rebind.example.com", dns)).rejects.toThrow("127.0.0.1");
  });
});

describe("webhookSender (at send time)", () => {
  let receiver: http.Server;
  let port: number;
  const received: { host?: string; body: string }[] = [];

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        received.push({ host: request.headers.host, body });
        if (request.url === "/redirect") response.writeHead(302, { Location: "http://127.0.0.1/elsewhere" }).end();
        else response.writeHead(request.url === "/fail" ? 500 : 200).end("x".repeat(5000));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it("refuses a name that resolves to a private address when it connects (DNS rebinding), sending nothing", async () => {
    const before = received.length;
    // Public when the URL was saved, loopback now: the lookup of the connection itself refuses it.
    const send = webhookSender({ resolve: fakeDns({ "hooks.example.com": ["127.0.0.1"] }) });
    const outcome = await send(`https://hooks.example.com:${port}/`, {}, "{}");
    expect(outcome).toMatchObject({ statusCode: null });
    expect(outcome.error).toContain("Address refused: hooks.example.com points to a private or reserved address");
    expect(received.length).toBe(before);
  });

  it.each([
    "https://127.0.0.1/",
    "https://2130706433/",
    "https://0x7f.1/",
    "https://[::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:0:7f00:1]/",
    "https://169.254.169.254/",
    "http://93.184.216.34/",
  ])("refuses %s at send time", async (url) => {
    const outcome = await webhookSender()(url, {}, "{}");
    expect(outcome.statusCode).toBeNull();
    expect(outcome.error).toMatch(/Address refused|only sent over HTTPS/);
  });

  it("posts to a local receiver with the test-only escape, keeps a short excerpt of a failure, follows no redirect", async () => {
    const send = webhookSender({ allowPrivateAddresses: true });
    const ok = await send(`http://localhost:${port}/ok`, { "Content-Type": "application/json" }, '{"a":1}');
    expect(ok).toMatchObject({ statusCode: 200, error: null });
    expect(received.at(-1)).toEqual({ host: `localhost:${port}`, body: '{"a":1}' });

    const failed = await send(`http://127.0.0.1:${port}/fail`, {}, "{}");
    expect(failed.statusCode).toBe(500);
    expect(failed.error).toMatch(/^The endpoint answered 500: x+$/);
    expect(failed.error!.length).toBeLessThan(260);

    const count = received.length;
    const redirected = await send(`http://127.0.0.1:${port}/redirect`, {}, "{}");
    expect(redirected.statusCode).toBe(302);
    expect(redirected.error).toContain("redirects are not followed");
    expect(received.length).toBe(count + 1);
  });
});
