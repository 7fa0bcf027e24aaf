import { DEMO_SELLER, expect, expectNoAxeViolations, signInAs, test } from "./fixtures";

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

test("the shared demo seller's password and payout settings cannot be changed, and the page says why", async ({
  seller: page,
}) => {
  await page.goto("/account/settings");
  await page.getByLabel("Current password").fill(DEMO_SELLER.password);
  await page.getByLabel("New password", { exact: true }).fill("taken-over-2026");
  await page.getByLabel("Confirm new password").fill("taken-over-2026");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: DEMO_LOCKED })).toBeVisible();

  await page.goto("/seller/earnings");
  await page.getByLabel("PayPal email").fill("thief@example.com");
  await page.getByRole("button", { name: "Save payout settings" }).click();
  await expect(page.getByRole("alert").filter({ hasText: DEMO_LOCKED })).toBeVisible();
  await expect(page.getByText("thief@example.com")).toHaveCount(0);

  // The published password still works for the next visitor.
  await page.context().clearCookies();
  await signInAs(page, DEMO_SELLER);
});
