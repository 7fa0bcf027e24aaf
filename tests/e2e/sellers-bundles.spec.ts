import {
  addToCart,
  checkOutSignedIn,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  openCart,
  screenshotsIn,
  test,
  waitForHydration,
} from "./fixtures";

// Bundles from both sides: the demo seller makes a bundle of two of their products (a
// price that is no saving is refused beside the price first), publishes it; a shopper opens the
// bundle's page and adds it to the cart. Named "sellers-" so that the platform projects run it;
// both projects run on one server, so every bundle's title is made unique.

const screenshot = screenshotsIn("/tmp/shots-seller-bundles");

/** "$12.99" as cents. */
const centsOf = (price: string) => Math.round(Number(price.replace(/[$,]/g, "")) * 100);
const dollars = (cents: number) => (cents / 100).toFixed(2);

test("the seller bundles two products, publishes the bundle, and a shopper adds it to the cart", async ({
  seller: page,
  guest,
}, testInfo) => {
  test.setTimeout(90_000);
  const title = `Desk Starter Kit ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.goto("/seller");
  // A click before hydration can be lost when the router takes over the page.
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Seller Dashboard" }).getByRole("link", { name: "Bundles" }).click();
  await expect(page).toHaveURL(/\/seller\/bundles$/);
  await expect(page.getByRole("heading", { name: "Bundles", exact: true })).toBeVisible();
  await waitForHydration(page);

  // Two of the seller's products on sale, each offered with its price.
  const products = page.getByRole("group", { name: "Products" });
  const offered = products.getByRole("checkbox");
  expect(await offered.count()).toBeGreaterThanOrEqual(2);
  const picked: { title: string; cents: number }[] = [];
  for (let index = 0; picked.length < 2; index++) {
    const label = offered.nth(index).locator("xpath=ancestor::label");
    const price = (await label.locator("span").last().textContent())!;
    // A product of at least $2.00, so that the bundle can cost less and still something.
    if (centsOf(price) < 200) continue;
    await offered.nth(index).check();
    picked.push({ title: (await label.locator("span").first().textContent())!, cents: centsOf(price) });
  }
  const valueCents = picked[0]!.cents + picked[1]!.cents;
  await expect(products).toContainText(`Together they cost $${dollars(valueCents)} one by one.`);

  // A price that is no saving: refused beside the price, with the server's message, what was typed kept.
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description (optional)").fill("Two favourites at a better price.");
  const price = page.getByLabel("Bundle price (USD)");
  await price.fill(dollars(valueCents));
  await page.getByRole("button", { name: "Make bundle" }).click();
  const notASaving = `A bundle must cost less than its products bought one by one ($${dollars(valueCents)}).`;
  await expect(price).toHaveAccessibleDescription(new RegExp(notASaving.replace(/[.$()]/g, "\\$&")));
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(products.locator("input[type=checkbox]:checked")).toHaveCount(2);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "refused");

  const bundleCents = Math.floor((valueCents * 0.8) / 100) * 100 || 100;
  await price.fill(dollars(bundleCents));
  await page.getByRole("button", { name: "Make bundle" }).click();
  await expect(page.getByText(`${title} was made as a draft: publish it to put it on sale.`)).toBeVisible();
  const row = page.getByRole("list", { name: "Your bundles" }).getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText(`$${dollars(bundleCents)} · 2 products, $${dollars(valueCents)} one by one`);
  await expect(row).toContainText("Draft");
  // Made: the form is empty again, for the next bundle.
  await expect(page.getByLabel("Title")).toHaveValue("");

  await row.getByRole("button", { name: `Publish ${title}` }).click();
  await expect(page.getByText("The bundle is on sale.")).toBeVisible();
  await expect(row).toContainText("Published");
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "published");
  const href = await row.getByRole("link", { name: /View in the shop/ }).getAttribute("href");
  expect(href).toMatch(/^\/bundle\/\d+$/);

  // A shopper, in a browser of their own, on the bundle's page.
  await guest.setViewportSize(page.viewportSize()!);
  await guest.goto(href!);
  await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(guest).toHaveTitle(new RegExp(`^${title} \\|`));
  await expect(guest.getByText(`$${dollars(bundleCents)}`, { exact: true })).toBeVisible();
  await expect(guest.getByText(/if bought separately/)).toContainText(`$${dollars(valueCents)}`);
  await expect(guest.getByText(/^Save \d+%$/)).toBeVisible();
  await expect(guest.getByRole("link", { name: "Design Studio Pro" })).toHaveAttribute(
    "href",
    "/creator/design-studio-pro",
  );
  const inBundle = guest.getByRole("region", { name: "In this bundle" });
  for (const product of picked) await expect(inBundle.getByRole("link", { name: product.title })).toBeVisible();
  await waitForHydration(guest);
  await expectNoAxeViolations(guest);
  await expectNoSidewaysScroll(guest);
  await screenshot(guest, testInfo, "bundle-page");

  await guest.getByRole("button", { name: "Add bundle to cart" }).click();
  await expect(guest.getByText("Added to cart").first()).toBeVisible();
  await expect(guest.getByRole("banner").getByRole("button", { name: /^Cart, 1 item/ })).toBeVisible();
  const cart = await openCart(guest);
  await expect(cart.getByRole("link", { name: title })).toHaveAttribute("href", href!);
  await expect(cart).toContainText("Bundle of 2 products");
  await screenshot(guest, testInfo, "cart");

  // Taken off sale, its page is the shop's 404 for everyone.
  await row.getByRole("button", { name: `Unpublish ${title}` }).click();
  await expect(row).toContainText("Draft");
  const gone = await guest.request.get(href!);
  expect(gone.status()).toBe(404);

  // Deleted after asking: gone from the list.
  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(page.getByText("The bundle was deleted.")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a buyer who owns one product of the sample bundle sees it owned and completes the bundle for the rest", async ({
  buyer,
}, testInfo) => {
  test.setTimeout(120_000);
  const { page } = buyer;
  // The sample catalogue's bundle: Design Studio Pro's two geometric prints (products 14 and 20).
  await page.goto("/bundle/1");
  await waitForHydration(page);
  const bundlePrice = (await page
    .getByText(/^\$\d+\.\d\d$/)
    .first()
    .textContent())!;
  await expect(page.getByRole("button", { name: "Add bundle to cart" })).toBeVisible();
  const [first, second] = await page
    .getByRole("region", { name: "In this bundle" })
    .getByRole("heading", { level: 3 })
    .allTextContents();

  // The buyer buys the first product on its own.
  await addToCart(page, 14);
  const { tab } = await checkOutSignedIn(page);
  await tab.close();

  await page.goto("/bundle/1");
  await expect(page.getByText("You own 1 of 2 products in this bundle: you pay only for the others.")).toBeVisible();
  const owned = page.getByRole("region", { name: "In this bundle" }).getByRole("article");
  await expect(owned.filter({ hasText: first! })).toContainText("Owned");
  await expect(owned.filter({ hasText: second! })).not.toContainText("Owned");
  const complete = page.getByRole("button", { name: /^Complete the bundle — \$\d+\.\d\d$/ });
  await expect(complete).toBeVisible();
  const toPay = /\$\d+\.\d\d/.exec((await complete.textContent())!)![0];
  expect(centsOf(toPay)).toBeLessThan(centsOf(bundlePrice));
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "complete");

  await complete.click();
  await expect(page.getByText("Added to cart").first()).toBeVisible();
  const cart = await openCart(page);
  await expect(cart.getByRole("link", { name: "Modern Geometric Art Kit" })).toBeVisible();
  await expect(cart).toContainText(toPay);
});
