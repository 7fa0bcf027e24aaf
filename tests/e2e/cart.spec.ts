import type { Page } from "@playwright/test";
import {
  addToCart,
  checkOutSignedIn,
  expect,
  expectNoAxeViolations,
  openCart,
  signInAs,
  signOut,
  signUpConfirmed,
  test,
  waitForHydration,
} from "./fixtures";

// The cart and wishlist live on the server: a guest's under a cookie,
// a user's in their account. Each test starts as a new guest (a fresh browser context).

const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);
const price = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

/** The cart button is in the header at every width; on a phone the wishlist's is in the menu. */
async function headerButton(page: Page, name: RegExp) {
  await waitForHydration(page);
  if (!name.source.includes("Wishlist")) return page.getByRole("banner").getByRole("button", { name });
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  return page.getByRole("link", { name });
}

async function productPrice(page: Page) {
  return cents((await page.locator("main h1 ~ p .text-3xl").first().textContent()) ?? "");
}

test("a guest adds, changes, removes and clears; the cart keeps across reloads and prices come from the shop @phone", async ({
  page,
}) => {
  test.slow();
  await page.goto("/product/1");
  await waitForHydration(page);
  const price = await productPrice(page);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!;
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await expect(page.getByText(`1 seat of ${title} in your cart`)).toBeVisible();
  // A second click adds a seat, never silently: the toast, the product
  // page and the cart say so, and the badge counts products.
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`2 seats of ${title} in your cart`)).toBeVisible();
  await expect(page.getByText("In your cart: Personal license · 2 seats.")).toBeVisible();
  await expect(await headerButton(page, /^Cart, 1 item$/)).toBeVisible();
  await page.keyboard.press("Escape");

  await page.reload();
  const cart = await openCart(page);
  await expect(cart.getByText("Seats 2", { exact: true })).toBeVisible();
  const subtotal = 2 * price;
  const tax = Math.round((subtotal * 8) / 100);
  const totals = cart.locator("dl");
  await expect(totals).toContainText(`Subtotal$${(subtotal / 100).toFixed(2)}`);
  await expect(totals).toContainText(`Tax (8%)$${(tax / 100).toFixed(2)}`);
  await expect(totals).toContainText(`Total$${((subtotal + tax) / 100).toFixed(2)}`);
  await expectNoAxeViolations(page);

  await cart.getByRole("button", { name: /^One more / }).click();
  await expect(cart.getByText("Seats 3", { exact: true })).toBeVisible();
  await cart.getByRole("button", { name: /^One less / }).click();
  await expect(cart.getByText("Seats 2", { exact: true })).toBeVisible();
  await cart.getByRole("button", { name: /^Remove .* from cart$/ }).click();
  await expect(page.getByText("Removed from cart")).toBeVisible();
  await expect(cart.getByText("Your cart is empty.")).toBeVisible();
  await page.keyboard.press("Escape");

  for (const id of [2, 3]) await addToCart(page, id);
  const full = await openCart(page);
  await expect(full.getByRole("list", { name: "Products in your cart" }).getByRole("listitem")).toHaveCount(2);
  await full.getByRole("button", { name: "Clear cart" }).click();
  await expect(page.getByText("Cart cleared")).toBeVisible();
  await expect(full.getByText("Your cart is empty.")).toBeVisible();
});

test("Buy Now adds the product and opens the cart", async ({ page }) => {
  await page.goto("/product/4");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Buy Now - Instant Download" }).click();
  const cart = page.getByRole("dialog", { name: "Shopping Cart" });
  await expect(cart).toBeVisible();
  await expect(cart.getByText("Seats 1", { exact: true })).toBeVisible();
  await expect(cart.getByRole("button", { name: "Checkout" })).toBeVisible();
});

test("Buy Now that the server fails leaves the cart closed and says so", async ({ page }) => {
  await page.goto("/product/4");
  await waitForHydration(page);
  await page.route("**/api/v1/cart*", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
  );
  await page.getByRole("button", { name: "Buy Now - Instant Download" }).click();
  await expect(page.getByText("Your cart was not changed")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Shopping Cart" })).toHaveCount(0);
});

test("a cart or wishlist change the server fails says so in a toast and keeps the page", async ({ page }) => {
  await page.goto("/product/2");
  await waitForHydration(page);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!;
  // The server answers 500, then the network fails: neither replaces the page with the error screen.
  await page.route("**/api/v1/cart*", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
  );
  await page.route("**/api/v1/wishlist*", (route) =>
    route.request().method() === "POST" ? route.abort("connectionfailed") : route.fallback(),
  );
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Your cart was not changed")).toBeVisible();
  await expect(page.getByText("The shop could not be reached or had a problem.")).toBeVisible();
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Your wishlist was not changed")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Add to wishlist" })).toHaveAttribute("aria-pressed", "false");
});

