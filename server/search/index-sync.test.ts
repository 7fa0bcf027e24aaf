import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connectionFor } from "../../tests/support/connection.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { connect, type DatabaseHandle } from "../db/client.ts";
import { products } from "../db/schema.ts";
import { seedSampleCatalogueIfEmpty } from "../demo/catalogue/seed-sample-catalogue.ts";
import { SearchIndexSync, searchIndexOf } from "./index-sync.ts";
import { findProducts } from "./product-search.ts";
import { addSynonymGroup, removeSynonymGroup } from "./synonyms.ts";

// Two app servers on one database, each with its own index: what one writes, the other finds.

const database = setUpTestDatabase();
let other: DatabaseHandle;

beforeAll(async () => {
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
  other = connect(connectionFor(inject("postgresServer"), database.name), 2);
});
afterAll(async () => {
  await other?.close();
});

const idsOf = async (db: DatabaseHandle["db"], query: string) =>
  (await findProducts(db, { query, limit: 100 })).products.map((product) => product.id);

async function publishedCount() {
  const [row] = await database.db
    .execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products WHERE status = 'published'`)
    .then(({ rows }) => rows);
  return row!.n;
}

describe("each app server's search index", () => {
  it("holds every published product once built", async () => {
    // current() answers null while the first build runs past its wait (a loaded machine): wait for the build.
    await expect.poll(() => searchIndexOf(database.db).current(), { timeout: 20_000 }).not.toBeNull();
    const index = await searchIndexOf(database.db).current();
    expect(index!.documents).toBe(await publishedCount());
    expect(searchIndexOf(database.db).figures).toMatchObject({ ready: true, documents: await publishedCount() });
  });

  it("finds a product published, changed, hidden or removed on another app server as such at the next search", async () => {
    const [product] = await database.db.select().from(products).where(eq(products.status, "published")).limit(1);
    expect(await idsOf(other.db, "wombat")).toEqual([]);

    await database.db.update(products).set({ title: "Wombat Wall Calendar" }).where(eq(products.id, product!.id));
    expect(await idsOf(other.db, "wombat")).toEqual([product!.id]);

    await database.db.update(products).set({ status: "hidden" }).where(eq(products.id, product!.id));
    expect(await idsOf(other.db, "wombat")).toEqual([]);

    await database.db.update(products).set({ status: "published" }).where(eq(products.id, product!.id));
    expect(await idsOf(other.db, "wombat")).toEqual([product!.id]);

    await database.db.update(products).set({ priceCents: 4321 }).where(eq(products.id, product!.id));
    expect((await findProducts(other.db, { query: "wombat", minPriceCents: 4321, maxPriceCents: 4321 })).total).toBe(1);

    await database.db
      .update(products)
      .set({ title: product!.title, priceCents: product!.priceCents })
      .where(eq(products.id, product!.id));
    expect(await idsOf(other.db, "wombat")).toEqual([]);
  });

  it("misses no write of a transaction that was still running when the index last read", async () => {
    const [first, second] = await database.db.select().from(products).where(eq(products.status, "published")).limit(2);
    const running = await database.pool.connect();
    try {
      await running.query("BEGIN");
      await running.query("UPDATE products SET title = 'Narwhal Budget Sheet' WHERE id = $1", [first!.id]);
      // A later transaction commits first, and the index reads it while the first still runs.
      await database.db.update(products).set({ title: "Axolotl Budget Sheet" }).where(eq(products.id, second!.id));
      expect(await idsOf(other.db, "axolotl")).toEqual([second!.id]);
      expect(await idsOf(other.db, "narwhal")).toEqual([]);
      await running.query("COMMIT");
    } finally {
      running.release();
    }
    expect(await idsOf(other.db, "narwhal")).toEqual([first!.id]);
    for (const product of [first!, second!]) {
      await database.db.update(products).set({ title: product.title }).where(eq(products.id, product.id));
    }
  });

  it("reads a change within a second without being asked, from the database's notification", async () => {
    const sync = new SearchIndexSync(other.pool);
    sync.start();
    const index = await sync.current();
    const [product] = await database.db.select().from(products).where(eq(products.status, "published")).limit(1);
    await database.db.update(products).set({ title: "Platypus Habit Tracker" }).where(eq(products.id, product!.id));
    const started = Date.now();
    await expect
      .poll(() => index!.search({ text: "platypus" }).productIds, { timeout: 1_000, interval: 20 })
      .toEqual([product!.id]);
    expect(Date.now() - started).toBeLessThan(1_000);
    await sync.stop();
    await database.db.update(products).set({ title: product!.title }).where(eq(products.id, product!.id));
  });

  it("matches by the admins' synonyms: the sample groups, and a group added on another app server within a second", async () => {
    expect(await idsOf(other.db, "cv")).toEqual(await idsOf(other.db, "resume"));
    expect(await idsOf(other.db, "curriculum")).toEqual([]);
    const group = await addSynonymGroup(database.db, "curriculum, resume");
    await expect
      .poll(() => idsOf(other.db, "curriculum"), { timeout: 1_000, interval: 50 })
      .toEqual(await idsOf(other.db, "resume"));
    await removeSynonymGroup(database.db, group.id);
    await expect.poll(() => idsOf(other.db, "curriculum"), { timeout: 1_000, interval: 50 }).toEqual([]);
  });

  it("builds again after a failed build, on the one listening connection it has", async () => {
    const listeners = async () => {
      const { rows } = await database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND query = 'LISTEN "search_synonyms_changed"'`,
      );
      return rows[0]!.n;
    };
    const before = await listeners();
    let failures = 1;
    const sync = new SearchIndexSync(other.pool, {
      loadSynonyms: async () => {
        if (failures-- > 0) throw new Error("synonyms unavailable");
        return [];
      },
    });
    expect(await sync.current()).toBeNull();
    expect(await sync.current()).not.toBeNull();
    await expect.poll(listeners).toBe(before + 1);
    await sync.stop();
  });

  it("drops a deleted product, and starts again after the table is emptied", async () => {
    const [original] = await database.db.select().from(products).where(eq(products.status, "published")).limit(1);
    const { id: _id, ...copy } = original!;
    const [product] = await database.db
      .insert(products)
      .values({ ...copy, title: "Echidna Sticker Sheet" })
      .returning({ id: products.id });
    expect(await idsOf(other.db, "echidna")).toEqual([product!.id]);
    await database.db.delete(products).where(eq(products.id, product!.id));
    expect(await idsOf(other.db, "echidna")).toEqual([]);
    await database.db.execute(sql`TRUNCATE product_search`);
    expect(await idsOf(other.db, "planner")).toEqual([]);
    await database.db.execute(sql`UPDATE products SET title = title`);
    expect((await idsOf(other.db, "planner")).length).toBeGreaterThan(0);
  });
});
