import type { Page } from "@playwright/test";
import { VISITOR_HINT_SCRIPT } from "../../shared/visitor-hint.ts";
import {
  DEMO_BUYER,
  expect,
  expectNoAxeViolations,
  holdScripts,
  signInAs,
  signUpConfirmed,
  test,
  waitForHydration,
} from "./fixtures";

/** The Content-Security-Policy refusals the page reports in its console. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test("a personal page carries a nonce-based Content-Security-Policy that React Router's scripts satisfy", async ({
  page,
}) => {
  const violations = cspViolations(page);
  const response = await page.goto("/contact");
  const csp = response?.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  const scripts = await page
    .locator("script:not([type='application/ld+json'])")
    .evaluateAll((elements) => elements.map((s) => ({ nonce: (s as HTMLScriptElement).nonce, text: s.textContent })));
  // The head's visitor hint is the same on every page: the policy allows it by its hash, and it ran.
  const [hint, ...reactRouters] = scripts;
  expect(hint).toEqual({ nonce: "", text: VISITOR_HINT_SCRIPT });
  expect(await page.evaluate(() => document.documentElement.dataset.visitor)).toBe("guest");
  expect(reactRouters.length).toBeGreaterThan(0);
  for (const script of reactRouters) expect(script.nonce).toBe(nonce);
  await waitForHydration(page);
  expect(violations).toEqual([]);

  // A second response gets a different nonce.
  const again = await page.request.get("/contact");
  expect(again.headers()["content-security-policy"]).not.toContain(nonce!);
  expect(again.headers()["x-content-type-options"]).toBe("nosniff");
});

test("a page the same for everyone allows its own inline scripts by their hashes, no nonce, and they run", async ({
  page,
}) => {
  const violations = cspViolations(page);
  const response = await page.goto("/");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).not.toContain("'nonce-");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(csp).toContain("object-src 'none'");
  await waitForHydration(page);
  expect(violations).toEqual([]);
  // A script the page did not send is refused.
  const injected = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.append(script);
    return (window as unknown as { __injected?: boolean }).__injected ?? false;
  });
  expect(injected).toBe(false);
});

test("a broken product image falls back to the placeholder, then to 'Image unavailable'", async ({ page }) => {
  await page.route("**/media/generated/planner-1*.svg", (route) => route.fulfill({ status: 404 }));
  await page.goto("/product/1");
  await waitForHydration(page);
  const cover = page.getByRole("img", { name: "Digital Planner Bundle" }).first();
  await expect(cover).toHaveAttribute("src", "/placeholder.svg");

  await page.route("**/placeholder.svg", (route) => route.fulfill({ status: 404 }));
  await page.reload();
  await expect(page.getByText("Image unavailable").first()).toBeVisible();
});

test("the mobile menu offers the same items as the header, whose cart stays beside it", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the menu button shows on narrow screens");
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByRole("banner").getByRole("button", { name: "Cart, 0 items" })).toBeVisible();
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog");
  await expect(menu).toBeVisible();
  for (const name of ["Planners", "Wall Art", "Templates", "Digital Courses", "E-books", "Printables", "Browse All"]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("combobox", { name: "Search products" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Wishlist, 0 items" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Login" })).toBeVisible();
  await expectNoAxeViolations(page);
  await menu.getByRole("link", { name: "Templates", exact: true }).click();
  await expect(page).toHaveURL(/\/category\/templates$/);
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("the header search goes to /search?q=", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the header search box shows on wide screens");
  await page.goto("/");
  // Typed before the page's scripts ran, the words were lost once on CI: the box is used once hydrated.
  await waitForHydration(page);
  const box = page.getByRole("banner").getByRole("combobox", { name: "Search products" });
  await box.fill("wall art");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=wall\+art$/);
  await expect(page.getByRole("heading", { level: 1, name: 'Search Results for "wall art"' })).toBeVisible();
});

test("the page is laid out without horizontal scrolling", async ({ page }) => {
  for (const path of ["/", "/browse", "/product/1", "/contact", "/commission", "/license"]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("the cart opens as a dialog and the wishlist as a page, each with its empty state", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the header buttons show on wide screens");
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("button", { name: "Cart, 0 items" }).click();
  const cart = page.getByRole("dialog", { name: "Shopping Cart" });
  await expect(cart.getByText("Your cart is empty.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(cart).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: "Cart, 0 items" })).toBeFocused();
  await page.getByRole("banner").getByRole("link", { name: "Wishlist, 0 items" }).click();
  await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Browse products" }).click();
  await expect(page).toHaveURL(/\/browse$/);
});

test("header search suggestions: open past one character, move by keyboard, close on blur", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the header search box shows on wide screens");
  // The page's clock runs as usual, and can be moved on at once past the suggestions' wait.
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
  const box = page.getByRole("banner").getByRole("combobox", { name: "Search products" });
  const list = page.getByRole("listbox", { name: "Search suggestions" });
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/v1/search/suggestions")) asked.push(url.searchParams.get("q") ?? "");
  });
  await box.fill("p");
  await page.clock.runFor(1_000); // long past the wait: one letter would have been asked for by now
  await expect(list).toBeHidden();
  await box.fill("planner");
  await expect(list).toBeVisible();
  // Requests leave in order: "p" would come before "planner".
  expect(asked[0]).toBe("planner");
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const phrases = list.getByRole("group", { name: "Suggestions" }).getByRole("option");
  const products = list.getByRole("group", { name: "Products" }).getByRole("option");
  await expect(products).toHaveCount(5);
  expect(await phrases.count()).toBeLessThanOrEqual(5);
  await expectNoAxeViolations(page);

  await box.press("ArrowDown");
  const first = await box.getAttribute("aria-activedescendant");
  expect(first).toBeTruthy();
  await expect(page.locator(`[id="${first}"]`)).toHaveAttribute("aria-selected", "true");
  await box.press("Escape");
  await expect(list).toBeHidden();

  await box.press("ArrowDown");
  await expect(list).toBeVisible();
  await page.keyboard.press("Tab"); // focus leaves: the list closes 200 ms later
  await expect(list).toBeHidden();

  await box.fill("planner");
  await expect(products.first()).toBeVisible();
  const title = await products.first().locator("span").first().textContent();
  await products.first().click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
});

test("a blank header search does nothing", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the header search box shows on wide screens");
  await page.goto("/browse");
  await waitForHydration(page);
  const box = page.getByRole("banner").getByRole("combobox", { name: "Search products" });
  const entries = await page.evaluate(() => history.length);
  await box.fill("   ");
  await box.press("Enter");
  await box.fill("wall");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=wall$/);
  // One page more in the history: the blank search went nowhere before the real one.
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
});

