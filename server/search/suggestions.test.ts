import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { seedSampleCatalogueIfEmpty } from "../demo/catalogue/seed-sample-catalogue.ts";
import { SUGGESTED_PHRASES, suggest } from "./suggestions.ts";

const database = setUpTestDatabase();
beforeAll(async () => {
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
});

describe("header search suggestions", () => {
  it("come from a fixed list of 14 phrases, at most 5, and at most 5 live products", async () => {
    expect(SUGGESTED_PHRASES).toHaveLength(14);
    const result = await suggest(database.db, "PLANNER");
    expect(result.phrases).toEqual(SUGGESTED_PHRASES.filter((p) => p.includes("planner")).slice(0, 5));
    expect(result.phrases.length).toBeLessThanOrEqual(5);
    expect(result.products).toHaveLength(5);
    for (const product of result.products)
      expect(Object.keys(product).sort()).toEqual(["creatorName", "id", "priceCents", "title"]);
    expect(result.products[0]!.title.toLowerCase()).toContain("planner");
  });

  it("offer the phrases and products with every word typed, in any order", async () => {
    const result = await suggest(database.db, "templates social");
    expect(result.phrases).toEqual(["social media templates"]);
    expect((await suggest(database.db, "weding planer")).phrases).toEqual(["wedding planner"]);
    expect(result.products.map((product) => product.title)).toContain("Social Media Template Pack");
  });

  it("need more than one character", async () => {
    expect(await suggest(database.db, "p")).toEqual({ phrases: [], products: [] });
    expect(await suggest(database.db, "  p  ")).toEqual({ phrases: [], products: [] });
    expect((await suggest(database.db, "pl")).products.length).toBeGreaterThan(0);
  });
});
