import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root.tsx";
import { action as cartAction } from "../../app/routes/api/cart.ts";
import { connect } from "../../server/db/client.ts";
import { FLAT_TAX } from "../support/orders.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";

// The database away (stopped, restarting): the shop says it is briefly unavailable (503 with
// Retry-After), it is not at fault (500). Nothing listens on port 1: pg's connection is refused.
const away = connect({ host: "127.0.0.1", port: 1, user: "shop", database: "shop" }, 1);
afterAll(() => away.close());
const warned: string[] = [];
const logger = pino({ level: "warn" }, { write: (line: string) => void warned.push(line) });
const services = {
  db: away.db,
  readDb: away.db,
  shopName: "Test Market",
  publicUrl: "http://shop.test",
  logger,
  tax: FLAT_TAX,
};

describe("with the database away", () => {
  it("every page's frame answers 503 with Retry-After and the shop's name, for the we'll-be-right-back screen", async () => {
    const thrown = await (rootLoader as (args: unknown) => Promise<unknown>)({
      request: new Request("http://shop.test/category/planners"),
      params: {},
      context: contextAs(null, services),
    }).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", data: { shopName: "Test Market" } });
    const init = (thrown as { init: { status: number; headers: Record<string, string> } }).init;
    expect(init.status).toBe(503);
    expect(init.headers["Retry-After"]).toBe("5");
    // Said in the log: once for the outage.
    expect(warned).toHaveLength(1);
  });

  it("a form answers 503 with Retry-After and says nothing was changed", async () => {
    const answer = await routeAnswer<{ ok: boolean; message: string }>(cartAction, {
      url: "/api/v1/cart",
      context: contextAs(null, services),
      body: { intent: "add", productId: "1" },
    });
    expect(answer.status).toBe(503);
    expect(answer.headers?.get("Retry-After")).toBe("5");
    expect(answer.data).toEqual({
      ok: false,
      message: "The shop is briefly unavailable. Nothing was changed: please try again in a moment.",
    });
  });
});