test("after a suggestion is chosen, the search box shows the search that ran, or is cleared for a product", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await waitForHydration(page);
  // On a phone the box is in the menu, which closes on every page change.
  const searchBox = async () => {
    if (testInfo.project.name !== "phone") {
      return page.getByRole("banner").getByRole("combobox", { name: "Search products" });
    }
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    return page.getByRole("dialog").getByRole("combobox", { name: "Search products" });
  };
  const list = page.getByRole("listbox", { name: "Search suggestions" });

  let box = await searchBox();
  await box.fill("planner");
  const phrase = list.getByRole("group", { name: "Suggestions" }).getByRole("option").first();
  const chosen = (await phrase.textContent())!;
  await phrase.click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(chosen).replaceAll("%20", "(%20|\\+)")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search Results for "${chosen}"`);
  box = await searchBox();
  await expect(box).toHaveValue(chosen);

  await box.fill("abstract");
  const product = list.getByRole("group", { name: "Products" }).getByRole("option").first();
  await product.click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  box = await searchBox();
  await expect(box).toHaveValue("");
});

test("the error screen of a page that failed to load keeps the shop's name, categories, account and title", async ({
  page,
}, testInfo) => {
  await signInAs(page, DEMO_BUYER);
  await page.goto("/browse");
  await waitForHydration(page);
  // The next page's data does not come: the server failed (or the network did).
  await page.route("**/search.data*", (route) => route.fulfill({ status: 500, body: "" }));
  const phone = testInfo.project.name === "phone";
  if (phone) await page.getByRole("button", { name: "Open menu" }).click();
  const box = (phone ? page.getByRole("dialog") : page.getByRole("banner")).getByRole("combobox", {
    name: "Search products",
  });
  await box.fill("wall art");
  await box.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page).toHaveTitle("Something went wrong | Test Market");
  await expect(page.getByRole("banner").getByRole("link", { name: "Test Market" })).toBeVisible();
  if (phone) {
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: "Open menu" }).click();
  }
  const frame = phone ? page.getByRole("dialog") : page.getByRole("banner");
  await expect(frame.getByRole("link", { name: "Planners", exact: true })).toBeVisible();
  await expect(frame.getByRole("button", { name: DEMO_BUYER.name, exact: true })).toBeVisible();
  await expect(frame.getByRole("button", { name: "Login" })).toHaveCount(0);
  if (phone) await page.keyboard.press("Escape");
  await expectNoAxeViolations(page);
});

/** The page as it is first painted: its HTML with its stylesheet, before its scripts run. */
async function shownWithItsStyles(page: Page) {
  await page.waitForFunction(() => {
    const header = document.querySelector("header");
    return header !== null && getComputedStyle(header).position === "sticky";
  });
}

/** The header's account area and the cart button beside it: where they are, to the pixel. */
async function headerBoxes(page: Page) {
  const cartButton = page.getByRole("banner").getByRole("button", { name: /^Cart/ });
  // The account area is the place right of the cart button.
  const area = await cartButton.locator("xpath=following-sibling::div[1]").boundingBox();
  return { area, cart: await cartButton.boundingBox() };
}

test("the header's account area shows Login or the account's place at the first paint and keeps its place and size, for a visitor and a signed-in buyer with a long name @desktop-only", async ({
  page,
}) => {
  test.slow();
  const login = page.getByRole("banner").getByRole("button", { name: "Login" });
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 800 });
    // A visitor: Login at once (working once the scripts run), in the same box; nothing beside it moves.
    await page.context().clearCookies();
    const release = await holdScripts(page);
    // Not waiting for "load": it may wait for the held scripts.
    await page.goto("/browse", { waitUntil: "commit" });
    await shownWithItsStyles(page);
    await expect(login).toBeVisible();
    await expect(login).toBeDisabled();
    const before = await headerBoxes(page);
    expect(before.area?.width).toBeGreaterThan(0);
    release();
    await waitForHydration(page);
    await expect(login).toBeEnabled();
    expect(await headerBoxes(page)).toEqual(before);
    await page.unrouteAll();
  }
  await signUpConfirmed(page, { name: "Maximiliana Featherstonehaugh-Worthington" });
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 800 });
    const release = await holdScripts(page);
    await page.goto("/browse", { waitUntil: "commit" });
    await shownWithItsStyles(page);
    // Signed in: never Login, but the account menu's shape, its name still to come.
    await expect(login).toHaveCount(0);
    await expect(page.locator("header .visitor-member")).toBeVisible();
    const before = await headerBoxes(page);
    release();
    await waitForHydration(page);
    await expect(page.getByRole("banner").getByRole("button", { name: /Maximiliana/ })).toBeVisible();
    expect(await headerBoxes(page)).toEqual(before);
    await page.unrouteAll();
  }
  await expectNoAxeViolations(page);
});
