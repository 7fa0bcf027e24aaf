import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, test as base, expect, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { dataDirOwner } from "../../server/db/data-dir-lock.ts";
import { DEMO_ACCOUNTS } from "../../server/demo/accounts/demo-accounts.ts";
import { totpCode } from "../support/totp.ts";

// What the shop's end-to-end specs share: the `test` they import (with the people of the shop as
// fixtures: a guest, a buyer, the demo seller and an admin), accounts and client addresses, the
// e2e server's outbox and scripts, and the cart and checkout steps.

export { expect };

/** Zero axe violations (WCAG 2.1 A and AA, and axe's best practices) on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  let summary: string[] = [];
  // A toast that starts to leave while axe reads the page is measured half transparent: such a
  // finding, about toasts only, is read again once they are still (twice at most).
  for (let attempt = 0; attempt < 3; attempt++) {
    await untilToastsAreStill(page);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      // In the page itself, not through a blank page of its own: two to three times faster here
      // (about 2 s a page rather than 5), the same findings. The one frame of the shop (a
      // broadcast's preview) is sandboxed without scripts, which neither way can enter.
      .setLegacyMode(true)
      .analyze();
    summary = results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
    const targets = results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")));
    const aboutToastsOnly =
      targets.length > 0 &&
      (await page.evaluate(
        (selectors) =>
          selectors.every((selector) => {
            const element = document.querySelector(selector);
            return element === null || element.closest("[data-sonner-toast]") !== null;
          }),
        targets,
      ));
    if (!aboutToastsOnly) break;
  }
  expect(summary, "axe violations").toEqual([]);
}

/**
 * A toast fading in or out is half transparent: colours are measured once every toast is fully in
 * (sonner marks it mounted a frame after it is in the page; reading its style starts the fade, so
 * opacity 1 is checked too) and nothing moves.
 */
async function untilToastsAreStill(page: Page) {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")].every(
        (toast) =>
          toast.getAttribute("data-mounted") === "true" &&
          toast.getAttribute("data-removed") !== "true" &&
          getComputedStyle(toast).opacity === "1",
      ) && document.getAnimations().every((animation) => animation.playState !== "running"),
  );
}

/**
 * Screenshots for people checking a layout, in `folder` as <name>-<project>.png: the whole page,
 * or with `fullPage: false` what the screen shows (a dialog). Not in CI, where nobody looks at them
 * and encoding full pages costs the run its processor (E2E_SCREENSHOTS=1 takes them there too).
 */
export function screenshotsIn(folder: string) {
  return async (page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) => {
    if (process.env.CI && !process.env.E2E_SCREENSHOTS) return;
    fs.mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: `${folder}/${name}-${testInfo.project.name}.png`, fullPage });
  };
}

/** Nothing on the page is wider than the screen (a phone's 360 px). */
export async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * Two time zones, each a day away from UTC for part of every day (UTC+14 from 10:00 UTC, UTC-11
 * before 11:00): at any hour at least one of them is, so a test that runs in both sees a browser
 * whose calendar day is not the server's, whatever the hour it runs. Each is always hours away.
 */
export const FAR_TIME_ZONES = ["Pacific/Kiritimati", "Pacific/Pago_Pago"] as const;

/** Waits until React has hydrated the page, so clicks reach its handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
  );
  await page.waitForLoadState("networkidle");
}

/**
 * Holds the page's scripts back until the returned function is called: the page shows, as on a
 * slow phone, seconds before it runs. For what a visitor sees and does before that.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

/** The data directory of this run's e2e server (scripts/e2e-server.ts), for command-line scripts. */
export function e2eDataDir(): string {
  const root = path.resolve("test-data");
  const running = fs
    .readdirSync(root)
    .filter((dir) => dir.startsWith("e2e-"))
    .map((dir) => path.join(root, dir))
    .filter((dir) => dataDirOwner(dir) !== null);
  if (running.length !== 1) throw new Error(`Expected one running e2e server, found ${running.length}`);
  return running[0]!;
}

