import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  screenshotsIn,
  test,
  waitForHydration,
} from "./fixtures";

// Discount codes from the side of those who make them: the demo seller makes a code
// for one product, is refused beside the field for a code already taken, and ends it; an admin
// makes a site-wide sale. Named "sellers-" so that the platform projects run it; both projects
// run on one server, so every code is made unique.

const SHOTS = "/tmp/shots-seller-discount-codes";
const screenshot = screenshotsIn(SHOTS);

/** A code no other run or project has made. */
const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const TAKEN = "This code is already taken. Choose another.";

test("the seller makes a 20% code for one product with one use, is refused the same code again, and ends it", async ({
  seller: page,
}, testInfo) => {
  const code = uniqueCode("SPRING");
  await page.goto("/seller");
  await page
    .getByRole("navigation", { name: "Seller Dashboard" })
    .getByRole("link", { name: "Discount codes" })
    .click();
  await expect(page).toHaveURL(/\/seller\/discounts$/);
  await expect(page.getByRole("heading", { name: "Discount codes" })).toBeVisible();
  await waitForHydration(page);

  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Percent off").fill("20");
  await page.getByRole("radio", { name: "Some products" }).check();
  const products = page.getByRole("group", { name: "Products" });
  await products.getByRole("checkbox", { name: "Digital Planner Bundle" }).check();
  await page.getByLabel("Total uses (optional)").fill("1");
  await expectNoSidewaysScroll(page);
  await products.screenshot({ path: `${SHOTS}/products-${testInfo.project.name}.png` });
  await page.getByRole("button", { name: "Make code" }).click();
  await expect(page.getByRole("status")).toHaveText(`${code} was made.`);

  const row = page.getByRole("region", { name: "Your discount codes" }).getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("20% off");
  await expect(row).toContainText("Digital Planner Bundle");
  await expect(row).toContainText("0 of 1 used");
  await expect(row).toContainText("Active");
  // Made: the form is empty again, for the next code.
  await expect(page.getByLabel("Code", { exact: true })).toHaveValue("");
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "made");

  // The same code again, in other capitals: refused beside the code, what was typed kept.
  const codeField = page.getByLabel("Code", { exact: true });
  await codeField.fill(code.toLowerCase());
  await page.getByLabel("Percent off").fill("15");
  await page.getByRole("button", { name: "Make code" }).click();
  await expect(codeField).toHaveAccessibleDescription(new RegExp(TAKEN.replace(/\./g, "\\.")));
  await expect(page.getByText(TAKEN)).toBeVisible();
  await expect(codeField).toHaveValue(code.toLowerCase());
  await expect(page.getByLabel("Percent off")).toHaveValue("15");
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "taken");

  await row.getByRole("button", { name: `End code ${code}` }).click();
  await expect(page.getByRole("status")).toHaveText(`${code} has ended: it can no longer be used.`);
  await expect(row).toContainText("Ended");
  await expect(row.getByRole("button", { name: /End code/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("an admin makes a site-wide sale for every product, and ends it", async ({ admin, page }, testInfo) => {
  // The admin's browser is not the project's: it gets the project's screen.
  await admin.setViewportSize(page.viewportSize()!);
  const code = uniqueCode("SITEWIDE");
  await admin.goto("/admin");
  // A click before hydration can be lost when the router takes over the page.
  await waitForHydration(admin);
  await admin.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Discounts" }).click();
  await expect(admin).toHaveURL(/\/admin\/discounts$/);
  await expect(admin.getByRole("heading", { name: "Site-wide sales", exact: true })).toBeVisible();
  await waitForHydration(admin);
  // Every product: there is nothing to choose.
  await expect(admin.getByRole("group", { name: "Applies to" })).toHaveCount(0);

  await admin.getByLabel("Code", { exact: true }).fill(code);
  await admin.getByRole("radio", { name: "An amount in dollars" }).check();
  await admin.getByLabel("Amount off (USD)").fill("5");
  await admin.getByLabel("Once per buyer").check();
  await admin.getByRole("button", { name: "Make sale" }).click();
  await expect(admin.getByRole("status")).toHaveText(`${code} was made.`);

  const row = admin.getByRole("region", { name: "Site-wide sales" }).getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("$5.00 off");
  await expect(row).toContainText("0 used");
  await expect(row).toContainText("Active");
  await expectNoAxeViolations(admin);
  await expectNoSidewaysScroll(admin);
  await screenshot(admin, testInfo, "admin-sale");

  await row.getByRole("button", { name: `End code ${code}` }).click();
  await expect(row).toContainText("Ended");
});
