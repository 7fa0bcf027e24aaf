import sharp from "sharp";
import {
  addToCart,
  approvedSeller,
  checkOutSignedIn,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  screenshotsIn,
  test,
  waitForHydration,
} from "./fixtures";

// The product page. Product 1 is the sample "Digital Planner Bundle".

test("the product page: breadcrumb, gallery, badges, price, tabs and related products @phone", async ({ page }) => {
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
  await expect(panel.getByRole("definition").filter({ hasText: "digital-planner-bundle.pdf" })).toHaveText(
    /^digital-planner-bundle\.pdf \(\d+(\.\d)? KB\)$/,
  );
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

test("the four tabs are all in sight, in one row, at a phone's width too @phone", async ({ page }) => {
  await page.goto("/product/1");
  const tabs = page.getByRole("tablist", { name: "About this product" });
  const row = (await tabs.boundingBox())!;
  const boxes = await Promise.all((await tabs.getByRole("tab").all()).map(async (tab) => (await tab.boundingBox())!));
  expect(boxes).toHaveLength(4);
  for (const box of boxes) {
    expect(box.x).toBeGreaterThanOrEqual(row.x - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(row.x + row.width + 0.5);
    expect(Math.abs(box.y - boxes[0]!.y)).toBeLessThan(1);
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
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
  request,
}) => {
  await page.goto("/product/1");
  const title = await page.getByRole("heading", { level: 1 }).textContent();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/product/1`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title!);
  // Social networks show no SVG: the preview is a 1200x630 JPEG drawn from the product's picture.
  const image = page.locator('meta[property="og:image"]');
  await expect(image).toHaveAttribute("content", new RegExp(`^${baseURL}/media/og/product/1/[a-z0-9-]+\\.jpg$`));
  const picture = await request.get((await image.getAttribute("content"))!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/jpeg");
  expect(await sharp(await picture.body()).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
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

test("in a tab opened on a product, with nothing to go back to, Back opens the product's category", async ({
  page,
  context,
}) => {
  await page.goto("/browse");
  const href = (await page
    .getByRole("main")
    .getByRole("article")
    .first()
    .getByRole("heading")
    .getByRole("link")
    .getAttribute("href"))!;
  const tab = await context.newPage();
  await tab.goto(href);
  await expect(tab).toHaveURL(/\/product\/\d+$/);
  await waitForHydration(tab);
  const category = await tab
    .getByRole("navigation", { name: "Breadcrumb" })
    .getByRole("listitem")
    .nth(1)
    .getByRole("link")
    .getAttribute("href");
  expect(category).toMatch(/^\/category\/[a-z-]+$/);
  await tab.getByRole("button", { name: "Back" }).click();
  await expect(tab).toHaveURL(new RegExp(`${category}$`));
  await expect(tab.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a card's Quick view is a dialog: pictures, price, licence, Add to Cart and the full page, from the keyboard @phone", async ({
  page,
}, testInfo) => {
  test.slow();
  // The sample's Abstract Wall Art Collection sells Personal, Commercial and Extended licenses.
  await page.goto("/search?q=Abstract+Wall+Art+Collection");
  await waitForHydration(page);
  const card = page.getByRole("main").getByRole("article").filter({ hasText: "Abstract Wall Art Collection" }).first();
  const quickView = card.getByRole("button", { name: "Quick view Abstract Wall Art Collection" });
  await quickView.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Abstract Wall Art Collection" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/search/);
  await expect(dialog.getByRole("img").first()).toBeVisible();
  const licence = dialog.getByRole("group", { name: "License" });
  await licence.getByRole("radio", { name: /^Commercial/ }).check();
  await expect(dialog.locator(".text-3xl")).toHaveText("$39.99");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("quick-view.png") });
  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("1 seat of Abstract Wall Art Collection in your cart")).toBeVisible();
  await expect(dialog.getByText("In your cart: Commercial license · 1 seat.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(quickView).toBeFocused();

  await quickView.click();
  await dialog.getByRole("link", { name: "View full details" }).click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abstract Wall Art Collection");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a product sold in a bundle offers it: Save with a bundle links to the bundle's page", async ({ page }) => {
  // The sample bundle: products 14 and 20 of Design Studio Pro, $24.99 instead of $30.98.
  await page.goto("/product/14");
  const offers = page.getByRole("region", { name: "Save with a bundle" });
  await expect(offers).toContainText("With Abstract Shapes Vector Art Pack");
  await expect(offers).toContainText("$24.99");
  await expect(offers).toContainText("Save 19%");
  await offers.getByRole("link", { name: "Modern Geometric Art Kit" }).click();
  await expect(page).toHaveURL(/\/bundle\/1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Modern Geometric Art Kit");
  // A product in no bundle offers none.
  await page.goto("/product/1");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Save with a bundle" })).toHaveCount(0);
});

const longWordShots = screenshotsIn("test-results/long-words");

test("a pasted 2,000-character word in a review and a 1,000-character bio wrap: the pages stay the screen's width @desktop-only", async ({
  page,
  buyer: _buyer,
  guest,
  admin,
}, testInfo) => {
  test.slow();
  // A buyer reviews what they bought with one unbroken string (a pasted address).
  const pasted = `https://example.com/${"x".repeat(1980)}`;
  await addToCart(page, 23);
  const { tab } = await checkOutSignedIn(page);
  await tab.close();
  await page.goto("/product/23?reviews=1");
  await waitForHydration(page);
  await page.getByRole("radio", { name: "4 stars" }).check({ force: true });
  await page.getByLabel("Your review").fill(pasted);
  await page.getByRole("button", { name: "Publish review" }).click();
  // Saved: the form gives way to the thanks (the toast, which can come and go before a busy
  // machine looks, is checked by checkout.spec's review).
  await expect(page.getByText("Thank you: you have reviewed this product.")).toBeVisible();

  // A new seller's bio is one word of 1,000 letters.
  const shopName = await approvedSeller(guest, admin, {
    name: "Lou Longbio",
    shopName: `Longbio ${Date.now().toString(36)}`,
    specialty: "W".repeat(79),
    bio: "b".repeat(1000),
  });

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/product/23?reviews=1");
    await expect(page.getByText(pasted)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await longWordShots(page, testInfo, `review-${width}`);
    await page.goto(`/creator/${shopName.toLowerCase().replace(" ", "-")}`);
    await expect(page.getByText("b".repeat(1000))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await longWordShots(page, testInfo, `bio-${width}`);
  }
});

test("a title's hyphenated words never break at the hyphen, at any phone's width @desktop-only", async ({ page }) => {
  // Product 17 is "Mindful Mornings: A 30-Day Journaling Guide".
  await page.goto("/product/17");
  for (let width = 320; width <= 480; width += 8) {
    await page.setViewportSize({ width, height: 800 });
    const lines = await page.getByRole("heading", { level: 1 }).evaluate((heading) => {
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf("30-Day");
        if (at === -1) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + "30-Day".length);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }
      return 0;
    });
    expect(lines, `at ${width} px`).toBe(1);
  }
});

test("the Seller Dashboard's tabs are all in sight at a laptop's 1280 px @desktop-only", async ({ seller: page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/seller");
  const nav = page.getByRole("navigation", { name: "Seller Dashboard" });
  const box = (await nav.boundingBox())!;
  const tabs = await nav.getByRole("link").all();
  expect(tabs.length).toBeGreaterThan(10);
  for (const tab of tabs) {
    const tabBox = (await tab.boundingBox())!;
    const name = (await tab.textContent()) ?? "";
    expect(tabBox.x, name).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(tabBox.x + tabBox.width, name).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  expect(await nav.evaluate((row) => row.scrollWidth - row.clientWidth)).toBeLessThanOrEqual(0);
});

test("Compare licenses opens in place on the product page, in a phone's width too @desktop-only", async ({ page }) => {
  // Product 2 is sold under three licenses.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/product/2");
  await waitForHydration(page);
  const comparison = page.getByRole("table", { name: "What each license allows" });
  await expect(comparison).toBeHidden();
  await page.getByText("Compare licenses").click();
  await expect(comparison).toBeVisible();
  await expect(page).toHaveURL(/\/product\/2$/);
  expect(page.context().pages()).toHaveLength(1);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});
