import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./fixtures";

// What the browser downloads must hold no server code: a route module's component that imports a
// value from server/ pulls that module (and the database schema, the job queue...) into the client
// bundle. Run on the production build that the e2e server serves.

const assets = path.resolve("build/client/assets");
/** Strings that only server-side libraries contain. */
const SERVER_MARKERS = [
  "drizzle:entityKind",
  "pgboss",
  "pg-protocol",
  "better-auth/adapters",
  "nodemailer",
  "@img/sharp",
];

/**
 * The scripts `page` loads from now on: how many have answered, and their texts once every body
 * has arrived (a response comes before its body; reading them as they come raced the assertions).
 */
function watchScripts(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text());
  });
  return { count: () => bodies.length, text: async () => (await Promise.all(bodies)).join("\n") };
}

/** Which of FORM_LIBRARY_MARKERS the scripts hold. */
const formLibrariesIn = (text: string) => FORM_LIBRARY_MARKERS.filter((marker) => text.includes(marker));

test("the client bundle holds no server code", () => {
  const scripts = fs.readdirSync(assets).filter((file) => file.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  const leaks = scripts.flatMap((file) => {
    const text = fs.readFileSync(path.join(assets, file), "utf8");
    return SERVER_MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${file}: ${marker}`);
  });
  expect(leaks).toEqual([]);
});

// A page's first load carries the scripts it shows with, in a few files: the modals, the account
// menu and the toasts come when they are first wanted (a product page asked for 49 scripts and
// every modal's code before).
test("a product page loads few scripts and no modal's or toast's code until one is wanted", async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto("/product/1");
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // 25 since the product page offers licence tiers and a price to name.
  expect(scripts.count()).toBeLessThanOrEqual(25);
  // The login modal's own words, and sonner's toaster.
  const firstLoad = await scripts.text();
  expect(firstLoad).not.toContain("Sign in to your account or create a new one.");
  expect(firstLoad).not.toContain("data-sonner-toaster");

  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("dialog", { name: "Welcome" })).toBeVisible();
  expect(await scripts.text()).toContain("Sign in to your account or create a new one.");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Login" })).toBeFocused();

  await page
    .getByRole("button", { name: /^Add to Cart/ })
    .first()
    .click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  expect(await scripts.text()).toContain("data-sonner-toaster");
});

// Zod and Conform (about 34 KB compressed) are for pages with a form: a shared module that a form
// schema and every page both import once dragged them onto every page with the schemas' chunk.
const FORM_LIBRARY_MARKERS = ["ZodError", "__intent__"];
for (const address of ["/", "/category/planners", "/product/1", "/browse", "/search?q=planner"]) {
  test(`${address} loads no form library`, async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto(address);
    // The scripts are asked for once the page has painted: on a loaded machine, after a first
    // network idle (the count was once 0 there).
    await waitForHydration(page);
    expect(scripts.count()).toBeGreaterThan(0);
    expect(formLibrariesIn(await scripts.text())).toEqual([]);
  });
}

test("a page with a form loads the form libraries", async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto("/contact");
  await waitForHydration(page);
  expect(formLibrariesIn(await scripts.text())).toEqual(FORM_LIBRARY_MARKERS);
});

// The scripts wait for the first paint (app/lib/scripts-after-first-paint.server.ts): on a slow phone
// they would otherwise take the bandwidth the stylesheet, font and largest picture need. The page
// still hydrates (its CSP allows the started script by hash on a kept page).
test("a page asks for its scripts once it has painted, then hydrates", async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) refused.push(message.text());
  });
  // The server's markup is hydrated, not replaced (the started script is a node React did not render).
  await page.addInitScript(() =>
    document.addEventListener("DOMContentLoaded", () => {
      (document.querySelector("main") as HTMLElement & { fromServer?: boolean }).fromServer = true;
    }),
  );
  await page.goto("/category/planners");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  const timing = await page.evaluate(() => {
    const firstPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime);
    return { firstPaint, scripts };
  });
  expect(timing.firstPaint).toBeDefined();
  expect(timing.scripts.length).toBeGreaterThan(3);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.firstPaint!);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0);
  // Hydrated: the Login button opens its modal.
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("dialog", { name: "Welcome" })).toBeVisible();
  expect(refused).toEqual([]);
  expect(await page.evaluate(() => (document.querySelector("main") as { fromServer?: boolean }).fromServer)).toBe(true);
});
