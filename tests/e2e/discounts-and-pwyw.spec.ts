import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  openCart,
  payOnHostedPage,
  screenshotsIn,
  test,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

// Discount codes and pay what you want from the shopper's side. Sample product 17,
// "Mindful Mornings: A 30-Day Journaling Guide", is pay what you want: $0.00 to $10,000.00, $6.99
// suggested. The sample's demo code WELCOME10 takes 10% off everything.

const PRODUCT = 17;
const screenshot = screenshotsIn("/tmp/shots-discounts-pwyw");

test("a guest names a price, changes it in the cart, applies a code and pays the discounted total @phone", async ({
  guest,
}, testInfo) => {
  test.slow();
  // The guest's own browser has the default viewport: give it the project's (the phone's 360 px).
  await guest.setViewportSize(testInfo.project.use.viewport!);
  await guest.goto(`/product/${PRODUCT}`);
  await waitForHydration(guest);
  await expect(guest.getByText("Pay what you want", { exact: true })).toBeVisible();
  await expect(guest.getByText("Suggested $6.99")).toBeVisible();
  const named = guest.getByRole("textbox", { name: "Name your price" });
  await expect(named).toHaveValue("6.99");
  await expect(named).toHaveAccessibleDescription("$0.00 to $10,000.00");
  await expect(guest.getByRole("radio")).toHaveCount(0);
  await expectNoSidewaysScroll(guest);
  await expectNoAxeViolations(guest);
  await screenshot(guest, testInfo, "product");
  await named.scrollIntoViewIfNeeded();
  await screenshot(guest, testInfo, "product-price", { fullPage: false });

  await named.fill("2.50");
  await guest.getByRole("button", { name: "Add to Cart" }).click();
  await expect(guest.getByText("Added to cart").first()).toBeVisible();
  await expect(guest.getByRole("banner").getByRole("button", { name: /^Cart, / })).toHaveAccessibleName("Cart, 1 item");

  const cart = await openCart(guest);
  const line = cart.getByRole("list", { name: "Products in your cart" }).getByRole("listitem");
  await expect(line).toContainText("You pay $2.50 per copy");
  const totals = cart.locator("dl");
  await expect(totals).toContainText("Subtotal$2.50");

  // The line's price changed in the cart: the server's amounts follow.
  const price = line.getByRole("textbox", { name: /^Change to/ });
  await expect(price).toHaveValue("2.50");
  await price.fill("4.00");
  await line.getByRole("button", { name: /^Update/ }).click();
  await expect(line).toContainText("You pay $4.00 per copy");
  await expect(totals).toContainText("Subtotal$4.00Tax (8%)$0.32Total$4.32");

  // A wrong code: why, beside the field, the code kept.
  const code = cart.getByRole("textbox", { name: "Discount code" });
  await code.fill("NOSUCHCODE");
  await cart.getByRole("button", { name: "Apply" }).click();
  await expect(cart.getByRole("alert")).toHaveText("This code does not exist. Check it and try again.");
  await expect(code).toHaveValue("NOSUCHCODE");
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expectNoSidewaysScroll(guest);
  await expectNoAxeViolations(guest);
  await screenshot(guest, testInfo, "cart-wrong-code", { fullPage: false });

  // WELCOME10, applied with Enter: 10% of $4.00, and the tax on the $3.60 left.
  await code.fill("welcome10");
  await code.press("Enter");
  const applied = cart.getByRole("region", { name: "Discount code" });
  await expect(applied).toContainText("Code WELCOME10, $0.40 off");
  await expect(applied.getByRole("button", { name: "Remove code WELCOME10" })).toBeFocused();
  await expect(totals).toContainText("Subtotal$4.00Discount (WELCOME10)−$0.40Tax (8%)$0.29Total$3.89");
  await expectNoSidewaysScroll(guest);
  await expectNoAxeViolations(guest);
  await screenshot(guest, testInfo, "cart-code", { fullPage: false });

  await cart.getByRole("button", { name: "Checkout" }).click();
  const dialog = guest.getByRole("dialog", { name: "Guest Checkout" });
  await expect(dialog.getByRole("region", { name: "Order summary" })).toContainText(
    "Subtotal$4.00Discount (WELCOME10)−$0.40Tax (8%)$0.29Total$3.89",
  );
  await dialog.getByLabel("Name").fill("Pat Payer");
  await dialog.getByLabel("Email").fill(uniqueEmail("pwyw"));
  await screenshot(guest, testInfo, "guest-checkout", { fullPage: false });
  const [tab] = await Promise.all([
    guest.context().waitForEvent("page"),
    dialog.getByRole("button", { name: "Complete Purchase" }).click(),
  ]);
  await tab.waitForURL(/\/pay\/hps_/);
  await waitForHydration(tab);
  await expect(tab.getByRole("button", { name: "Pay $3.89" })).toBeVisible();
  await payOnHostedPage(tab, { name: "Pat Payer" });

  await expect(guest.getByText("Order placed successfully!").first()).toBeVisible({ timeout: 20_000 });
  await tab.waitForURL(/\/orders\/[A-Z0-9]{9}\?access=/);
  await expect(tab.getByText("Paid", { exact: true })).toBeVisible();
  await expect(tab.locator("dl").last()).toContainText("Total$3.89");
});