/** Runs one of the shop's scripts (scripts/NAME.ts) against this run's e2e server; answers its output. */
export function runScript(name: string, args: string[] = [], env: Record<string, string> = {}): string {
  return execFileSync(process.execPath, [`scripts/${name}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: e2eDataDir(), DATABASE_URL: "", ...env },
    encoding: "utf8",
  });
}

/** The newest message to `to` in the e2e server's outbox (it runs without SMTP_URL), decoded. */
export function readOutbox(to: string): string | undefined {
  const root = path.resolve("test-data");
  const files = fs
    .readdirSync(root)
    .filter((dir) => dir.startsWith("e2e-"))
    .flatMap((dir) => {
      const outbox = path.join(root, dir, "outbox");
      return fs.existsSync(outbox) ? fs.readdirSync(outbox).map((file) => path.join(outbox, file)) : [];
    })
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const file of files) {
    const raw = fs.readFileSync(file, "utf8").replace(/=\n/g, "").replace(/=3D/g, "=");
    if (raw.includes(`To: ${to}`)) return raw;
  }
  return undefined;
}

/** The link to `endpoint` in the newest email to `to`, once it has arrived. */
export async function emailedLink(to: string, endpoint: string): Promise<string> {
  const pattern = new RegExp(`http://127\\.0\\.0\\.1:\\d+/api/auth/${endpoint}\\S+`);
  let link: string | undefined;
  await expect.poll(() => (link = pattern.exec(readOutbox(to) ?? "")?.[0])).toBeTruthy();
  return link!;
}

// People and their browsers ------------------------------------------------------------------

/** The e2e shop's address (playwright.config.ts): the Origin a browser sends with the shop's own posts. */
export const SHOP_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173)}`;

interface Account {
  name: string;
  email: string;
  password: string;
}

/** The sample catalogue's demo accounts (their names are the part of the email before '@'). */
const demoAccount = (seller: boolean): Account => {
  const demo = DEMO_ACCOUNTS.find((account) => account.isSeller === seller)!;
  return { name: demo.email.split("@")[0]!, email: demo.email, password: demo.password };
};
export const DEMO_BUYER = demoAccount(false);
/**
 * The shared demo seller: it may look at every seller page but change nothing (decision 039). In
 * the browser tests it runs the sample shop Little Paper Nook (tests/e2e/sample-shop-seller.ts).
 */
export const DEMO_SELLER = demoAccount(true);

/** A real seller that runs the sample shop Design Studio Pro (the shop of product 1), made once per run. */
const SAMPLE_SHOP_SELLER: Account = {
  name: "Sam Seller",
  email: "sample-shop-seller@example.com",
  password: "sample-shop-seller-2026",
};

let sampleShopSellerMade = false;
/**
 * Makes SAMPLE_SHOP_SELLER (again: it is idempotent) in this run's shop, once per worker; from then
 * on the demo seller runs Little Paper Nook.
 */
export function ensureSampleShopSeller() {
  if (sampleShopSellerMade) return;
  execFileSync(
    process.execPath,
    ["tests/e2e/sample-shop-seller.ts", SAMPLE_SHOP_SELLER.email, SAMPLE_SHOP_SELLER.password],
    { env: { ...process.env, DATA_DIR: e2eDataDir(), DATABASE_URL: "" }, encoding: "utf8" },
  );
  sampleShopSellerMade = true;
}

/**
 * The test clock of a seller's money: moves the shop's ledger entries (its sales, refunds and
 * payouts) `days` back in time, as if that many days had passed since (tests/e2e/move-shop-clock.ts).
 * Answers what the script says.
 */
export function moveShopClock(shopName: string, days: number): string {
  return execFileSync(process.execPath, ["tests/e2e/move-shop-clock.ts", shopName, String(days)], {
    env: { ...process.env, DATA_DIR: e2eDataDir(), DATABASE_URL: "" },
    encoding: "utf8",
  });
}

/** The e2e server's hold on sellers' money (PAYOUT_HOLD_DAYS in playwright.config.ts), for the payout scripts. */
export const E2E_PAYOUT_HOLD_DAYS = "7";

/** Signs `page` in as the real seller of Design Studio Pro. */
export async function signInAsSampleShopSeller(page: Page) {
  ensureSampleShopSeller();
  await signInAs(page, SAMPLE_SHOP_SELLER);
}

/** An address no other test uses: `tag` says in the outbox whose it is. */
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

let addresses = 0;
/**
 * A client address no other browser of this run has, so that the shop's per-address limits on
 * sign-ups, sign-ins and posts never mix tests up: the worker's index (a retry runs in a new
 * worker, so it does not reuse its first attempt's) and a count in the worker.
 */
function clientAddress(): string {
  const count = ++addresses;
  return `198.${20 + (Math.floor(count / 250) % 30)}.${base.info().workerIndex % 250}.${count % 250}`;
}

/**
 * Gives a browser a client address of its own: the server trusts X-Forwarded-For from loopback
 * (TRUST_PROXY's default). The Origin is the shop's, as its own pages send.
 */
export async function useNewClientAddress(context: BrowserContext) {
  await context.setExtraHTTPHeaders({ origin: SHOP_ORIGIN, "x-forwarded-for": clientAddress() });
}

/** Another person in their own browser (cookies and client address), for the caller to close. */
/**
 * A new admin, signed in, in a browser of their own (registered, then given the role by the script:
 * there is no demo admin), with two-factor sign-in on, as the admin console requires. The `admin`
 * fixture makes one before the test; a test that must make it at a given moment calls this.
 * `twoFactorUri` is their authenticator app's otpauth:// address (totpCode gives its codes).
 */
export async function newAdmin(browser: Browser, testInfo: TestInfo) {
  const context = await anotherClient(browser, testInfo);
  const page = await context.newPage();
  const { name, email, password } = await signUpConfirmed(page, { name: "Ada Admin" });
  expect(runScript("make-admin", [email])).toContain(`${name} (${email}) is now an admin.`);
  const twoFactorUri = await turnOnTwoFactor(page, password);
  return { context, page, twoFactorUri };
}

/**
 * Turns two-factor sign-in on for the account signed in on `page`, as its owner does in Settings
 * (the forms as posted without JavaScript): the password, then the first code of an authenticator
 * app, computed from the otpauth:// address the page shows (tests/support/totp.ts). The session
 * stays signed in (turning it on replaces its cookie). Answers that address.
 */
export async function turnOnTwoFactor(page: Page, password: string): Promise<string> {
  const post = (form: Record<string, string>) =>
    page.request.post("/account/settings", { form, headers: { origin: SHOP_ORIGIN } });
  const started = await post({ intent: "two-factor-start", password });
  expect(started.ok()).toBe(true);
  const uri = /name="uri" value="([^"]+)"/.exec(await started.text())?.[1]?.replaceAll("&amp;", "&") ?? "";
  expect(uri, "the otpauth:// address of the setup").toMatch(/^otpauth:\/\/totp\//);
  const confirmed = await post({ intent: "two-factor-confirm", code: totpCode(uri), uri });
  expect(confirmed.ok()).toBe(true);
  expect(confirmed.url()).toMatch(/\/account\/settings\?codes=/);
  expect(await confirmed.text()).toContain("Two-factor sign-in is on.");
  return uri;
}

export async function anotherClient(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await useNewClientAddress(context);
  return context;
}

/**
 * Registers an account and confirms it from the outbox, as a new user does: a sign-up signs no
 * one in (docs/decisions/016-sign-up-without-account-disclosure.md); the emailed link confirms the
 * address and signs in this page's browser. The email is unique unless given. Answers the account.
 */
export async function signUpConfirmed(
  page: Page,
  { name, email, password }: { name: string; email?: string; password?: string },
): Promise<Account> {
  const tag = name.split(" ")[0]!.toLowerCase();
  const account = { name, email: email ?? uniqueEmail(tag), password: password ?? `${tag}-password-1` };
  const response = await page.request.post("/account/sign-up", {
    form: { ...account, confirmPassword: account.password },
    headers: { origin: SHOP_ORIGIN },
  });
  expect(response.ok()).toBe(true);
  const link = await emailedLink(account.email, "verify-email");
  const landing = await page.request.get(link);
  expect(landing.url()).toMatch(/\/account\/email-confirmed$/);
  return account;
}

/**
 * A new seller in `page`'s browser: they sign up, apply with `application` (a sample shop's by
 * default), and `admin` approves them on the Applications page. Answers the shop's name.
 */
export async function approvedSeller(
  page: Page,
  admin: Page,
  {
    name = "Sid Seller",
    shopName = `Shop ${Date.now().toString(36)}`,
    specialty = "Wall art",
    bio = "I paint botanical watercolours and sell them as printable wall art.",
  } = {},
): Promise<string> {
  await signUpConfirmed(page, { name });
  const applied = await page.request.post("/become-seller", {
    form: {
      shopName,
      specialty,
      bio,
      website: "",
      sampleUrl: `https://portfolio.example/${name.split(" ")[0]!.toLowerCase()}`,
      acceptGuidelines: "on",
    },
  });
  expect(applied.ok()).toBe(true);
  await admin.goto("/admin/applications");
  await admin
    .getByRole("listitem")
    .filter({ has: admin.getByRole("heading", { name: shopName }) })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(admin.getByText("Approved: the applicant is now a seller.")).toBeVisible();
  return shopName;
}

