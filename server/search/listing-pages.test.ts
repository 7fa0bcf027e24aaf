import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { seedSampleCatalogueIfEmpty } from "../demo/catalogue/seed-sample-catalogue.ts";
import { loadListing } from "./listing.ts";
import { type ListingOptions, parseListingState } from "./listing-query.ts";
import { PAGE_SIZE } from "./product-search.ts";

// ?page=N is the Nth 24 products, never the first N x 24: /category/planners?page=100
// rendered 2,400 cards (4.4 MB of HTML, 1.35 s); Load More appends the next page in the browser.

const database = setUpTestDatabase();
const browse: ListingOptions = {
  priceMax: 200,
  sorts: ["popular", "newest", "price-low", "price-high", "rating"],
  defaultSort: "newest",
};
const pageOf = (query: string) =>
  loadListing(database.db, { state: parseListingState(new URLSearchParams(query), browse), options: browse });

beforeAll(async () => {
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
});

describe("a listing's ?page=N", () => {
  it("is its own 24 products, in the order of the pages before it", async () => {
    const [first, second, third] = await Promise.all(["page=1", "page=2", "page=3"].map((query) => pageOf(query)));
    expect(first!.total).toBeGreaterThan(2 * PAGE_SIZE);
    expect(first!.products).toHaveLength(PAGE_SIZE);
    expect(second!.products).toHaveLength(PAGE_SIZE);
    expect(third!.products).toHaveLength(Math.min(PAGE_SIZE, first!.total - 2 * PAGE_SIZE));
    const ids = [first!, second!, third!].flatMap((page) => page.products.map((product) => product.id));
    // No product twice: each page starts where the one before it ended.
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("costs at most a page however far it goes: page 100 holds no more than 24 products", async () => {
    const far = await pageOf("page=100");
    expect(far.products.length).toBeLessThanOrEqual(PAGE_SIZE);
    expect(far.total).toBe((await pageOf("")).total);
  });
});
