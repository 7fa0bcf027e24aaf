import { execFileSync } from "node:child_process";
import { type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import { e2eDataDir, SHOP_ORIGIN, signUpConfirmed } from "./fixtures";

// What the sellers' and the admins' journeys share: people in browsers of their own, accounts,
// the command-line scripts run against this run's shop, and a guest's purchase.

// Every browser context is its own client address (per-address limits on sign-ups and posts),
// random so that a retry in a new worker does not reuse the first attempt's.
export const clientAddress = () => `198.20.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** Another person in their own browser, with their own address. */
export function anotherClient(browser: Browser, testInfo: TestInfo) {
  return browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { origin: SHOP_ORIGIN, "x-forwarded-for": clientAddress() },
  });
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Registers and confirms an account in this page's browser (which is then signed in); answers its address. */
export async function signUp(page: Page, name: string, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  await signUpConfirmed(page, { name, email, password: `${tag}-password-1` });
  return email;
}

/** Runs one of the shop's scripts (scripts/NAME.ts) against this run's e2e server; answers its output. */
export function runScript(name: string, args: string[] = []): string {
  return execFileSync(process.execPath, [`scripts/${name}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: e2eDataDir(), DATABASE_URL: "" },
    encoding: "utf8",
  });
}

/** A new admin, signed in, in a browser of their own: registered, then given the role by the script. */
export async function newAdmin(browser: Browser, testInfo: TestInfo) {
  const context = await anotherClient(browser, testInfo);
  const page = await context.newPage();
  const email = await signUp(page, "Ada Admin", "admin");
  expect(runScript("make-admin", [email])).toContain(`Ada Admin (${email}) is now an admin.`);
  return { context, page };
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
  await buyer.getByLabel("Name on card").fill("Gus");
  await buyer.getByLabel("Card number").fill("4242 4242 4242 4242");
  await buyer.getByLabel("Expiry (MM/YY)").fill("12/39");
  await buyer.getByLabel("CVC").fill("123");
  await buyer.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(buyer.getByText("Paid", { exact: true })).toBeVisible({ timeout: 20_000 });
  return started.orderNumber as string;
}