test("a guest who names $0.00 gets the guide without a payment page", async ({ guest }, testInfo) => {
  await guest.setViewportSize(testInfo.project.use.viewport!);
  await guest.goto(`/product/${PRODUCT}`);
  await waitForHydration(guest);
  // What is not an amount is refused beside the field, with nothing added.
  const named = guest.getByRole("textbox", { name: "Name your price" });
  await named.fill("free");
  await guest.getByRole("button", { name: "Add to Cart" }).click();
  await expect(guest.getByRole("main").getByRole("alert")).toHaveText(
    "Enter the price you want to pay in dollars, like 12.99.",
  );
  await expect(named).toHaveAttribute("aria-invalid", "true");
  await expect(named).toHaveValue("free");
  await expectNoAxeViolations(guest);
  await screenshot(guest, testInfo, "product-refused", { fullPage: false });
  await named.fill("0");
  // Buy Now opens the cart once the line is in it.
  await guest.getByRole("button", { name: "Buy Now - Instant Download" }).click();
  const cart = guest.getByRole("dialog", { name: "Shopping Cart" });
  await expect(cart.getByRole("listitem")).toContainText("You pay $0.00 per copy");
  await expect(cart.locator("dl")).toContainText("Subtotal$0.00Tax (8%)$0.00Total$0.00");

  await cart.getByRole("button", { name: "Checkout" }).click();
  const dialog = guest.getByRole("dialog", { name: "Guest Checkout" });
  await dialog.getByLabel("Name").fill("Fay Free");
  const email = uniqueEmail("free");
  await dialog.getByLabel("Email").fill(email);
  const opened: string[] = [];
  guest.context().on("page", (other) => opened.push(other.url()));
  await dialog.getByRole("button", { name: "Complete Purchase" }).click();
  // A free order has nothing to pay: no other tab (not even a blank one for a moment); this one
  // goes to the order's page, with its download.
  await guest.waitForURL(/\/orders\/[A-Z0-9]{9}\?access=/);
  await expect(guest.getByText("Order placed successfully!").first()).toBeVisible({ timeout: 20_000 });
  await expect(guest.getByText(`Your receipt is on its way to ${email}.`).first()).toBeVisible();
  await expect(guest.getByRole("link", { name: /^Download / }).first()).toBeVisible();
  expect(opened).toEqual([]);
  await expect(guest.getByRole("banner").getByRole("button", { name: /^Cart, / })).toHaveAccessibleName(
    "Cart, 0 items",
  );
  await expectNoSidewaysScroll(guest);
});
