import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { dataDirOwner } from "../../server/db/data-dir-lock.ts";

/** Zero axe violations (WCAG 2.1 A and AA, and axe's best practices) on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  // A toast fading in is half transparent: colours are measured once every toast has begun its
  // entrance (sonner marks it mounted a frame after it is in the page) and nothing moves.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("[data-sonner-toast]")].every(
        (toast) => toast.getAttribute("data-mounted") === "true",
      ) && document.getAnimations().every((animation) => animation.playState !== "running"),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/** Waits until React has hydrated the page, so clicks reach its handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
  );
  await page.waitForLoadState("networkidle");
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

/** The e2e shop's address (playwright.config.ts): the Origin a browser sends with the shop's own posts. */
export const SHOP_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173)}`;

/**
 * Registers an account and confirms it from the outbox, as a new user does: a sign-up signs no
 * one in (docs/decisions/016-sign-up-without-account-disclosure.md); the emailed link confirms the
 * address and signs in this page's browser. Answers the confirmation link.
 */
export async function signUpConfirmed(page: Page, account: { name: string; email: string; password: string }) {
  const { name, email, password } = account;
  const response = await page.request.post("/account/sign-up", {
    form: { name, email, password, confirmPassword: password },
    headers: { origin: SHOP_ORIGIN },
  });
  expect(response.ok()).toBe(true);
  const link = await emailedLink(email, "verify-email");
  const landing = await page.request.get(link);
  expect(landing.url()).toMatch(/\/account\/email-confirmed$/);
  return link;
}
