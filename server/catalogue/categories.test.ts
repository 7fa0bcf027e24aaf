import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { seedSampleCatalogue } from "../demo/catalogue/seed-sample-catalogue.ts";
import { findCategoryBySlug } from "./categories.ts";

const database = setUpTestDatabase();
beforeAll(async () => {
  await seedSampleCatalogue(database.db);
});

describe("a category's one address", () => {
  it.each([
    ["planners", "planners"],
    ["Planners", "planners"],
    ["PLANNERS", "planners"],
    ["digital-planners", "planners"],
    ["Digital-Planners", "planners"],
    ["wall-art-prints", "wall-art"],
    ["E-Books", "e-books"],
  ])("%s is the category at /category/%s", async (asked, canonical) => {
    expect((await findCategoryBySlug(database.db, asked))?.slug).toBe(canonical);
  });

  it("knows no other slug", async () => {
    expect(await findCategoryBySlug(database.db, "no-such-category")).toBeNull();
    expect(await findCategoryBySlug(database.db, "planner")).toBeNull();
  });
});
