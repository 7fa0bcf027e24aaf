import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { e2eDataDir, expectNoAxeViolations, readOutbox, waitForHydration } from "./fixtures";

// Becoming a seller (issue 6): apply on /become-seller, an admin (made by the command-line script)
// approves in the admin console, and the applicant's shop opens.

let clients = 0;
test.beforeEach(async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.20.${testInfo.workerIndex}.${++clients % 250}` });
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test("a user applies to sell, an admin approves, and the new seller reaches the Seller Dashboard", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail("maker");
  const shopName = `Studio ${Date.now().toString(36)} ${testInfo.project.name}`;
  expect(
    (
      await page.request.post("/account/sign-up", {
        form: { name: "Mia Maker", email, password: "maker-password-1", confirmPassword: "maker-password-1" },
      })
    ).ok(),
  ).toBe(true);

  await page.goto("/become-seller#apply");
  await waitForHydration(page);
  const section = page.locator("#apply");
  await section.getByLabel("Shop or creator name").fill(shopName);
  await section.getByLabel("Specialty").fill("Digital planners");
  await section.getByLabel("About you").fill("I make calm, minimalist planners that help busy people plan their week.");
  await section.getByLabel("A sample of your work (link)").fill("https://portfolio.example/mia");
  await section.getByRole("button", { name: "Send application" }).click();
  // The guidelines must be accepted first: the browser stops the form.
  await expect(section.getByText("Thank you! Your application was sent.")).toHaveCount(0);
  await section.getByLabel(/I have read and accept the/).check();
  await section.getByRole("button", { name: "Send application" }).click();
  await expect(section.getByRole("status")).toContainText("is being reviewed. Review takes 2-3 business days");
  await expectNoAxeViolations(page);
  await expect.poll(() => readOutbox(email) ?? "").toContain("We received your application");

  // A visitor who is not an admin is sent away from the console.
  await page.goto("/admin/applications");
  await expect(page).toHaveURL(/\/$/);

  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const admin = await adminContext.newPage();
  const adminEmail = uniqueEmail("admin");
  await admin.request.post("/account/sign-up", {
    form: { name: "Ada Admin", email: adminEmail, password: "admin-password-1", confirmPassword: "admin-password-1" },
  });
  const output = execFileSync(process.execPath, ["scripts/make-admin.ts", adminEmail], {
    env: { ...process.env, DATA_DIR: e2eDataDir(), DATABASE_URL: "" },
    encoding: "utf8",
  });
  expect(output).toContain(`Ada Admin (${adminEmail}) is now an admin.`);
  await admin.goto("/admin/applications");
  const card = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: shopName }) });
  await expect(card).toContainText("Mia Maker");
  await expectNoAxeViolations(admin);
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("Approved: the applicant is now a seller.")).toBeVisible();
  await adminContext.close();

  await page.goto("/become-seller#apply");
  await expect(page.locator("#apply")).toContainText("You are a seller: your shop is open.");
  await page.getByRole("link", { name: "Go to your Seller Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Seller Dashboard" })).toBeVisible();
  await expect(page.getByText(`Your shop: ${shopName}`)).toBeVisible();
  await expect.poll(() => readOutbox(email) ?? "").toContain("is approved");

  // Earnings: nothing sold yet; payouts wait for settings, which keep only the last 4 digits.
  await page.getByRole("link", { name: "Earnings and payouts" }).click();
  await expect(page.getByText("Balance available")).toBeVisible();
  await expect(page.getByText("No sales yet.")).toBeVisible();
  await page.getByLabel("Bank transfer (US)").check();
  await page.getByLabel("Last 4 digits of your bank account").fill("123");
  await page.getByRole("button", { name: "Save payout settings" }).click();
  await expect(page.getByText("Your payout settings were saved.")).toHaveCount(0);
  await page.getByLabel("Last 4 digits of your bank account").fill("4321");
  await page.getByRole("button", { name: "Save payout settings" }).click();
  await expect(page.getByText("Your payout settings were saved.")).toBeVisible();
  await expect(page.getByText("Now: Bank transfer (US) (account ending 4321).")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the demo seller sees each sale with its 70/30 split in Earnings", async ({ page, browser }, testInfo) => {
  test.slow();
  // A guest buys one of the demo seller's products (Design Studio Pro's first product is /product/1).
  const buyerContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const buyer = await buyerContext.newPage();
  await buyer.request.post("/api/v1/cart", { form: { intent: "add", productId: "1" } });
  const started = await (
    await buyer.request.post("/api/v1/checkout", {
      form: {
        idempotencyKey: `earnings-${Date.now()}-${testInfo.project.name}`,
        name: "Gus Guest",
        email: uniqueEmail("gus"),
      },
    })
  ).json();
  await buyer.goto(started.paymentUrl);
  await buyer.getByLabel("Name on card").fill("Gus");
  await buyer.getByLabel("Card number").fill("4242 4242 4242 4242");
  await buyer.getByLabel("Expiry (MM/YY)").fill("12/39");
  await buyer.getByLabel("CVC").fill("123");
  await buyer.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(buyer.getByText("Paid", { exact: true })).toBeVisible({ timeout: 20_000 });
  await buyerContext.close();

  await page.request.post("/account/sign-in", { form: { email: "seller@demo.example", password: "seller-demo-2026" } });
  await page.goto("/seller/earnings");
  const row = page.getByRole("row").filter({ hasText: `order ${started.orderNumber}` });
  await expect(row).toBeVisible();
  const cells = (await row.getByRole("cell").allTextContents()).map((text) => text.trim());
  const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, "")) * 100);
  const [price, fee, mine] = [cents(cells[2]!), cents(cells[3]!), cents(cells[4]!)];
  expect(mine).toBe(Math.round(price * 0.7));
  expect(fee + mine).toBe(price);
  await expectNoAxeViolations(page);
});
