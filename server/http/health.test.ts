import type { RequestHandler } from "express";
import { describe, expect, it, vi } from "vitest";
import { serveShopApp } from "../../tests/support/shop-app.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";

// /healthz as the shop's app serves it (liveness: docs/DEPLOY.md); the pages' handler is not reached.
vi.mock("virtual:react-router/server-build", () => ({ routes: {} }));
vi.mock("./react-router-handler.ts", () => ({
  reactRouterHandler: (): RequestHandler => (_req, res) => void res.status(200).send("a page"),
}));

const database = setUpTestDatabase();
const shop = serveShopApp(database);

describe("GET /healthz", () => {
  it("answers JSON about the database", async () => {
    const response = await fetch(`${shop.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });
});
