import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";

// Search as a shopper types it: words in any order, plurals, typos, and a way out of
// "No results found". The matching rules themselves are tested in server/search/*.test.ts.

const results = (page: Page) => page.getByRole("main").getByRole("heading", { level: 3 });

test("the shop's own suggestions and the words shoppers type find products on /search", async ({ page }) => {
  const wanted: [string, string][] = [
    ["social media templates", "Social Media Template Pack"],
    ["minimalist planner", "2026 Minimalist Weekly Planner"],
    ["planner digital", "Digital Planner Bundle"],
    ["teachers", "Teacher Lesson Planner 2026-2027"],
    ["weding planer", "Boho Digital Wedding Planner"],
  ];
  for (const [query, title] of wanted) {
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    await expect(page.getByRole("heading", { name: `Search Results for "${query}"` })).toBeVisible();
    await expect(results(page).filter({ hasText: title }).first(), query).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test("the header finds what is typed with a typo, words in any order, and the search page agrees", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the header search box shows on wide screens");
  await page.goto("/");
  await waitForHydration(page);
  const box = page.getByRole("banner").getByRole("combobox", { name: "Search products" });
  const products = page.getByRole("listbox", { name: "Search suggestions" }).getByRole("group", { name: "Products" });
  await box.fill("wedding boho");
  await expect(products.getByRole("option").first()).toContainText("Boho Digital Wedding Planner");
  await box.fill("minimalst wall ar");
  await expect(products.getByRole("option").first()).toBeVisible();
  await box.fill("botanicl prints");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=botanicl\+prints/);
  await expect(results(page).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "No results found" })).toBeHidden();
});
