import type { RequestHandler } from "express";
import { describe, expect, it, vi } from "vitest";
import { serveShopApp } from "../../tests/support/shop-app.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";

// Drawn covers as the shop's app serves them under /media/generated/: from the shop itself, kept a
// year; a name the shop does not draw is not found. The pages' stand-in answers anything with
// a 200, so a 404 here is the media route's own.
vi.mock("virtual:react-router/server-build", () => ({ routes: {} }));
vi.mock("./react-router-handler.ts", () => ({
  reactRouterHandler: (): RequestHandler => (_req, res) => void res.status(200).send("a page"),
}));

const database = setUpTestDatabase();
const shop = serveShopApp(database);

describe("generated images", () => {
  it("are served locally with long cache headers", async () => {
    const response = await fetch(`${shop.baseUrl}/media/generated/planner-10.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await fetch(`${shop.baseUrl}/media/generated/..%2Fsecret.svg`)).status).toBe(404);
    expect((await fetch(`${shop.baseUrl}/media/generated/unknown-1.svg`)).status).toBe(404);
  });
});
