import { type RequestServices, servicesContext } from "@server/http/context.ts";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { loadRootFrame } from "./shop-frame.server";

describe("the root loader's frame", () => {
  it("when the database fails, is a logged 500 that still carries the shop's name for the error screen", async () => {
    const logger = { error: vi.fn() };
    const down = new Error("connection refused");
    const db = new Proxy(
      {},
      {
        get: () => () => {
          throw down;
        },
      },
    );
    const auth = { api: { getSession: () => Promise.reject(down) } };
    const context = new RouterContextProvider();
    context.set(servicesContext, {
      db,
      readDb: db,
      auth,
      logger,
      shopName: "Test Market",
      shopMode: "demo",
      googleSignIn: false,
    } as unknown as RequestServices);
    const request = new Request("http://shop.test/browse");

    const thrown = await loadRootFrame({ request, context }).catch((error: unknown) => error);

    expect(thrown).toMatchObject({ data: { shopName: "Test Market" }, init: { status: 500 } });
    expect(logger.error).toHaveBeenCalledOnce();
    expect(logger.error.mock.calls[0]![0]).toMatchObject({ err: down });
    expect(logger.error.mock.calls[0]![1]).toBe("Request failed");
  });
});
