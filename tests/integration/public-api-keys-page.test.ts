import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/seller/api-keys.tsx";
import type { user } from "../../server/db/schema.ts";
import { API_KEY_NOT_FOUND, API_KEY_PREFIX, checkApiKey, createApiKey } from "../../server/sellers/api-keys.ts";
import { createSeller, createUser } from "../support/factories.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The API keys page (/seller/api-keys) through its loader and action, as a browser posts it without
// JavaScript: create a key (shown in this answer only), list them, revoke one; sellers only.

const database = setUpTestDatabase();
type Account = typeof user.$inferSelect;
let seller: Awaited<ReturnType<typeof createSeller>>;
let other: Awaited<ReturnType<typeof createSeller>>;
let shopper: Account;

beforeAll(async () => {
  seller = await createSeller(database.db);
  other = await createSeller(database.db);
  shopper = await createUser(database.db);
});

const contextOf = (account: Account) => contextAs(account, { db: database.db });

/** The page's answer to `account`: the list, or the answer to a form posted with `body`. */
const answerOf = (account: Account, body?: Record<string, string>) =>
  routeAnswer(body ? action : loader, { url: "/seller/api-keys", context: contextOf(account), body });

type Listed = { id: number; name: string; prefix: string; scope: string; lastUsedAt: string | null };
const keysOf = async (account: Account) => ((await answerOf(account)).data as { keys: Listed[] }).keys;

describe("the API keys page", () => {
  it("creates a key and shows it in that answer only; the list shows its prefix, never the key", async () => {
    const answer = await answerOf(seller.user, { intent: "create", name: "Sales sheet", scope: "write" });
    expect(answer.status).toBe(200);
    const created = (answer.data as { created: { name: string; key: string } }).created;
    expect(created.name).toBe("Sales sheet");
    expect(created.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect((await checkApiKey(database.db, created.key)).ok).toBe(true);
    const listed = await keysOf(seller.user);
    const row = listed.find((key) => key.name === "Sales sheet")!;
    expect(row).toMatchObject({ scope: "write", prefix: created.key.slice(0, row.prefix.length) });
    expect(JSON.stringify(listed)).not.toContain(created.key);
  });

  it("puts each problem of the form beside its field and makes nothing", async () => {
    const before = (await keysOf(seller.user)).length;
    const answer = await answerOf(seller.user, { intent: "create", name: "", scope: "admin" });
    expect(answer.status).toBe(400);
    const { error } = (answer.data as { result: { error: Record<string, string[]> } }).result;
    expect(error.name).toEqual(["Name the key, for example after the tool that uses it."]);
    expect(error.scope).toEqual(["Choose what the key may do: read, or read and write."]);
    expect(await keysOf(seller.user)).toHaveLength(before);
  });

  it("revokes the seller's key, after which it is refused", async () => {
    const made = await createApiKey(database.db, seller.creator.id, { name: "Old tool", scope: "read" });
    const answer = await answerOf(seller.user, { intent: "revoke", keyId: String(made.id) });
    expect(answer).toMatchObject({ status: 200, data: { ok: true } });
    expect((await checkApiKey(database.db, made.key)).ok).toBe(false);
    expect((await keysOf(seller.user)).map((key) => key.id)).not.toContain(made.id);
  });

  it("does not revoke another shop's key, nor take an id that is not one", async () => {
    const theirs = await createApiKey(database.db, other.creator.id, { name: "Theirs", scope: "read" });
    expect(await answerOf(seller.user, { intent: "revoke", keyId: String(theirs.id) })).toEqual({
      status: 404,
      data: { ok: false, message: API_KEY_NOT_FOUND },
    });
    expect((await checkApiKey(database.db, theirs.key)).ok).toBe(true);
    expect((await answerOf(seller.user, { intent: "revoke", keyId: "abc" })).status).toBe(400);
    expect((await answerOf(seller.user, { intent: "unknown" })).status).toBe(400);
  });

  it("is for sellers: anyone else is sent away", async () => {
    expect(await answerOf(shopper)).toMatchObject({ status: 302, location: "/" });
    expect((await answerOf(shopper, { intent: "create", name: "Mine", scope: "read" })).status).toBe(302);
  });
});
