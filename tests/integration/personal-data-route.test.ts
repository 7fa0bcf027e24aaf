import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "../../app/routes/account/personal-data.ts";
import type { user } from "../../server/db/schema.ts";
import { createOrder, createProduct, createUser } from "../support/factories.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// Download your data through its route: the session's own account's file, as an attachment no
// cache keeps; a visitor is sent to sign in.

const database = setUpTestDatabase();
type Account = typeof user.$inferSelect;
type Call = (args: never) => Promise<unknown>;
let ada: Account;
let other: Account;

beforeAll(async () => {
  ada = await createUser(database.db, { name: "Ada Asks", email: "ada.asks@example.com" });
  other = await createUser(database.db, { name: "Otto Other", email: "otto.other@example.com" });
  const product = await createProduct(database.db, { title: "Otto's planner" });
  await createOrder(database.db, { productIds: [product.id], userId: other.id });
});

const contextOf = (account: Account | null) =>
  contextAs(account, { db: database.db, shopName: "Test Market", shopMode: "live" });

describe("the personal data download", () => {
  it("gives the signed-in person their own data as a JSON attachment that no cache keeps", async () => {
    const answer = await routeAnswer(loader as Call, { url: "/account/personal-data", context: contextOf(ada) });
    expect(answer.status).toBe(200);
    const headers = answer.response!.headers;
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(headers.get("content-disposition")).toMatch(
      /^attachment; filename="test-market-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await answer.response!.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: ada.id, email: "ada.asks@example.com" });
    expect(data.orders).toEqual([]);
    expect(text).not.toContain("otto.other@example.com");
    expect(text).not.toContain("Otto's planner");
  });

  it("sends a visitor who is not signed in to sign in first", async () => {
    const answer = await routeAnswer(loader as Call, { url: "/account/personal-data", context: contextOf(null) });
    expect(answer.status).toBe(302);
    expect(answer.location).toContain("personal-data");
    expect(answer.response?.headers.get("content-disposition")).toBeNull();
  });
});
