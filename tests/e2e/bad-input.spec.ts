import { DEMO_SELLER_LOOKS_ONLY } from "../../shared/demo-shop.ts";
import { DEMO_SELLER, expect, expectNoAxeViolations, expectNoSidewaysScroll, signInAs, test } from "./fixtures";

const DEMO_LOCKED = /This is a shared demo account: its password, email address and payout settings cannot be changed/;

test("an address the shop cannot read gets its 400 page, in the shop's frame", async ({ page }) => {
  for (const address of ["/creator/%00", "/creator/%E0%A4", "/category/%00", "/search?q=%00"]) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(400);
    await expect(page.getByRole("heading", { name: "This address is not valid" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  }
  // The frame is the shop's, as on any page: its name and its categories.
  await expect(page.getByRole("banner").getByText("Test Market")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("the shared demo seller's password and payout account cannot be changed, and the page says why", async ({
  page,
}) => {
  await signInAs(page, DEMO_SELLER);
  await page.goto("/account/settings");
  await page.getByLabel("Current password").fill(DEMO_SELLER.password);
  await page.getByLabel("New password", { exact: true }).fill("taken-over-2026");
  await page.getByLabel("Confirm new password").fill("taken-over-2026");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: DEMO_LOCKED })).toBeVisible();

  // Nobody may point the demo shop's payouts at an account of their own.
  await page.goto("/seller/earnings");
  const account = page.getByRole("region", { name: "Payout account" });
  await account.getByRole("button", { name: "Connect payout account" }).click();
  await expect(account.getByRole("alert").filter({ hasText: DEMO_SELLER_LOOKS_ONLY })).toBeVisible();
  await expect(page).toHaveURL(/\/seller\/earnings$/);

  // The published password still works for the next visitor.
  await page.context().clearCookies();
  await signInAs(page, DEMO_SELLER);
});

test("the shared demo seller's dashboard says it may only look, before it tries; a change is refused in the same words", async ({
  page,
}) => {
  await signInAs(page, DEMO_SELLER);
  await page.goto("/seller");
  await expect(page.getByText(DEMO_SELLER_LOOKS_ONLY)).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  // Nobody's addresses leave the demo shop: the export is refused.
  await page.goto("/seller/customers");
  await expect(page.getByText(DEMO_SELLER_LOOKS_ONLY)).toBeVisible();
  const csv = await page.request.get("/seller/customers.csv");
  expect(csv.status()).toBe(403);
  // What every visitor sees of the creator page stays as it is.
  await page.goto("/seller/profile");
  await page.getByLabel("Bio", { exact: true }).fill("Write to me at a phishing address.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("alert").filter({ hasText: DEMO_SELLER_LOOKS_ONLY })).toBeVisible();
});
