import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSeller } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { apiKeys, user } from "../db/schema.ts";
import {
  API_KEY_NOT_FOUND,
  API_KEY_PREFIX,
  checkApiKey,
  createApiKey,
  hashApiKey,
  listApiKeys,
  MAX_ACTIVE_API_KEYS,
  revokeApiKey,
  TOO_MANY_API_KEYS,
} from "./api-keys.ts";

const database = setUpTestDatabase();
let seller: Awaited<ReturnType<typeof createSeller>>;
let other: Awaited<ReturnType<typeof createSeller>>;

beforeAll(async () => {
  seller = await createSeller(database.db);
  other = await createSeller(database.db);
});

describe("API keys", () => {
  it("makes a random key with the prefix, shown once and kept only as its SHA-256", async () => {
    const made = await createApiKey(database.db, seller.creator.id, { name: "Sheets", scope: "read" });
    expect(made.key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(made.prefix).toBe(made.key.slice(0, API_KEY_PREFIX.length + 6));
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row).toMatchObject({ name: "Sheets", scope: "read", keyHash: hashApiKey(made.key), revokedAt: null });
    expect(JSON.stringify(row)).not.toContain(made.key);
    const again = await createApiKey(database.db, seller.creator.id, { name: "Sheets", scope: "read" });
    expect(again.key).not.toBe(made.key);
  });

  it("accepts a key for its creator and scope, and notes when it was used", async () => {
    const made = await createApiKey(database.db, seller.creator.id, { name: "Script", scope: "write" });
    expect(await checkApiKey(database.db, made.key)).toEqual({
      ok: true,
      caller: { keyId: made.id, creatorId: seller.creator.id, scope: "write" },
    });
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("refuses an unknown key and a revoked one at once", async () => {
    expect(await checkApiKey(database.db, `${API_KEY_PREFIX}nothing-like-it`)).toEqual({
      ok: false,
      reason: "unknown",
    });
    expect(await checkApiKey(database.db, "Bearer something")).toEqual({ ok: false, reason: "unknown" });
    const made = await createApiKey(database.db, seller.creator.id, { name: "Old", scope: "read" });
    expect(await revokeApiKey(database.db, seller.creator.id, made.id)).toEqual({ name: "Old" });
    expect(await checkApiKey(database.db, made.key)).toEqual({ ok: false, reason: "unknown" });
    expect((await listApiKeys(database.db, seller.creator.id)).map((key) => key.id)).not.toContain(made.id);
  });

  it("revokes only the seller's own keys", async () => {
    const theirs = await createApiKey(database.db, other.creator.id, { name: "Theirs", scope: "read" });
    await expect(revokeApiKey(database.db, seller.creator.id, theirs.id)).rejects.toMatchObject({
      status: 404,
      message: API_KEY_NOT_FOUND,
    });
    expect((await checkApiKey(database.db, theirs.key)).ok).toBe(true);
    expect((await listApiKeys(database.db, seller.creator.id)).map((key) => key.name)).not.toContain("Theirs");
  });

  it("refuses the key of a suspended or removed shop, or of an account no longer a seller", async () => {
    const shop = await createSeller(database.db);
    const made = await createApiKey(database.db, shop.creator.id, { name: "Tool", scope: "read" });
    await database.db.execute(sql`UPDATE creators SET standing = 'suspended' WHERE id = ${shop.creator.id}`);
    expect(await checkApiKey(database.db, made.key)).toEqual({ ok: false, reason: "not-allowed" });
    await database.db.execute(sql`UPDATE creators SET standing = 'active' WHERE id = ${shop.creator.id}`);
    expect((await checkApiKey(database.db, made.key)).ok).toBe(true);
    await database.db.update(user).set({ isSeller: false }).where(eq(user.id, shop.user.id));
    expect(await checkApiKey(database.db, made.key)).toEqual({ ok: false, reason: "not-allowed" });
  });

  it("makes no key for a shop not in good standing", async () => {
    const shop = await createSeller(database.db, { creator: { standing: "removed" } });
    await expect(createApiKey(database.db, shop.creator.id, { name: "Tool", scope: "read" })).rejects.toMatchObject({
      status: 403,
    });
  });

  it(`holds at most ${MAX_ACTIVE_API_KEYS} active keys a shop; a revoked one makes room`, async () => {
    const shop = await createSeller(database.db);
    const made = [];
    for (let i = 0; i < MAX_ACTIVE_API_KEYS; i++) {
      made.push(await createApiKey(database.db, shop.creator.id, { name: `Key ${i}`, scope: "read" }));
    }
    await expect(createApiKey(database.db, shop.creator.id, { name: "One more", scope: "read" })).rejects.toMatchObject(
      {
        status: 409,
        message: TOO_MANY_API_KEYS,
      },
    );
    await revokeApiKey(database.db, shop.creator.id, made[0]!.id);
    await expect(
      createApiKey(database.db, shop.creator.id, { name: "One more", scope: "read" }),
    ).resolves.toMatchObject({
      name: "One more",
    });
    const listed = await listApiKeys(database.db, shop.creator.id);
    expect(listed).toHaveLength(MAX_ACTIVE_API_KEYS);
    expect(listed[0]).not.toHaveProperty("keyHash");
  });
});

describe("the key form's rules, checked by createApiKey too", () => {
  it("refuses a key without a name or with an unknown scope", async () => {
    await expect(createApiKey(database.db, seller.creator.id, { name: "  ", scope: "read" })).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      createApiKey(database.db, seller.creator.id, { name: "Tool", scope: "admin" as "read" }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
