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

const post = (headers: HeadersInit, path = "/api/v1/cart") =>
  fetch(`${server.baseUrl}${path}`, { method: "POST", headers });

describe("writes", () => {
  it("from another site, or that do not say where they come from, are refused and change nothing", async () => {
    const before = changes;
    const refused: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "https://shop.example.evil.example" },
      { origin: "https://sub.shop.example" },
      { origin: "http://shop.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "same-origin" },
      {},
    ];
    for (const headers of refused) {
      const response = await post(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toBe(CROSS_SITE_REFUSED);
    }
    expect(changes).toBe(before);
  });

  it("from the shop's public address or the address asked go through", async () => {
    const own = new URL(server.baseUrl).origin;
    for (const origin of ["https://shop.example", own]) {
      expect((await post({ origin })).status).toBe(200);
    }
  });

  it("of signed payment webhooks need no Origin (they come from the provider's servers)", async () => {
    expect((await post({}, "/api/v1/payments/webhook/stripe")).status).toBe(200);
  });

  it("of a mail client's one-click unsubscribe need no Origin (the link's token decides), only there", async () => {
    expect((await post({}, "/email-preferences?token=x")).status).toBe(200);
    expect((await post({}, "/email-preferences/x")).status).toBe(403);
    expect((await post({}, "/account/email-preferences")).status).toBe(403);
  });

  it("are the only thing checked: reading is never refused", async () => {
    expect((await fetch(server.baseUrl, { headers: { origin: "https://evil.example" } })).status).toBe(200);
    expect((await fetch(server.baseUrl)).status).toBe(200);
  });
});
