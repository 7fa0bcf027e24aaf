import { count, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { loader as searchApi } from "../../app/routes/api/search.ts";
import { loader as suggestions } from "../../app/routes/api/search-suggestions.ts";
import { loader as browse } from "../../app/routes/browse.tsx";
import { loader as category } from "../../app/routes/category.tsx";
import { loader as home } from "../../app/routes/home.tsx";
import { loader as search } from "../../app/routes/search.tsx";
import { loader as sitemapIndex } from "../../app/routes/seo/sitemap-index.ts";
import { loader as sitemapPage } from "../../app/routes/seo/sitemap-page.ts";
import { loader as trending } from "../../app/routes/trending.tsx";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { categories, searchLog as searchLogTable } from "../../server/db/schema.ts";
import { seedSampleCatalogueIfEmpty } from "../../server/demo/catalogue/seed-sample-catalogue.ts";
import { type RequestServices, servicesContext } from "../../server/http/context.ts";
import { startSearchLog } from "../../server/search/search-log.ts";
import type { SearchService } from "../../server/search/search-service.ts";
import { plainConnection, startSearchWorker } from "../../server/search/search-worker-client.ts";
import { connectionFor } from "../support/connection.ts";
import { onTestServer, setUpTestDatabase } from "../support/test-database.ts";

// DATABASE_READ_URL (docs/decisions/020): the public catalogue pages read the replica, and only it;
// what they write (the search log) goes to DATABASE_URL. The "replica" here is another database on the test
// server, holding the same sample catalogue marked as its own: its product titles start with
// "Replica", its category and creator names too, and its creators' addresses with "replica-".

const primary = setUpTestDatabase();
const replica = setUpTestDatabase();

/** Times a pool handed out a connection (pool.query included): how we see which database was asked. */
function usesOf(handle: DatabaseHandle) {
  const counter = { count: 0 };
  handle.pool.on("acquire", () => counter.count++);
  return counter;
}

let primaryUses: { count: number };
let replicaUses: { count: number };
const searchLog = { log: undefined as ReturnType<typeof startSearchLog> | undefined };

beforeAll(async () => {
  await seedSampleCatalogueIfEmpty(primary.db, primary.pool);
  await seedSampleCatalogueIfEmpty(replica.db, replica.pool);
  await replica.db.execute(sql`UPDATE products SET title = 'Replica ' || title`);
  await replica.db.execute(sql`UPDATE categories SET name = 'Replica ' || name`);
  await replica.db.execute(sql`UPDATE creators SET slug = 'replica-' || slug, name = 'Replica ' || name`);
  // The search log writes to DATABASE_URL, as in the server (server/main.ts).
  searchLog.log = startSearchLog(primary.db, { flushIntervalMs: 60_000 });
  primaryUses = usesOf(primary);
  replicaUses = usesOf(replica);
});
afterAll(async () => {
  await searchLog.log?.stop();
});

/** The services of a server whose DATABASE_URL is `primary` and DATABASE_READ_URL `replica`. */
function servicesContextFor() {
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    db: primary.db,
    readDb: replica.db,
    shopName: "Test Market",
    publicUrl: "http://shop.test",
    clientAddress: "127.0.0.1",
    searchLog: searchLog.log,
  } as RequestServices);
  return context;
}

/** Runs a loader as a public page's GET, counting what it asked of each database. */
async function load<T>(
  loader: (args: never) => Promise<T> | T,
  address: string,
  params: Record<string, string> = {},
): Promise<{ value: T; primary: number; replica: number }> {
  primaryUses.count = 0;
  replicaUses.count = 0;
  const request = new Request(`http://shop.test${address}`, {
    headers: {
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
    },
  });
  const value = await loader({ request, params, context: servicesContextFor() } as never);
  return { value, primary: primaryUses.count, replica: replicaUses.count };
}

const titlesOf = (cards: { title: string }[]) => cards.map((card) => card.title);
const fromReplica = (titles: string[]) => {
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(title).toMatch(/^Replica /);
};

