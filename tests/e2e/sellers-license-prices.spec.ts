import {
  anotherClient,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  payOnHostedPage,
  screenshotsIn,
  test,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

// Licence tiers from the seller's side: the product editor prices the Commercial and
// Extended licenses (empty: not sold), refuses a price below the tier under it beside the field,
// and the seller's sales say which license each sale was and its seats. Named "sellers-" so that
// the platform projects run it, after the catalogue's specs (playwright.config.ts).

const SHOTS = "/tmp/shots-seller-license-prices";
const screenshot = screenshotsIn(SHOTS);

const COMMERCIAL_BELOW = "The Commercial price must be at least the Personal price.";
const EXTENDED_BELOW = "The Extended price must be at least the Commercial price.";

test("a seller prices the Commercial and Extended licenses; a price below the tier under it is refused beside its field", async ({
  seller: page,
}, testInfo) => {
  await page.goto("/seller/products/new");
  await waitForHydration(page);
  const commercial = page.getByLabel("Commercial license (USD)");
  const extended = page.getByLabel("Extended license (USD)");
  await expect(commercial).toHaveAccessibleDescription(/Leave empty to sell the Personal license only\./);
  await expect(page.getByRole("link", { name: /what each license allows/ })).toHaveAttribute("href", "/license");

  await page.getByLabel("Title").fill(`Licensed Planner ${Date.now()}`);
  await page.getByLabel("Description").fill("A weekly planner sold for personal use and for businesses.");
  await page.getByLabel("Category").selectOption({ label: "Planners" });
  await page.getByLabel("Price (USD)").fill("12.00");
  await commercial.fill("30");
  await extended.fill("29.99");
  await page.getByRole("button", { name: "Create draft" }).click();
  // Refused beside the Extended field, before anything is sent; what was typed stays.
  await expect(extended).toHaveAccessibleDescription(new RegExp(EXTENDED_BELOW.replace(/\./g, "\\.")));
  await expect(page.getByText(EXTENDED_BELOW)).toBeVisible();
  await expect(commercial).toHaveValue("30");
  await expect(page).toHaveURL(/\/seller\/products\/new$/);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "new-refused");

  // Corrected, the problem goes as it is typed, and the draft keeps both prices.
  await extended.fill("60");
  await expect(page.getByText(EXTENDED_BELOW)).toHaveCount(0);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByText("Draft created: add images and files, then publish it.")).toBeVisible();
  await waitForHydration(page);
  await expect(commercial).toHaveValue("30.00");
  await expect(extended).toHaveValue("60.00");

  // A Commercial price below the Personal one is refused, and nothing is saved.
  await commercial.fill("11.99");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(commercial).toHaveAccessibleDescription(new RegExp(COMMERCIAL_BELOW.replace(/\./g, "\\.")));
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "edit-refused");
  await page
    .getByRole("group", { name: "Business licenses (optional)" })
    .screenshot({ path: `${SHOTS}/edit-refused-prices-${testInfo.project.name}.png` });
  await page.reload();
  await expect(commercial).toHaveValue("30.00");

  // Left empty, a license is no longer sold.
  await waitForHydration(page);
  await commercial.fill("");
  await extended.fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your changes were saved.")).toBeVisible();
  await page.reload();
  await expect(commercial).toHaveValue("");
  await expect(extended).toHaveValue("");

  // The draft goes, so that the demo shop's products stay as they were.
  await waitForHydration(page);
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/seller\?deleted=1$/);
});

test("the seller's sales show each sale's license and seats", async ({ seller: page, browser }, testInfo) => {
  // A guest buys two seats of a Commercial license of product 14, the demo seller's "Mid-Century
  // Modern Geometric Prints Set of 3" (Commercial: $34.99).
  const guest = await (await anotherClient(browser, testInfo)).newPage();
  const cart = (form: Record<string, string>) => guest.request.post("/api/v1/cart", { form });
  expect((await cart({ intent: "add", productId: "14", tier: "commercial" })).ok()).toBe(true);
  expect((await cart({ intent: "set", productId: "14", quantity: "2" })).ok()).toBe(true);
  const started = await (
    await guest.request.post("/api/v1/checkout", {
      form: { idempotencyKey: `seats-${Date.now()}`, name: "Gus Guest", email: uniqueEmail("gus") },
    })
  ).json();
  await guest.goto(started.paymentUrl);
  await payOnHostedPage(guest, { name: "Gus" });
  await expect(guest.getByText("Paid", { exact: true })).toBeVisible({ timeout: 20_000 });
  await guest.context().close();

  await page.goto("/seller/sales");
  const sale = page.getByRole("row").filter({ hasText: started.orderNumber as string });
  await expect(sale).toContainText("Commercial · 2 seats");
  await expect(sale).toContainText("$69.98");
  await expect(page.getByRole("columnheader", { name: "License" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "sales");
});

const SUGGESTED_BELOW = "The suggested price must be at least the minimum price.";

test("a seller makes a product free to pay what you want, with a suggested price; a suggestion below the minimum is refused beside its field", async ({
  seller: page,
}, testInfo) => {
  await page.goto("/seller/products/new");
  await waitForHydration(page);
  const pwyw = page.getByLabel("Let buyers pay what they want");
  const suggested = page.getByLabel("Suggested price (USD, optional)");
  await expect(page.getByRole("group", { name: "Pay what you want (optional)" })).toHaveAccessibleDescription(
    /at most \$10,000\.00/,
  );
  await page.getByLabel("Title").fill(`Free Planner ${Date.now()}`);
  await page.getByLabel("Description").fill("A weekly planner that buyers may have for free or pay for.");
  await page.getByLabel("Category").selectOption({ label: "Planners" });
  await page.getByLabel("Price (USD)").fill("0");
  await pwyw.check();
  await suggested.fill("4");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByText("Draft created: add images and files, then publish it.")).toBeVisible();
  await waitForHydration(page);
  await expect(pwyw).toBeChecked();
  await expect(suggested).toHaveValue("4.00");
  await expect(page.getByLabel("Price (USD)")).toHaveValue("0.00");

  // A minimum above the suggestion is refused beside the suggestion, and nothing is saved.
  await page.getByLabel("Price (USD)").fill("5");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(suggested).toHaveAccessibleDescription(new RegExp(SUGGESTED_BELOW.replace(/\./g, "\\.")));
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "pwyw-refused");
  await page.reload();
  await expect(page.getByLabel("Price (USD)")).toHaveValue("0.00");

  // Turned off, it has a fixed price again and no suggestion.
  await waitForHydration(page);
  await pwyw.uncheck();
  await suggested.fill("");
  await page.getByLabel("Price (USD)").fill("7");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your changes were saved.")).toBeVisible();
  await page.reload();
  await expect(pwyw).not.toBeChecked();
  await expect(suggested).toHaveValue("");

  // The draft goes, so that the demo shop's products stay as they were.
  await waitForHydration(page);
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/seller\?deleted=1$/);
});
