import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RequestHandler } from "express";
import { afterAll, describe, expect, it, vi } from "vitest";
import { serveShopApp } from "../../tests/support/shop-app.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";

// The whole Express application, with React Router's place taken by a handler that answers what
// the pages would be given (the client's address, X-Forwarded-For as better-auth reads it, the
// scheme) at /who-am-i, and any other address with a stand-in of the shop's 404 page.
vi.mock("virtual:react-router/server-build", () => ({ routes: {} }));
vi.mock("./react-router-handler.ts", () => ({
  reactRouterHandler: (): RequestHandler => (req, res) => {
    if (req.path !== "/who-am-i") return void res.status(404).type("html").send("<h1>Oops! Page not found</h1>");
    res.json({ ip: req.ip, forwardedFor: req.headers["x-forwarded-for"], protocol: req.protocol });
  },
}));

const database = setUpTestDatabase();

/** The shop with TRUST_PROXY set as given, served on 127.0.0.1 (the test is its client from there). */
const shopTrusting = (trustProxy: string | undefined) => serveShopApp(database, { env: { TRUST_PROXY: trustProxy } });

async function seenBy(server: { baseUrl: string }, headers: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}/who-am-i`, { headers });
  expect(response.status).toBe(200);
  return (await response.json()) as { ip: string; forwardedFor: string; protocol: string };
}

const forged = { "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "https" };

describe("the client's address behind proxies (TRUST_PROXY)", () => {
  const loadBalancerNetwork = shopTrusting("10.0.0.0/8");
  const byDefault = shopTrusting(undefined);
  const oneProxy = shopTrusting("127.0.0.1");
  const twoProxies = shopTrusting("10.0.0.0/8, 127.0.0.1");

  it("ignores X-Forwarded-For and X-Forwarded-Proto from an address TRUST_PROXY does not name", async () => {
    // 127.0.0.1 is not in 10.0.0.0/8: the connection's own address is the client's.
    expect(await seenBy(loadBalancerNetwork, forged)).toEqual({
      ip: "127.0.0.1",
      forwardedFor: "127.0.0.1",
      protocol: "http",
    });
  });

  it("believes them from loopback by default, and from an address TRUST_PROXY names", async () => {
    const client = { ip: "203.0.113.7", forwardedFor: "203.0.113.7", protocol: "https" };
    expect(await seenBy(byDefault, forged)).toEqual(client);
    expect(await seenBy(oneProxy, forged)).toEqual(client);
    // Without the headers, the connection's address.
    expect(await seenBy(oneProxy, {})).toEqual({ ip: "127.0.0.1", forwardedFor: "127.0.0.1", protocol: "http" });
  });

  it("takes the address the nearest untrusted hop gave, so a client's own X-Forwarded-For changes nothing", async () => {
    // A proxy that appends (HAProxy's `option forwardfor`) passes on what the client sent, before
    // the client's real address: that part is never read.
    const appended = { "x-forwarded-for": "198.51.100.9, 203.0.113.7" };
    expect(await seenBy(oneProxy, appended)).toMatchObject({ ip: "203.0.113.7", forwardedFor: "203.0.113.7" });
    // Through two trusted proxies (a load balancer in 10.0.0.0/8, then one on this machine).
    const twoHops = { "x-forwarded-for": "198.51.100.9, 203.0.113.7, 10.1.2.3" };
    expect(await seenBy(twoProxies, twoHops)).toMatchObject({ ip: "203.0.113.7", forwardedFor: "203.0.113.7" });
    // The same chain with only this machine trusted: the load balancer's address is the client's.
    expect(await seenBy(oneProxy, twoHops)).toMatchObject({ ip: "10.1.2.3", forwardedFor: "10.1.2.3" });
  });
});

describe("the build's own files (build/client: what public/ holds)", () => {
  const clientBuildDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-client-build-"));
  for (const file of ["favicon.svg", "placeholder.svg"]) fs.copyFileSync(`public/${file}`, `${clientBuildDir}/${file}`);
  afterAll(() => fs.rmSync(clientBuildDir, { recursive: true, force: true }));
  const shop = serveShopApp(database, { clientBuildDir });

  it("are served by name, with a cache lifetime; other addresses are pages", async () => {
    for (const file of ["/favicon.svg", "/placeholder.svg"]) {
      const response = await fetch(`${shop.baseUrl}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type"), file).toContain("image/svg+xml");
      expect(response.headers.get("cache-control"), file).toContain("max-age=3600");
    }
    const missing = await fetch(`${shop.baseUrl}/favicon.ico`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("text/html");
    // The pages' answer (here their stand-in), not one of the static files' own.
    expect(await missing.text()).toContain("Oops! Page not found");
  });
});
