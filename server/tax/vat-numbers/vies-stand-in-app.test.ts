import type { RequestHandler } from "express";
import { describe, expect, it, vi } from "vitest";
import { serveShopApp } from "../../../tests/support/shop-app.ts";
import { setUpTestDatabase } from "../../../tests/support/test-database.ts";
import register from "./vies-stand-in-register.json" with { type: "json" };

// A demo shop serves its VIES stand-in at /stand-ins/vies, where its own server asks it (no
// Origin, before the form guards); a live shop does not.
vi.mock("virtual:react-router/server-build", () => ({ routes: {} }));
vi.mock("../../http/react-router-handler.ts", () => ({
  reactRouterHandler: (): RequestHandler => (_req, res) => void res.status(404).type("text/plain").send("Not found"),
}));

const database = setUpTestDatabase();
const demo = serveShopApp(database, { env: { SHOP_MODE: "demo" } });
const live = serveShopApp(database, { env: { SHOP_MODE: "live" } });

const [registered] = Object.keys(register.traders);
const ask = (server: { baseUrl: string }) =>
  fetch(`${server.baseUrl}/stand-ins/vies/check-vat-number`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ countryCode: registered!.slice(0, 2), vatNumber: registered!.slice(2) }),
  });

describe("the VIES stand-in in the shop", () => {
  it("is served by a demo shop to a request from a server (no Origin)", async () => {
    const response = await ask(demo);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ valid: true });
  });

  it("is not served by a live shop", async () => {
    const response = await ask(live);
    expect(response.status).not.toBe(200);
    expect(response.headers.get("content-type")).not.toMatch(/json/);
  });
});
