import { beforeAll, describe, expect, it } from "vitest";
import { loader as search } from "../../app/routes/search.tsx";
import { seedSampleCatalogueIfEmpty } from "../../server/demo/catalogue/seed-sample-catalogue.ts";
import type { SearchLog } from "../../server/search/search-log.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// /search for words no product has all of: the products that have the most of them, and the page
// says so.

const database = setUpTestDatabase();
beforeAll(() => seedSampleCatalogueIfEmpty(database.db, database.pool));

const searchLog = { recordSearch: () => "3f2c8a1e-5b7d-4c9a-8e6f-1a2b3c4d5e6f" } as unknown as SearchLog;
const context = () => contextAs(null, { db: database.db, readDb: database.db, searchLog, clientAddress: "192.0.2.1" });

interface SearchData {
  total: number;
  someWordsOnly: boolean;
  didYouMean: string | null;
  products: { title: string }[];
}

async function searchFor(query: string) {
  const answer = await routeAnswer<SearchData>(search, {
    url: `/search?q=${encodeURIComponent(query)}`,
    context: context(),
  });
  expect(answer.status).toBe(200);
  return answer.data!;
}

describe("/search for words no product has all of", () => {
  it("shows the products that match the most words first, and says they match only some", async () => {
    const found = await searchFor("boho wedding spaceship");
    expect(found.someWordsOnly).toBe(true);
    expect(found.total).toBeGreaterThan(1);
    expect(found.products[0]!.title).toBe("Boho Digital Wedding Planner");
  });

  it("shows products that match every word as before, without saying anything", async () => {
    const found = await searchFor("boho wedding");
    expect(found.someWordsOnly).toBe(false);
    expect(found.products.map(({ title }) => title)).toContain("Boho Digital Wedding Planner");
  });

  it("still finds nothing (with its Did you mean) when no word matches", async () => {
    const found = await searchFor("spaceship quokka");
    expect(found).toMatchObject({ total: 0, someWordsOnly: false, products: [] });
  });
});
