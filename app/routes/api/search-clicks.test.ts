import { type RequestServices, servicesContext } from "@server/http/context.ts";
import { reactRouterHandler } from "@server/http/react-router-handler.ts";
import express from "express";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { oneRouteModuleBuild } from "../../../tests/support/one-route-build.ts";
import { serveForTests } from "../../../tests/support/test-server.ts";
import * as searchClicks from "./search-clicks.ts";

// POST /api/v1/search/clicks, the search page's beacon, through the shop's React Router handler:
// what is not a click is refused with a 4xx, never a fault.

/** The clicks the route handed to the search log. */
const recorded: unknown[] = [];
const shop = serveForTests(() =>
  express().use(
    reactRouterHandler({
      build: oneRouteModuleBuild(searchClicks),
      mode: "production",
      bodyLimit: 1024 * 1024, // the shop's default BODY_LIMIT (server/config/env.ts)
      getLoadContext: () => {
        const context = new RouterContextProvider();
        const searchLog = { recordClick: (click: unknown) => void recorded.push(click) };
        context.set(servicesContext, { searchLog } as unknown as RequestServices);
        return context;
      },
    }),
  ),
);

const clicks = () => `${shop.baseUrl}/api/v1/search/clicks`;
const postForm = async (form: Record<string, string>) =>
  (await fetch(clicks(), { method: "POST", body: new URLSearchParams(form) })).status;

describe("the click beacon", () => {
  it("refuses what is not a click with a 4xx, and takes one for an unknown search quietly", async () => {
    const searchId = "3f2c8a1e-5b7d-4c9a-8e6f-1a2b3c4d5e6f";
    expect(await postForm({ searchId, productId: "1", position: "1" })).toBe(204);
    expect(await postForm({ searchId: "x", productId: "1", position: "1" })).toBe(400);
    expect(await postForm({ searchId, productId: "1", position: "0" })).toBe(400);
    const json = await fetch(clicks(), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ searchId, productId: 1, position: 1 }),
    });
    expect(json.status).toBe(415);
    const padding = "x".repeat(2_000);
    expect(await postForm({ searchId, productId: "1", position: "1", padding })).toBe(413);
    expect((await fetch(clicks())).status).toBeLessThan(500);
    expect((await fetch(clicks())).status).toBeGreaterThanOrEqual(400);
    // Only the click was kept.
    expect(recorded).toEqual([{ searchId, productId: 1, position: 1 }]);
  });
});
