import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, newAdmin, screenshotsIn, test, waitForHydration } from "./fixtures";

// The admin Search page: what shoppers searched for on /search, the results they opened
// and the searches that found nothing; and the synonyms admins keep. Both projects run these on
// one server: each uses words of its own.

const screenshot = screenshotsIn("/tmp/shots-helper-admin");

/** Opens a result of the search on screen and answers what its beacon told the shop. */
async function openResult(page: Page, result: Locator) {
  const beacon = page.waitForRequest((request) => request.url().endsWith("/api/v1/search/clicks"));
  await result.click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  return Object.fromEntries(new URLSearchParams((await beacon).postData() ?? ""));
}

/** The row of the table named `table` whose first cell is `query`, once the search log has written it. */
async function rowOf(admin: Page, table: string, query: string) {
  const row = admin
    .getByRole("region", { name: table, exact: true })
    .getByRole("row")
    .filter({ has: admin.getByRole("cell", { name: query, exact: true }) });
  // Searches reach the database in batches every 2 s: reload until this one has.
  await expect(async () => {
    await admin.reload();
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return row;
}

test("a shopper's search and the result opened, and a search that found nothing, show on the admin Search page", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const phone = testInfo.project.name.includes("phone");
  const query = phone ? "wall art" : "planner";
  // Typed as shoppers type: capitals and spaces are counted as the same search.
  await page.goto(`/search?q=${encodeURIComponent(phone ? "  Wall   Art " : "Planner")}`);
  await waitForHydration(page);
  const results = page
    .getByRole("region", { name: "Products" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading") });
  const first = results.first();
  const firstTitle = first.getByRole("heading").getByRole("link");
  const firstId = (await firstTitle.getAttribute("href"))!.split("/").pop();
  const grid = await openResult(page, firstTitle);
  expect(grid).toMatchObject({ productId: firstId, position: "1" });
  expect(grid.searchId).toMatch(/^[0-9a-f-]{36}$/);

  // Back, in the list layout (the same search: its id goes on), the second result by its picture.
  await page.goBack();
  await page.getByRole("link", { name: "List view" }).click();
  await expect(page).toHaveURL(/view=list/);
  const second = results.nth(1);
  const secondId = (await second.getByRole("heading").getByRole("link").getAttribute("href"))!.split("/").pop();
  const list = await openResult(page, second.locator(`a[href="/product/${secondId}"]`).first());
  expect(list).toEqual({ searchId: grid.searchId, productId: secondId, position: "2" });

  // A search that finds nothing, typed into the search page's own box.
  const nothing = `zqxv${Date.now().toString(36)}`;
  await page.goto("/search");
  const box = page.getByRole("main").getByRole("searchbox", { name: "Search products" });
  await box.fill(nothing);
  await box.press("Enter");
  await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();

  // The admin comes now, after the shopper's searches (made before them, their page sat idle and its
  // first click on the phone run did not navigate).
  const { context, page: admin } = await newAdmin(browser, testInfo);
  await admin.goto("/admin");
  // A click before hydration can be lost when the router takes over the page.
  await waitForHydration(admin);
  await admin.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Search" }).click();
  await expect(admin).toHaveURL(/\/admin\/search$/);
  await expect(admin.getByRole("heading", { level: 2, name: "Search" })).toBeVisible();
  const top = await rowOf(admin, "Top queries", query);
  // At least this shopper's search, and at least one of them opened a result.
  await expect(top.getByRole("cell").nth(3)).not.toHaveText("0%");
  const missing = await rowOf(admin, "Queries with no results", nothing);
  await expect(missing.getByRole("cell").nth(1)).toHaveText("1");
  await expect(admin.getByRole("region", { name: "Overall" })).toContainText("Searches");
  await expectNoAxeViolations(admin);
  await screenshot(admin, testInfo, "admin-search");

  await admin.getByRole("link", { name: "Last 30 days" }).click();
  await expect(admin).toHaveURL(/days=30/);
  await expect(admin.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await expect(
    admin.getByRole("region", { name: "Queries with no results", exact: true }).getByRole("cell", { name: nothing }),
  ).toBeVisible();
  await context.close();
});

test("an admin adds a synonym group, is told what is wrong with a bad one, and removes it", async ({
  admin,
}, testInfo) => {
  test.slow();
  await admin.goto("/admin/search");
  await waitForHydration(admin);
  const groups = admin.getByRole("list", { name: "Synonym groups" });
  // The migration's examples.
  await expect(groups.getByRole("list", { name: "Group: cv, resume" })).toBeVisible();

  const tag = `${testInfo.project.name.includes("phone") ? "p" : "d"}${Date.now() % 100_000}`;
  const field = admin.getByLabel("Words that mean the same");
  const add = admin.getByRole("button", { name: "Add group" });
  await field.fill(`Tote${tag}, bag${tag}, Sac${tag}`);
  await add.click();
  const words = [`bag${tag}`, `sac${tag}`, `tote${tag}`].join(", ");
  await expect(admin.getByRole("status")).toHaveText(`Added: ${words}.`);
  await expect(field).toHaveValue("");
  await expect(groups.getByRole("list", { name: `Group: ${words}` })).toBeVisible();

  for (const [typed, message] of [
    [`sac${tag}, TOTE${tag}, bag${tag}`, `This group already exists: ${words}.`],
    ["wall art, poster", '"wall art" is more than one word: separate the words with commas.'],
    ["e-book, ebook", '"e-book" must be a single word of letters and digits only.'],
    ["resume", "A group needs at least 2 different words."],
  ] as const) {
    await field.fill(typed);
    await add.click();
    await expect(admin.getByRole("alert")).toHaveText(message);
    // The words stay, to be corrected.
    await expect(field).toHaveValue(typed);
    await expect(field).toHaveAttribute("aria-invalid", "true");
  }
  await expectNoAxeViolations(admin);
  await screenshot(admin, testInfo, "admin-synonyms");

  await admin.getByRole("button", { name: `Remove ${words}` }).click();
  await expect(admin.getByRole("status")).toHaveText(`Removed: ${words}.`);
  await expect(groups.getByRole("list", { name: `Group: ${words}` })).toHaveCount(0);
});