test("a long cart keeps its totals and Checkout in view, and a guest's checkout replaces it with a summary of the order @phone", async ({
  page,
}) => {
  for (const id of [1, 2, 3, 4, 5, 6, 7, 8]) {
    expect((await page.request.post("/api/v1/cart", { form: { intent: "add", productId: String(id) } })).ok()).toBe(
      true,
    );
  }
  await page.request.post("/api/v1/cart", { form: { intent: "add", productId: "1" } });
  await page.goto("/product/9");
  await waitForHydration(page);
  const viewport = page.viewportSize()!;
  // The cart button and its count are in the header itself, next to the phone's menu button.
  // Eight products, one of them with 2 seats: the badge counts products (decision 040).
  const cartButton = page.getByRole("banner").getByRole("button", { name: "Cart, 8 items" });
  await expect(cartButton).toBeVisible();
  await expect(cartButton).toContainText("8");
  // A toast (bottom right) never covers it.
  const buttonBox = (await cartButton.boundingBox())!;
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const toast = page.getByText("Added to cart");
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  expect(toastBox.y > buttonBox.y + buttonBox.height || toastBox.y + toastBox.height < buttonBox.y).toBe(true);
  await expect(page.getByRole("banner").getByRole("button", { name: "Cart, 9 items" })).toBeVisible();
  const totals = await (await page.request.get("/api/v1/cart")).json();

  const cart = await openCart(page);
  await expect(cart.getByRole("list", { name: "Products in your cart" }).getByRole("listitem")).toHaveCount(9);
  // The lines scroll; the totals and Checkout stay inside the screen.
  const checkout = cart.getByRole("button", { name: "Checkout" });
  for (const element of [checkout, cart.getByText("Total", { exact: true })]) {
    const box = (await element.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  }
  await expect(cart.locator("dl")).toContainText(`Total${price(totals.totalCents)}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

  // The guest dialog takes the cart's place: one dialog, with what the order holds and costs.
  await checkout.click();
  const guest = page.getByRole("dialog", { name: "Guest Checkout" });
  await expect(guest).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await expect(guest.locator(":focus")).toHaveCount(1);
  const summary = guest.getByRole("region", { name: "Order summary" });
  await expect(summary.getByRole("list", { name: "Products in your order" }).getByRole("listitem")).toHaveCount(9);
  await expect(summary).toContainText("2 × ");
  await expect(summary.locator("dl")).toContainText(`Subtotal${price(totals.subtotalCents)}`);
  await expect(summary.locator("dl")).toContainText(`Tax (8%)${price(totals.taxCents)}`);
  await expect(summary.locator("dl")).toContainText(`Total${price(totals.totalCents)}`);
  // However long the summary, Complete Purchase stays inside the screen.
  const purchaseBox = (await guest.getByRole("button", { name: "Complete Purchase" }).boundingBox())!;
  expect(purchaseBox.y).toBeGreaterThanOrEqual(0);
  expect(purchaseBox.y + purchaseBox.height).toBeLessThanOrEqual(viewport.height);
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("button", { name: /^Cart, / })).toBeFocused();
});

test("the wishlist heart toggles from a card, counts in the header and lists on /wishlist", async ({ page }) => {
  await page.goto("/browse");
  await waitForHydration(page);
  const heart = page.getByRole("button", { name: /^Add .* to wishlist$/ }).first();
  const title = (await heart.getAttribute("aria-label"))!.replace(/^Add (.*) to wishlist$/, "$1");
  await heart.click();
  await expect(page.getByText("Added to wishlist")).toBeVisible();
  await expect(page.getByRole("button", { name: `Remove ${title} from wishlist` }).first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await (await headerButton(page, /^Wishlist, 1 item$/)).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole("heading", { name: "Your Wishlist" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { name: title })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: `Remove ${title} from wishlist` }).click();
  await expect(page.getByText("Removed from wishlist")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
});

test("a guest's cart and wishlist join the account at sign-in; signing out shows them empty, signing in brings them back", async ({
  page,
}) => {
  test.slow();
  await addToCart(page, 5);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Added to wishlist")).toBeVisible();

  const account = await signUpConfirmed(page, { name: "Carla Cart" });
  await page.goto("/");
  await expect(await headerButton(page, /^Cart, 1 item$/)).toBeVisible();
  await expect(await headerButton(page, /^Wishlist, 1 item$/)).toBeVisible();

  await signOut(page);
  await page.goto("/");
  await expect(await headerButton(page, /^Cart, 0 items$/)).toBeVisible();
  await expect(await headerButton(page, /^Wishlist, 0 items$/)).toBeVisible();

  await signInAs(page, account);
  await page.goto("/");
  await expect(await headerButton(page, /^Cart, 1 item$/)).toBeVisible();
});

test("a product the buyer owns says so on its page and in the cart; buying it again takes the buyer's choice", async ({
  page,
}, testInfo) => {
  test.slow();
  await signUpConfirmed(page, { name: "Olive Owner" });
  await addToCart(page, 3);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!;
  const { tab } = await checkOutSignedIn(page);
  await tab.close();

  await page.goto("/product/3");
  await waitForHydration(page);
  await expect(page.getByText("You own this:")).toBeVisible();
  await expect(page.getByRole("link", { name: "go to your downloads" })).toHaveAttribute("href", "/account/downloads");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`1 seat of ${title} in your cart`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("owned-product.png") });
  const cart = await openCart(page);
  await expect(cart.getByRole("listitem").filter({ hasText: title })).toContainText(
    "You own this: go to your downloads",
  );
  const checkout = cart.getByRole("button", { name: "Checkout" });
  await expect(checkout).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("owned-cart.png") });
  // The server asks for the same choice of a checkout sent without it.
  const refused = await page.request.post("/api/v1/checkout", { form: { idempotencyKey: `owned-${Date.now()}-key` } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toContain(`You already own “${title}”.`);
  await cart.getByRole("checkbox", { name: "I know I own this: I am buying more seats or a gift" }).check();
  await expect(checkout).toBeEnabled();
});