describe("the server's search worker, with DATABASE_READ_URL", () => {
  /** The connections of a database that listen for notifications. */
  const listeners = (database: string) =>
    onTestServer(
      async (client) =>
        (
          await client.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN %'",
            [database],
          )
        ).rows[0].n as number,
    );
  let worker: SearchService | undefined;
  afterAll(() => worker?.stop());

  it("builds its index from the replica and listens for changes on the primary (a hot standby refuses LISTEN)", async () => {
    const server = inject("postgresServer");
    const before = { primary: await listeners(primary.name), replica: await listeners(replica.name) };
    worker = startSearchWorker(plainConnection(connectionFor(server, replica.name)), {
      listenTo: plainConnection(connectionFor(server, primary.name)),
    });
    const answer = await vi.waitFor(
      async () => {
        const found = await worker!.find({ text: "replica" }).catch(() => null);
        if (found === null) throw new Error("the worker has not answered yet");
        return found;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(answer.total).toBeGreaterThan(0);

    // The listener connects beside the build.
    await expect.poll(() => listeners(primary.name), { timeout: 5_000 }).toBe(before.primary + 1);
    expect(await listeners(primary.name)).toBe(before.primary + 1);
    expect(await listeners(replica.name)).toBe(before.replica);
  });
});

describe("the public catalogue pages, with DATABASE_READ_URL", () => {
  it("the home page reads the replica only", async () => {
    const { value, primary, replica } = await load(home, "/");
    fromReplica(titlesOf(value.showcase));
    expect(value.productCount).toBeGreaterThan(0);
    expect({ primary, replica: replica > 0 }).toEqual({ primary: 0, replica: true });
  });

  it("a category page, Browse and Trending read the replica only", async () => {
    const [planners] = await replica.db.select().from(categories).limit(1);
    const categoryPage = await load(category, `/category/${planners!.slug}`, { category: planners!.slug });
    expect(categoryPage.value.category.name).toMatch(/^Replica /);
    fromReplica(titlesOf(categoryPage.value.products));

    const browsePage = await load(browse, "/browse");
    fromReplica(titlesOf(browsePage.value.products));
    expect(browsePage.value.products[0]!.creatorName).toMatch(/^Replica /);

    const trendingPage = await load(trending, "/trending");
    fromReplica(titlesOf(trendingPage.value.products));
    expect(trendingPage.value.stats?.products).toBeGreaterThan(0);

    for (const page of [categoryPage, browsePage, trendingPage]) {
      expect({ primary: page.primary, replica: page.replica > 0 }).toEqual({ primary: 0, replica: true });
    }
  });

  it("search, its JSON and the header's suggestions read the replica; the search log is written to DATABASE_URL", async () => {
    // Only the replica's titles hold the word: the primary would find nothing.
    const searchPage = await load(search, "/search?q=replica");
    fromReplica(titlesOf(searchPage.value.products));
    expect(searchPage.value.searchId).not.toBeNull();

    const json = await load(searchApi, "/api/v1/search?q=replica");
    fromReplica(titlesOf(((await json.value.json()) as { products: { title: string }[] }).products));

    const suggested = await load(suggestions, "/api/v1/search/suggestions?q=replica");
    fromReplica(titlesOf(((await suggested.value.json()) as { products: { title: string }[] }).products));

    for (const page of [searchPage, json, suggested]) {
      expect({ primary: page.primary, replica: page.replica > 0 }).toEqual({ primary: 0, replica: true });
    }

    await searchLog.log!.flush();
    const logged = async (handle: DatabaseHandle) =>
      (await handle.db.select({ value: count() }).from(searchLogTable).where(sql`query = 'replica'`))[0]!.value;
    expect(await logged(primary)).toBe(1);
    expect(await logged(replica)).toBe(0);
  });

  it("the sitemaps read the replica only", async () => {
    const index = await load(sitemapIndex, "/sitemap.xml");
    expect(await index.value.text()).toContain("http://shop.test/sitemap/creators-1.xml");

    const creators = await load(sitemapPage, "/sitemap/creators-1.xml", { page: "creators-1.xml" });
    const xml = await creators.value.text();
    expect(xml).toContain("http://shop.test/creator/replica-");
    expect(xml).not.toMatch(/\/creator\/(?!replica-)/);

    for (const page of [index, creators]) {
      expect({ primary: page.primary, replica: page.replica > 0 }).toEqual({ primary: 0, replica: true });
    }
  });
});
