import { request } from "@playwright/test";
import { e2eDataDir, expect, SHOP_ORIGIN, signUpConfirmed, test } from "./fixtures";
import { queryShop } from "./own-server.ts";

// Pages the same for every visitor: a CDN and the shop itself may keep them; what is the
// visitor's own (account, cart, wishlist) comes to the browser after the page.

const PRODUCT = 40;

// The same pages and requests at every width: once, at the desktop's.
test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, "the same pages and requests as on the desktop");

test("a product page is the same bytes for a visitor and a signed-in buyer with a cart; their own parts come after it", {
  tag: "@desktop-only",
}, async ({ page }) => {
  const visitor = await request.newContext({ baseURL: SHOP_ORIGIN });
  const forVisitor = await visitor.get(`/product/${PRODUCT}`);

  const { email } = await signUpConfirmed(page, { name: "Sam Samebytes" });
  const changes = { "/api/v1/cart": "add", "/api/v1/wishlist": "toggle" };
  for (const [path, intent] of Object.entries(changes)) {
    expect((await page.request.post(path, { form: { intent, productId: String(PRODUCT) } })).ok()).toBe(true);
  }
  const forBuyer = await page.request.get(`/product/${PRODUCT}`);

  expect(forBuyer.status()).toBe(200);
  const html = await forBuyer.text();
  expect(html).toBe(await forVisitor.text());
  expect(html).not.toContain("Sam Samebytes");
  expect(html).not.toContain(email);
  for (const response of [forVisitor, forBuyer]) {
    expect(response.headers()["cache-control"]).toMatch(/public.*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  }
  expect(forBuyer.headers().etag).toBe(forVisitor.headers().etag);

  // In the browser the page then shows the buyer's account, cart and heart.
  await page.goto(`/product/${PRODUCT}`);
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Sam Samebytes" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Cart, 1 item" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "In your wishlist" })).toBeVisible();
  await visitor.dispose();
});

test("until the browser knows who is visiting, the header claims no counts, and Login only where the hint says signed out", {
  tag: "@desktop-only",
}, async ({ page, baseURL }) => {
  await page.route("**/api/v1/shopper*", () => {}); // held: never answered
  const header = page.getByRole("banner");
  for (const signedIn of [false, true]) {
    // The hint a sign-in leaves (decision 044), without a session: what the page shows comes from it alone.
    await page.context().clearCookies();
    if (signedIn) await page.context().addCookies([{ name: "shop_signed_in", value: "1", url: baseURL! }]);
    await page.goto(`/product/${PRODUCT}`);
    // Hydrated (the header's buttons work), with the visitor's parts still on their way.
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await expect(header.getByRole("link", { name: "Wishlist" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Cart" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Login" })).toHaveCount(signedIn ? 0 : 1);
  }
  await page.unroute("**/api/v1/shopper*");
});

test("a browser that holds the page is answered 304; a navigation's data is asked for each time", {
  tag: "@desktop-only",
}, async ({ request: shop }) => {
  const first = await shop.get("/category/planners");
  const etag = first.headers().etag!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await shop.get("/category/planners", { headers: { "if-none-match": etag } });
  expect(again.status()).toBe(304);
  expect(await again.body()).toHaveLength(0);
  const data = await shop.get("/category/planners.data");
  expect(data.status()).toBe(200);
  expect(data.headers()["cache-control"]).toBe("private, no-cache");
  // Personal pages are never kept by others.
  expect((await shop.get("/api/v1/shopper")).headers()["cache-control"]).toBe("private, no-store");
  expect((await shop.get("/contact")).headers()["cache-control"]).toBe("private, no-cache");
});

test("a change to the catalogue reaches the kept page at once", { tag: "@desktop-only" }, async ({ request: shop }) => {
  const [row] = await queryShop<{ description: string }>(
    e2eDataDir(),
    "select description from products where id = $1",
    [PRODUCT],
  );
  const description = row!.description;
  const kept = await shop.get(`/product/${PRODUCT}`);
  expect(await kept.text()).toContain(description.slice(0, 40));
  const changed = `${description} Now with a printable cover ${Date.now()}.`;
  try {
    await queryShop(e2eDataDir(), "update products set description = $2 where id = $1", [PRODUCT, changed]);
    await expect
      .poll(async () => (await shop.get(`/product/${PRODUCT}`)).text(), { timeout: 2_000 })
      .toContain(changed);
  } finally {
    await queryShop(e2eDataDir(), "update products set description = $2 where id = $1", [PRODUCT, description]);
  }
});
