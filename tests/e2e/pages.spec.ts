import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./fixtures";

// Every page the header and footer link to, with the heading it must show.
const pages: [path: string, heading: string | RegExp][] = [
  ["/", "Digital products made by independent creators"],
  ["/category/planners", "Planners"],
  ["/category/wall-art", "Wall Art"],
  ["/category/templates", "Templates"],
  ["/category/digital-courses", "Digital Courses"],
  ["/category/e-books", "E-books"],
  ["/category/printables", "Printables"],
  ["/category/digital-planners", "Digital Planners"],
  ["/category/wall-art-prints", "Wall Art Prints"],
  ["/browse", "Browse All Products"],
  ["/search?q=planner", 'Search Results for "planner"'],
  ["/product/1", "Digital Planner Bundle"],
  ["/creator/design-studio-pro", "Design Studio Pro"],
  ["/contact", "Contact Us"],
  ["/help", /Help Center/],
  ["/refund-policy", /Refund Policy/],
  ["/license", /License/],
  ["/become-seller", /Become a Seller/],
  ["/seller-resources", /Seller Resources/],
  ["/commission", /Commission Rates/],
  ["/guidelines", /Seller Guidelines/],
];

for (const [path, heading] of pages) {
  test(`${path} renders its page with no accessibility violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test("every header and footer link leads to a real page", async ({ page, request }) => {
  await page.goto("/");
  const hrefs = new Set<string>();
  for (const region of [page.getByRole("banner"), page.getByRole("contentinfo")]) {
    for (const href of await region
      .locator("a[href^='/']")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")!))) {
      hrefs.add(href);
    }
  }
  for (const path of [
    "/category/digital-planners",
    "/category/wall-art-prints",
    "/category/templates",
    "/category/digital-courses",
    "/help",
    "/contact",
    "/refund-policy",
    "/license",
    "/become-seller",
    "/seller-resources",
    "/commission",
    "/guidelines",
    "/browse",
  ]) {
    expect(hrefs, `the page links to ${path}`).toContain(path);
  }
  for (const href of hrefs) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    expect(await response.text(), href).not.toContain("Oops! Page not found");
  }
});

test("the home page shows the catalogue from the database", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Welcome to Test Market")).toBeVisible();
  const trending = page.getByRole("region", { name: "Trending Products" });
  await expect(trending.getByRole("article")).toHaveCount(4);
  await expect(trending.getByRole("link", { name: "View All" })).toHaveAttribute("href", "/trending");
  // The hero, the categories and the cards lead where SPEC section 2 says.
  await expect(page.getByRole("link", { name: /^Browse All Products/ })).toHaveAttribute("href", "/browse");
  await expect(page.getByRole("link", { name: "Join as Seller" })).toHaveAttribute("href", "/become-seller");
  const categories = page.getByRole("region", { name: "Popular Categories" }).getByRole("link");
  expect(await categories.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
    "/category/digital-planners",
    "/category/wall-art-prints",
    "/category/templates",
    "/category/digital-courses",
  ]);
  const quickView = trending.getByRole("link", { name: /^Quick view .* \(opens in a new tab\)$/ }).first();
  await expect(quickView).toHaveAttribute("target", "_blank");
  await expect(quickView).toHaveAttribute("href", /^\/product\/\d+$/);
  await expect(page.getByRole("heading", { name: "Featured Creators" })).toBeVisible();
  await page.getByRole("link", { name: "View Profile of Design Studio Pro" }).click();
  await expect(page).toHaveURL(/\/creator\/design-studio-pro$/);
});

test("an unknown address shows the 404 page with a link home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown category is not found, an unknown product goes to /browse, an unknown creator says so", async ({
  page,
}) => {
  expect((await page.goto("/category/no-such-category"))?.status()).toBe(404);
  await page.goto("/product/999999");
  await expect(page).toHaveURL(/\/browse$/);
  await page.goto("/creator/nobody-here");
  await expect(page.getByRole("heading", { name: "Creator Not Found" })).toBeVisible();
  await expect(page.getByText("The creator you're looking for doesn't exist.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a search with no match says so and suggests other searches", async ({ page }) => {
  await page.goto("/search?q=zzzz-nothing");
  await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("main").getByRole("link", { name: "wall art", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: 'Search Results for "wall art"' })).toBeVisible();
});

test("category aliases show the same products and name one canonical address", async ({ page }) => {
  await page.goto("/category/digital-planners");
  await expect(page.getByRole("link", { name: "Digital Planner Bundle", exact: true })).toBeVisible();
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/category\/planners$/);
});

test("Load More shows the next page of a listing", async ({ page }) => {
  await page.goto("/browse");
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(24);
  await expect(page.getByText(/Showing 24 of \d+ products/)).toBeVisible();
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(cards).toHaveCount(48);
});
