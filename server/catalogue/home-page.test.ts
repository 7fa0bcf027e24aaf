import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { seedSampleCatalogueIfEmpty } from "../demo/catalogue/seed-sample-catalogue.ts";
import { searchIndexOf } from "../search/index-sync.ts";
import { answerOf, type SearchService, useSearchService } from "../search/search-service.ts";
import { getHomePage } from "./home-page.ts";

const database = setUpTestDatabase();

beforeAll(async () => {
  expect(await seedSampleCatalogueIfEmpty(database.db, database.pool)).not.toBeNull();
});

describe("the home page", () => {
  it("is ready while the search index is still being built, with the index's own lists", async () => {
    // A search index that answers only when told to: the server's, in its first build after a start.
    const index = searchIndexOf(database.db);
    let finishBuild: () => void = () => {};
    const built = new Promise<void>((resolve) => {
      finishBuild = resolve;
    });
    const building: SearchService = {
      async find(search) {
        await built;
        const ready = await index.current();
        return ready && answerOf(ready, search);
      },
      figures: async () => index.figures,
      stop: async () => {},
    };
    useSearchService(database.db, building);

    const home = await Promise.race([
      getHomePage(database.db),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("waited for the search index")), 5_000)),
    ]);
    expect(home.trending).toHaveLength(4);
    finishBuild();
    // The same four as the search index ranks first (PostgreSQL orders them by the same keys).
    const fromIndex = await building.find({ trending: true, sort: "trending", limit: 4 });
    expect(home.trending.map((product) => product.id)).toEqual(fromIndex?.productIds);
    expect(home.productCount).toBeGreaterThan(0);
  });
});
