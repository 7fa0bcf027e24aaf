import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  SHOP_ORIGIN,
  screenshotsIn,
  test,
  waitForHydration,
} from "./fixtures";

// A seller's key for the Seller API: the demo seller creates a write key, sees it once
// and copies it; the API answers their products with it; once revoked it is refused (401). The
// reference page opens and is accessible. Named "sellers-" so that the platform projects run it;
// both projects run on one server, so each names its own key.

const SHOTS = "/tmp/shots-seller-api-keys";
const screenshot = screenshotsIn(SHOTS);

test("the seller creates a write key, copies it, calls the API with it, and revokes it", async ({
  seller: page,
  request,
}, testInfo) => {
  const name = `Sheet ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: SHOP_ORIGIN });
  await page.goto("/seller");
  await page.getByRole("navigation", { name: "Seller Dashboard" }).getByRole("link", { name: "API keys" }).click();
  await expect(page).toHaveURL(/\/seller\/api-keys$/);
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await waitForHydration(page);

  await page.getByLabel("Name").fill(name);
  await page.getByRole("radio", { name: /^Read and write/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByRole("textbox", { name: "Your new API key" });
  await expect(shown).toHaveValue(/^dgm_live_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText("this is the only time it is shown")).toBeVisible();
  const key = await shown.inputValue();
  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByRole("status")).toHaveText("The key is on your clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const row = page.getByRole("region", { name: "Your API keys" }).getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Read and write");
  await expect(row).toContainText(key.slice(0, 15));
  await expect(row).toContainText("Never");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "created");

  // The key at work: the seller's own products, as JSON.
  const headers = { authorization: `Bearer ${key}` };
  const products = await request.get("/api/public/v1/products?perPage=100", { headers });
  expect(products.status()).toBe(200);
  const page1 = (await products.json()) as { data: { title: string }[] };
  expect(page1.data.map((product) => product.title)).toContain("Digital Planner Bundle");

  // Shown once: after a reload only its prefix is left, and when it was last used.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Your new API key" })).toHaveCount(0);
  await expect(row).not.toContainText("Never");
  await waitForHydration(page);
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByRole("status")).toContainText("was revoked");
  await expect(row).toHaveCount(0);
  const refused = await request.get("/api/public/v1/products", { headers });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: { code: "unauthorized" } });
  await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/developers/api");
});

test("the API reference the keys page links to reads well at any width @phone", async ({ page }, testInfo) => {
  await page.goto("/developers/api");
  await expect(page.getByRole("heading", { level: 1, name: "Seller API reference" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "List your products" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "reference");
});
