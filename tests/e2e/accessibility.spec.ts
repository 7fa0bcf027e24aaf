import type { Page } from "@playwright/test";
import {
  DEMO_BUYER,
  expect,
  expectNoAxeViolations,
  FAR_TIME_ZONES,
  signInAs,
  test,
  waitForHydration,
} from "./fixtures";

// Every page of the shop, as each kind of visitor sees it, with axe's WCAG and best-practice
// rules. The states inside a page (dialogs, tabs, an order) are checked by
// the journeys' own specs with the same expectNoAxeViolations. Each page also comes alive without a
// script error, in a browser 14 hours ahead of the server (a day ahead from 10:00 UTC; checkout.spec
// checks a day away at every hour).

test.use({ timezoneId: FAR_TIME_ZONES[0] });

const PUBLIC_PAGES = [
  "/",
  "/browse",
  "/browse?tab=new&view=list",
  "/category/planners",
  "/category/no-such-category",
  "/trending",
  "/search?q=planner",
  "/search?q=zzzzqqq",
  "/search",
  "/product/1",
  // The sample catalogue's bundle, and one that does not exist (the 404 page).
  "/bundle/1",
  "/bundle/2147483647",
  "/creator/design-studio-pro",
  "/wishlist",
  "/help",
  "/license",
  "/refund-policy",
  "/guidelines",
  "/privacy",
  "/terms",
  "/commission",
  "/seller-resources",
  "/become-seller",
  "/contact",
  "/orders/lookup",
  "/withdraw",
  "/account/forgot-password",
  "/account/reset-password?token=not-a-token",
  "/email-preferences?token=not-a-token",
  "/no-such-page",
  "/%E0%A4%A",
];
const BUYER_PAGES = [
  "/account/orders",
  "/account/downloads",
  "/account/following",
  "/account/settings",
  "/account/profile",
  "/wishlist",
  "/become-seller",
];
const SELLER_PAGES = [
  "/seller",
  "/seller/sales",
  "/seller/analytics",
  "/seller/earnings",
  "/seller/earnings/tax-details",
  "/seller/statements",
  "/seller/profile",
  "/seller/standing",
  "/seller/discounts",
  "/seller/bundles",
  "/seller/bundles/1",
  "/seller/customers",
  "/seller/broadcasts",
  "/seller/products/new",
  "/seller/products/1",
  "/seller/reviews",
];
const ADMIN_PAGES = [
  "/admin",
  "/admin/applications",
  "/admin/sellers",
  "/admin/appeals",
  "/admin/products",
  "/admin/messages",
  "/admin/refunds",
  "/admin/discounts",
  "/admin/reports",
  "/admin/income-report",
  "/admin/tax-reports",
  "/admin/exchange-rates",
  "/admin/payouts",
  "/admin/search",
];

async function checkPages(page: Page, paths: string[]) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  for (const path of paths) {
    await test.step(path, async () => {
      errors.length = 0;
      await page.goto(path);
      await waitForHydration(page);
      expect(errors, "script errors").toEqual([]);
      await expectNoAxeViolations(page);
    });
  }
}

test("every public page has no axe violations and no script error", async ({ page }) => {
  test.setTimeout(180_000);
  await checkPages(page, PUBLIC_PAGES);
});

test("every page of a signed-in buyer has no axe violations and no script error", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, DEMO_BUYER);
  await checkPages(page, BUYER_PAGES);
});

test("every page of the seller dashboard has no axe violations and no script error", async ({ seller }) => {
  test.setTimeout(120_000);
  await checkPages(seller, SELLER_PAGES);
});

test("every page of the admin console has no axe violations and no script error", async ({ admin }) => {
  test.setTimeout(120_000);
  await checkPages(admin, ADMIN_PAGES);
});
