import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotsIn, signUpConfirmed, test, waitForHydration } from "./fixtures";

// The creator page, with a Follow button that follows for real.

const followers = async (page: Page) =>
  Number(
    (await page
      .getByRole("main")
      .locator("dt", { hasText: "Followers" })
      .locator("xpath=../dd")
      .textContent())!.replace(/\D/g, ""),
  );

test("a visitor is asked to sign in to follow; a signed-in user follows, and the count moves", async ({
  page,
}, testInfo) => {
  test.slow();
  // An account and a creator of this run's own: the desktop and phone runs go on at once.
  const { email, password } = await signUpConfirmed(page, { name: "Flo Follower" });
  // The emailed link signed the new account in: this visit starts signed out.
  await page.context().clearCookies();
  const creator = testInfo.project.name === "phone" ? "planner-haven" : "creative-templates";
  await page.goto(`/creator/${creator}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Follow Creator" }).click();
  const login = page.getByRole("dialog", { name: "Welcome" });
  await expect(login).toBeVisible();
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill(password);
  await login.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(login).toBeHidden();

  const start = await followers(page);
  await page.getByRole("button", { name: "Follow Creator" }).click();
  await expect(page.getByRole("button", { name: "Following" })).toBeVisible();
  await expect.poll(() => followers(page)).toBe(start + 1);
  await page.reload();
  await expect(page.getByRole("button", { name: "Following" })).toBeVisible();
  await page.getByRole("button", { name: "Following" }).click();
  await expect(page.getByRole("button", { name: "Follow Creator" })).toBeVisible();
  await expect.poll(() => followers(page)).toBe(start);
});

test("three products, then View All Products shows them all; an unknown creator says so", async ({ page }) => {
  await page.goto("/creator/design-studio-pro");
  const products = page.getByRole("main").getByRole("article");
  await expect(products).toHaveCount(3);
  const total = Number(
    (await page.getByRole("main").locator("dt", { hasText: "Products" }).locator("xpath=../dd").textContent())!,
  );
  await waitForHydration(page);
  await page.getByRole("link", { name: "View All Products" }).click();
  await expect(products).toHaveCount(Math.min(total, 24));
  await expectNoAxeViolations(page);

  expect((await page.goto("/creator/no-such-creator"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Creator Not Found" })).toBeVisible();
  await expect(page.getByText("The creator you're looking for doesn't exist.")).toBeVisible();
});

test("a creator's three products leave no empty column, and the page fits a phone @phone", async ({ page }) => {
  await page.goto("/creator/design-studio-pro");
  const grid = page
    .getByRole("main")
    .getByRole("list")
    .filter({ has: page.getByRole("article") });
  await expect(grid.getByRole("article")).toHaveCount(3);
  const columns = await grid.evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(" ").length);
  expect(columns).toBeLessThanOrEqual(3);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the creators a user follows are listed on their Following page, with the email toggle's state and Unfollow", async ({
  buyer: { page },
}, testInfo) => {
  await page.goto("/account/following");
  await expect(page.getByText("You do not follow any creators yet.")).toBeVisible();
  await page.goto("/creator/design-studio-pro");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Follow Creator" }).click();
  await expect(page.getByRole("button", { name: "Following" })).toBeVisible();
  // The button turns at once; the toast says the server has recorded it (leaving earlier may cancel it).
  await expect(page.getByText("You follow Design Studio Pro")).toBeVisible();
  await page.goto("/account/following");
  await expect(page.getByRole("link", { name: "Design Studio Pro" })).toBeVisible();
  await waitForHydration(page);
  // The email toggle shows its saved state, in words and to a screen reader (aria-pressed).
  const emails = page.getByRole("button", { name: "Email me when Design Studio Pro publishes" });
  await expect(emails).toHaveAttribute("aria-pressed", "true");
  await expect(emails).toContainText("On");
  await emails.click();
  await expect(page.getByText("No more emails when this creator publishes a product.")).toBeVisible();
  await page.reload();
  await expect(emails).toHaveAttribute("aria-pressed", "false");
  await expect(emails).toContainText("Off");
  await expectNoAxeViolations(page);
  await screenshotsIn("/tmp/wt-checkout-shots")(page, testInfo, "following");

  await waitForHydration(page);
  await page.getByRole("button", { name: "Unfollow Design Studio Pro" }).click();
  await expect(page.getByText("You no longer follow Design Studio Pro")).toBeVisible();
  await expect(page.getByText("You do not follow any creators yet.")).toBeVisible();
});