/** Signs this page's browser in with an email and password, as the login form does. */
export async function signInAs(page: Page, { email, password }: Pick<Account, "email" | "password">) {
  const response = await page.request.post("/account/sign-in", { form: { email, password } });
  expect(response.ok(), `signing in as ${email}`).toBe(true);
}

/** Signs this page's browser out, as the account menu's Logout does. */
export async function signOut(page: Page) {
  const response = await page.request.post("/account/sign-out", {
    form: { intent: "sign-out" },
    headers: { origin: SHOP_ORIGIN },
  });
  expect(response.ok()).toBe(true);
}

// The cart and the checkout -------------------------------------------------------------------

/** The test card the hosted payment page accepts. */
export const SUCCESS_CARD = "4242 4242 4242 4242";

/** Adds one product from its page, as a shopper does, and waits for the shop to say so. */
export async function addToCart(page: Page, productId: number) {
  await page.goto(`/product/${productId}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart").first()).toBeVisible();
}

/** Opens the cart from the header's button (there at every width); answers its dialog. */
export async function openCart(page: Page) {
  await waitForHydration(page);
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Cart, / })
    .click();
  return page.getByRole("dialog", { name: "Shopping Cart" });
}

/** Fills in the card on the hosted payment page and pays. */
export async function payOnHostedPage(tab: Page, { card = SUCCESS_CARD, name = "Test Buyer" } = {}) {
  await tab.getByLabel("Name on card").fill(name);
  await tab.getByLabel("Card number").fill(card);
  await tab.getByLabel("Expiry (MM/YY)").fill("12/39");
  await tab.getByLabel("CVC").fill("123");
  await tab.getByRole("button", { name: /^Pay \$/ }).click();
}

/**
 * Sends changes to the cart API from the page, as its buttons do (a license tier, a code), then
 * loads the page again so that the header's cart shows them.
 */
export async function changeCart(page: Page, ...changes: Record<string, string>[]) {
  await page.goto("/");
  await waitForHydration(page);
  for (const change of changes) {
    const status = await page.evaluate(
      async (fields) => (await fetch("/api/v1/cart", { method: "POST", body: new URLSearchParams(fields) })).status,
      change,
    );
    expect(status, JSON.stringify(change)).toBe(200);
  }
  await page.reload();
}

/**
 * A signed-in buyer checks out the cart on the hosted payment page, which opens in a new tab;
 * answers that tab, on the paid order's page, and the order's number.
 */
export async function checkOutSignedIn(page: Page) {
  const cart = await openCart(page);
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    cart.getByRole("button", { name: "Checkout" }).click(),
  ]);
  await tab.waitForURL(/\/pay\/hps_/);
  await waitForHydration(tab);
  await payOnHostedPage(tab);
  await tab.waitForURL(/\/account\/orders\/[A-Z0-9]{9}/);
  await expect(tab.getByText("Paid", { exact: true })).toBeVisible({ timeout: 20_000 });
  return { tab, orderNumber: /orders\/([A-Z0-9]{9})/.exec(tab.url())![1]! };
}

/** A guest buys one product on the hosted payment page; answers the order number, on its order page. */
export async function buyAsGuest(buyer: Page, productId: number, email = uniqueEmail("gus")) {
  await buyer.request.post("/api/v1/cart", { form: { intent: "add", productId: String(productId) } });
  const started = await (
    await buyer.request.post("/api/v1/checkout", {
      form: { idempotencyKey: `guest-${productId}-${Date.now()}`, name: "Gus Guest", email },
    })
  ).json();
  await buyer.goto(started.paymentUrl);
  await payOnHostedPage(buyer, { name: "Gus" });
  await expect(buyer.getByText("Paid", { exact: true })).toBeVisible({ timeout: 20_000 });
  return started.orderNumber as string;
}

// The Seller Dashboard ------------------------------------------------------------------------

/** A small picture for a product's cover. */
export const coverPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#88aacc" } })
    .png()
    .toBuffer();

/** A PDF whose bytes carry `marker`: tell one upload from another. */
export const markedPdf = (marker: string) =>
  Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

/**
 * The seller makes a product in the dashboard as a person does (title, description, Planners,
 * price), adds a cover and one PDF named `fileName`, publishes it, and answers its id.
 */
export async function publishProduct(
  seller: Page,
  {
    title,
    description,
    price,
    file,
    fileName,
  }: { title: string; description: string; price: string; file: Buffer; fileName: string },
): Promise<number> {
  await seller.goto("/seller/products/new");
  await waitForHydration(seller);
  await seller.getByLabel("Title").fill(title);
  await seller.getByLabel("Description").fill(description);
  await seller.getByLabel("Category").selectOption({ label: "Planners" });
  await seller.getByLabel("Price (USD)").fill(price);
  await seller.getByRole("button", { name: "Create draft" }).click();
  await expect(seller.getByText("Draft created: add images and files, then publish it.")).toBeVisible();
  const upload = async (label: RegExp, files: { name: string; mimeType: string; buffer: Buffer }, done: string) => {
    await seller.getByLabel(label).setInputFiles(files);
    await seller
      .locator("form")
      .filter({ has: seller.getByLabel(label) })
      .getByRole("button", { name: "Upload" })
      .click();
    await expect(seller.getByText(done)).toBeVisible();
  };
  await upload(
    /^Add an image/,
    { name: "cover.png", mimeType: "image/png", buffer: await coverPng() },
    "The image was added.",
  );
  await upload(/^Add a file/, { name: fileName, mimeType: "application/pdf", buffer: file }, "The file was added.");
  await seller.getByRole("button", { name: "Publish" }).click();
  await expect(seller.getByText("Published: it is on sale now.")).toBeVisible();
  return Number(/\/seller\/products\/(\d+)/.exec(seller.url())![1]);
}

// The test ------------------------------------------------------------------------------------

/**
 * Playwright's `test`, where every test's own browser has a client address of its own, with the
 * people of the shop as fixtures:
 * - `guest`: another visitor, in a browser of their own (closed after the test);
 * - `buyer`: a new account, confirmed and signed in on the test's `page`, with its details;
 * - `seller`: the test's `page`, signed in as a real seller of the sample shop Design Studio Pro
 *   (SAMPLE_SHOP_SELLER: the shared demo seller may change nothing);
 * - `admin`: a new admin, signed in in a browser of their own (closed after the test).
 * Browsers of their own have the default viewport, not the project's.
 */
export const test = base.extend<{
  guest: Page;
  buyer: Account & { page: Page };
  seller: Page;
  admin: Page;
}>({
  context: async ({ context }, use) => {
    await useNewClientAddress(context);
    await use(context);
  },
  guest: async ({ browser }, use, testInfo) => {
    const context = await anotherClient(browser, testInfo);
    await use(await context.newPage());
    await context.close();
  },
  buyer: async ({ page }, use) => {
    const account = await signUpConfirmed(page, { name: "Bea Buyer" });
    await use({ page, ...account });
  },
  seller: async ({ page }, use) => {
    await signInAsSampleShopSeller(page);
    await use(page);
  },
  admin: async ({ browser }, use, testInfo) => {
    const { context, page } = await newAdmin(browser, testInfo);
    await use(page);
    await context.close();
  },
});
