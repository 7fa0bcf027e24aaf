import { beforeAll, describe, expect, it } from "vitest";
import { SEARCH_LISTING, TRENDING_LISTING } from "../../app/lib/listing.ts";
import { seedSampleCatalogueIfEmpty } from "../../server/demo/catalogue/seed-sample-catalogue.ts";
import { loadListing } from "../../server/search/listing.ts";
import { type ListingOptions, parseListingState } from "../../server/search/listing-query.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The filter panels of /search and /trending offer every category the shop sells, the storefront's four
// in its order first, so that their counts add up to the products found.

const database = setUpTestDatabase();
beforeAll(() => seedSampleCatalogueIfEmpty(database.db, database.pool));

const SIX_CATEGORIES = ["Planners", "Wall Art", "Templates", "Courses", "E-books", "Printables"];
const sum = (counts: { count: number }[]) => counts.reduce((total, { count }) => total + count, 0);

const pages: [string, ListingOptions, { trending?: boolean }][] = [
  ["/search", SEARCH_LISTING, {}],
  ["/trending", TRENDING_LISTING, { trending: true }],
];

describe.each(pages)("the filter panel of %s", (_page, options, scope) => {
  const listing = (query: string) =>
    loadListing(database.db, { state: parseListingState(new URLSearchParams(query), options), options, scope });

  it("lists the six categories, the storefront's four first, each counted, adding up to the total", async () => {
    const { filters, total } = await listing("");
    expect(filters.categories.map(({ label }) => label)).toEqual(SIX_CATEGORIES);
    expect(total).toBeGreaterThan(0);
    expect(filters.categories.every(({ count }) => count > 0)).toBe(true);
    expect(sum(filters.categories)).toBe(total);
  });

  it("counts that add up under a price range too", async () => {
    const { filters, total } = await listing("min=10&max=40");
    expect(total).toBeGreaterThan(0);
    expect(sum(filters.categories)).toBe(total);
  });
});

describe("the filter panel of /search", () => {
  it("counts every format of what a text finds: the formats add up to the total", async () => {
    const { filters, total } = await loadListing(database.db, {
      state: parseListingState(new URLSearchParams(""), SEARCH_LISTING),
      options: SEARCH_LISTING,
    });
    expect(sum(filters.formats)).toBe(total);
  });
});
