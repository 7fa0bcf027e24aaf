import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./fixtures";

// The product page of SPEC section 2. Product 1 is the sample "Digital Planner Bundle".

test("the product page: breadcrumb, gallery, badges, price, tabs and related products", async ({ page }) => {
  await page.goto("/product/1");
  const title = await page.getByRole("heading", { level: 1 }).textContent();
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
  await expect(crumbs.first()).toHaveText("Products");
  await expect(crumbs.last()).toHaveText(title!);
  await waitForHydration(page);

  const thumbnails = page.getByRole("list", { name: "Images" }).getByRole("button");
  expect(await thumbnails.count()).toBeGreaterThan(1);
  await expect(thumbnails.first()).toHaveAttribute("aria-pressed", "true");
  await thumbnails.nth(1).click();
  await expect(thumbnails.nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(thumbnails.first()).toHaveAttribute("aria-pressed", "false");

  await expect(
    page
      .getByRole("main")
      .getByText(/^\$\d+\.\d\d$/)
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/^\d+% off$/)).toBeVisible(); // the sample bundle is discounted
  await expect(page.getByRole("list", { name: "At a glance" })).toContainText("Instant download");

  const tabs = page.getByRole("tablist", { name: "About this product" });
  await expect(tabs.getByRole("tab")).toHaveText(["Product Details", "Features", /^Reviews \([\d,]+\)$/, "FAQ"]);
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("heading", { name: "What you get" })).toBeVisible();
  await expect(panel.getByText("File size")).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Requirements" })).toBeVisible();
  await tabs.getByRole("tab", { name: "FAQ" }).click();
  await expect(page.getByRole("tabpanel").locator("dt")).toHaveCount(3);
  await tabs.getByRole("tab", { name: "Features" }).click();
  expect(await page.getByRole("tabpanel").getByRole("listitem").count()).toBeGreaterThan(0);

  const related = page.getByRole("region", { name: "Related Products" }).getByRole("article");
  expect(await related.count()).toBeGreaterThan(0);
  expect(await related.count()).toBeLessThanOrEqual(3);
  await expectNoAxeViolations(page);
});

test("Reviews shows the latest three, and Read All Reviews pages through all of them", async ({ page }) => {
  await page.goto("/product/1");
  await waitForHydration(page);
  await page.getByRole("tab", { name: /^Reviews/ }).click();
  const latest = page.getByRole("list", { name: "Latest reviews" }).getByRole("listitem");
  await expect(latest).toHaveCount(3);
  await page.getByRole("link", { name: "Read All Reviews" }).click();
  await expect(page).toHaveURL(/\?reviews=1#reviews$/);
  const paged = page.getByRole("list", { name: /^Reviews, page 1 of \d+$/ });
  await expect(paged.getByRole("listitem")).toHaveCount(10);
  const pages = Number((await paged.getAttribute("aria-label"))!.match(/of (\d+)/)![1]);
  const total = Number((await page.getByRole("tab", { name: /^Reviews/ }).textContent())!.replace(/\D/g, ""));
  expect(pages).toBe(Math.ceil(total / 10));
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByRole("list", { name: `Reviews, page 2 of ${pages}` })).toBeVisible();
  await expect(page.getByRole("tab", { name: /^Reviews/ })).toHaveAttribute("aria-selected", "true");
  await expectNoAxeViolations(page);
});

test("Share copies the link where the browser has no share sheet", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/product/2");
  await waitForHydration(page);
  await page.evaluate(() => {
    // Chromium on Linux has no share sheet; make sure of it.
    Object.defineProperty(navigator, "share", { value: undefined });
  });
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseURL}/product/2`);
});

test("search engines and link previews get the title, canonical address, Open Graph and product data", async ({
  page,
  baseURL,
}) => {
  await page.goto("/product/1");
  const title = await page.getByRole("heading", { level: 1 }).textContent();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/product/1`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title!);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http.*\/media\/generated\//);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(data).toMatchObject({ "@type": "Product", name: title, offers: { priceCurrency: "USD" } });
  expect(data.offers.price).toMatch(/^\d+\.\d\d$/);
  expect(data.aggregateRating.reviewCount).toBeGreaterThan(0);
});

test("the back button returns to where the shopper came from", async ({ page }) => {
  await page.goto("/browse");
  await waitForHydration(page);
  await page.getByRole("main").getByRole("article").first().getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/browse$/);
});
