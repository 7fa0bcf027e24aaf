import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { products } from "../db/schema.ts";
import { seedSampleCatalogueIfEmpty } from "../demo/catalogue/seed-sample-catalogue.ts";
import { loadListing } from "./listing.ts";
import { type ListingOptions, parseListingState } from "./listing-query.ts";

// /browse's New Arrivals: the products first published lately, the latest first.

const database = setUpTestDatabase();
const browse: ListingOptions = {
  priceMax: 200,
  sorts: ["popular", "bestselling", "newest", "price-low", "price-high", "rating"],
  defaultSort: "popular",
};
const newArrivals = (query = "tab=new") =>
  loadListing(database.db, { state: parseListingState(new URLSearchParams(query), browse), options: browse });

let draftId = 0;
beforeAll(async () => {
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
  // A seller's draft, started two months ago and never downloaded.
  const [sample] = await database.db.select().from(products).where(eq(products.id, 1));
  const { id: _id, publishedAt: _published, ...fields } = sample!;
  const [draft] = await database.db
    .insert(products)
    .values({
      ...fields,
      title: "A draft from long ago",
      status: "draft",
      downloads: 0,
      createdAt: sql`now() - interval '60 days'`,
      updatedAt: sql`now() - interval '60 days'`,
    })
    .returning({ id: products.id, publishedAt: products.publishedAt });
  expect(draft!.publishedAt).toBeNull();
  draftId = draft!.id;
});

describe("New Arrivals", () => {
  it("starts newest first, by publication", async () => {
    expect(parseListingState(new URLSearchParams("tab=new"), browse).sort).toBe("newest");
    expect(parseListingState(new URLSearchParams("tab=new&sort=price-low"), browse).sort).toBe("price-low");
    expect(parseListingState(new URLSearchParams(""), browse).sort).toBe("popular");
    const listed = (await newArrivals()).products.map((product) => product.id);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).not.toContain(draftId);
  });

  it("lists a product published just now first, however old its draft and however few its downloads", async () => {
    await database.db.update(products).set({ status: "published" }).where(eq(products.id, draftId));
    const { products: listed } = await newArrivals();
    expect(listed[0]!.id).toBe(draftId);
    // Newest is newest everywhere: the whole catalogue's Newest sort too.
    expect((await newArrivals("sort=newest")).products[0]!.id).toBe(draftId);
  });

  it("keeps its first publication when it is withdrawn and published again", async () => {
    const [{ publishedAt: first }] = (await database.db
      .select({ publishedAt: products.publishedAt })
      .from(products)
      .where(eq(products.id, draftId))) as [{ publishedAt: Date }];
    await database.db.update(products).set({ status: "draft" }).where(eq(products.id, draftId));
    await database.db.update(products).set({ status: "published" }).where(eq(products.id, draftId));
    const [again] = await database.db
      .select({ publishedAt: products.publishedAt })
      .from(products)
      .where(eq(products.id, draftId));
    expect(again!.publishedAt).toEqual(first);
  });

  it("gives the sample catalogue its dates as publication dates", async () => {
    const [sample] = await database.db
      .select({ createdAt: products.createdAt, publishedAt: products.publishedAt })
      .from(products)
      .where(eq(products.id, 1));
    expect(sample!.publishedAt).toEqual(sample!.createdAt);
  });
});
