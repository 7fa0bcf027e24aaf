import express from "express";
import { describe, expect, it } from "vitest";
import { serveForTests } from "../../tests/support/test-server.ts";
import { CROSS_SITE_REFUSED, sameOriginWrites } from "./same-origin.ts";

let changes = 0;
const server = serveForTests(() =>
  express()
    .use(sameOriginWrites("https://shop.example"))
    .all("/{*path}", (_req, res) => {
      changes++;
      res.send("done");
    }),
);

const post = (headers: HeadersInit) => fetch(`${server.baseUrl}/api/v1/cart`, { method: "POST", headers });

describe("writes from other sites", () => {
  it("are refused, and change nothing", async () => {
    const before = changes;
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const response = await post(headers);
      expect(response.status).toBe(403);
      expect(await response.text()).toBe(CROSS_SITE_REFUSED);
    }
    expect(changes).toBe(before);
  });

  it("from the shop's public address, the address asked, or no browser at all, go through", async () => {
    const own = new URL(server.baseUrl).origin;
    const ours: HeadersInit[] = [
      { origin: "https://shop.example" },
      { origin: own },
      {},
      { "sec-fetch-site": "same-origin" },
    ];
    for (const headers of ours) {
      expect((await post(headers)).status).toBe(200);
    }
    // Reading is never refused.
    expect((await fetch(server.baseUrl, { headers: { origin: "https://evil.example" } })).status).toBe(200);
  });
});
