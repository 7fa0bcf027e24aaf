import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  openCart,
  screenshotsIn,
  test,
  waitForHydration,
} from "./fixtures";

// Licence tiers from the shopper's side: the product page offers the tiers a product is
// sold under, the cart keeps one line per product whose quantity is the license's seats, and the
// line's tier changes in the cart. Sample product 2, "Abstract Wall Art Collection", sells
// Personal ($15.99), Commercial ($39.99) and Extended ($79.99); product 1 sells Personal only.

const screenshot = screenshotsIn("/tmp/shots-license-tiers");

const price = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const tax = (cents: number) => Math.round((cents * 8) / 100);

test("a guest buys two seats of a Commercial license, then moves the line to Extended in the cart", async ({
  guest,
}, testInfo) => {
  // The guest's own browser has the default viewport: give it the project's (the phone's 360 px).
  await guest.setViewportSize(testInfo.project.use.viewport!);
  await guest.goto("/product/2");
  await waitForHydration(guest);
  const choice = guest.getByRole("group", { name: "License" });
  await expect(choice.getByRole("radio")).toHaveCount(3);
  await expect(choice.getByRole("radio", { name: "Personal $15.99" })).toBeChecked();
  // Compare licenses opens in place, with a link to the terms in full.
  await choice.getByText("Compare licenses").click();
  await expect(choice.getByRole("link", { name: "All license terms" })).toHaveAttribute("href", "/license");
  const bigPrice = guest.locator("main h1 ~ p .text-3xl");
  await expect(bigPrice).toHaveText("$15.99");
  // Personal keeps the storefront's sale: the price before it struck through, and its badge.
  await expect(guest.getByText(/^\d+% off$/)).toBeVisible();

  await choice.getByRole("radio", { name: "Commercial $39.99" }).check();
  await expect(bigPrice).toHaveText("$39.99");
  await expect(guest.getByText(/^\d+% off$/)).toHaveCount(0);
  await expectNoSidewaysScroll(guest);
  await expectNoAxeViolations(guest);
  await screenshot(guest, testInfo, "product");

  const cartButton = guest.getByRole("banner").getByRole("button", { name: /^Cart, / });
  await guest.getByRole("button", { name: "Add to Cart" }).click();
  await expect(cartButton).toHaveAccessibleName("Cart, 1 item");
  await guest.getByRole("button", { name: "Add to Cart" }).click();
  // A second seat, said so; the badge counts products (decision 040).
  await expect(guest.getByText(/^2 seats of .+ in your cart$/)).toBeVisible();
  await expect(cartButton).toHaveAccessibleName("Cart, 1 item");

  const cart = await openCart(guest);
  const line = cart.getByRole("list", { name: "Products in your cart" }).getByRole("listitem");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("Commercial license · 2 seats");
  await expect(line).toContainText("2 × $39.99");
  await expect(line).toContainText(price(2 * 3999));
  const totals = cart.locator("dl");
  await expect(totals).toContainText(`Subtotal${price(2 * 3999)}`);
  await expect(totals).toContainText(`Tax (8%)${price(tax(2 * 3999))}`);
  await expect(totals).toContainText(`Total${price(2 * 3999 + tax(2 * 3999))}`);

  const license = line.getByRole("combobox", { name: "License for Abstract Wall Art Collection" });
  await expect(license).toHaveValue("commercial");
  // Chosen from the keyboard's focus: the cart that reloads after the change keeps it there.
  await license.focus();
  await license.selectOption("extended");
  await expect(line).toContainText("Extended license · 2 seats");
  await expect(line).toContainText("2 × $79.99");
  await expect(line).toContainText(price(2 * 7999));
  await expect(totals).toContainText(`Subtotal${price(2 * 7999)}`);
  await expect(totals).toContainText(`Tax (8%)${price(tax(2 * 7999))}`);
  await expect(totals).toContainText(`Total${price(2 * 7999 + tax(2 * 7999))}`);
  await expect(license).toHaveValue("extended");
  await expect(license).toBeFocused();
  await expectNoSidewaysScroll(guest);
  await expectNoAxeViolations(guest);
  await screenshot(guest, testInfo, "cart", { fullPage: false });
  // The seats stayed two, in one product: the header counts products (decision 040).
  await guest.keyboard.press("Escape");
  await expect(cartButton).toHaveAccessibleName("Cart, 1 item");
});

test("a product sold under the Personal license only has no choice, and says so", async ({ guest }, testInfo) => {
  await guest.setViewportSize(testInfo.project.use.viewport!);
  await guest.goto("/product/1");
  await waitForHydration(guest);
  await expect(guest.getByText("Personal license", { exact: true })).toBeVisible();
  await expect(guest.getByRole("main").getByRole("link", { name: "License terms" })).toHaveAttribute(
    "href",
    "/license",
  );
  await expect(guest.getByRole("group", { name: "License" })).toHaveCount(0);
  await expect(guest.getByRole("radio")).toHaveCount(0);
  await expectNoSidewaysScroll(guest);
  await screenshot(guest, testInfo, "personal-only");
  await guest.getByRole("button", { name: "Add to Cart" }).click();
  const cart = await openCart(guest);
  const line = cart.getByRole("list", { name: "Products in your cart" }).getByRole("listitem");
  await expect(line).toContainText("Personal license · 1 seat");
  await expect(line.getByRole("combobox")).toHaveCount(0);
  await screenshot(guest, testInfo, "personal-only-cart", { fullPage: false });
});
