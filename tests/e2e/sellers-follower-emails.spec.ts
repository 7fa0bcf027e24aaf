import fs from "node:fs";
import path from "node:path";
import {
  anotherClient,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  markedPdf,
  publishProduct,
  SHOP_ORIGIN,
  screenshotsIn,
  signInAsSampleShopSeller,
  test,
  waitForHydration,
} from "./fixtures";

// Follower emails and the email preferences page: a buyer follows Design Studio Pro and
// chooses, right under the Follow button, to be emailed when it publishes; the demo seller publishes
// a product; the follower's email arrives with its unsubscribe link, whose page shows every topic of
// the address, saves them, and is axe-clean at desktop and phone width; a mail provider's one-click
// post (no Origin, no cookie) turns the topic off. Named "sellers-" so that it runs in the platform
// projects, after the catalogue's specs (publishing a product changes the listings they count), and
// at desktop width only: the page is checked at the phone's width in the same run.

const SHOTS = "/tmp/shots-email-preferences";
const screenshot = screenshotsIn(SHOTS);

/**
 * The email to `to` whose raw text holds `subject`, soft line breaks undone (as readOutbox, which
 * answers only the latest email: a broadcast to the creator's followers may come after this one).
 */
function emailTo(to: string, subject: string): string {
  const root = path.resolve("test-data");
  for (const dir of fs.readdirSync(root).filter((name) => name.startsWith("e2e-"))) {
    const outbox = path.join(root, dir, "outbox");
    if (!fs.existsSync(outbox)) continue;
    for (const file of fs.readdirSync(outbox)) {
      const raw = fs.readFileSync(path.join(outbox, file), "utf8").replace(/=\n/g, "").replace(/=3D/g, "=");
      if (raw.includes(`To: ${to}`) && raw.includes(subject)) return raw;
    }
  }
  return "";
}

test("a follower chooses emails when following, gets one when the creator publishes, and changes every topic from its link @desktop-only", async ({
  buyer,
  browser,
}, testInfo) => {
  test.slow();
  const { page, email } = buyer;
  const address = email.toLowerCase();

  // Following offers the emails at once, on; turned off and on again, the choice is saved.
  await page.goto("/creator/design-studio-pro");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Follow Creator" }).click();
  await expect(page.getByRole("button", { name: "Following" })).toBeVisible();
  const toggle = page.getByRole("button", { name: "Email me when Design Studio Pro publishes" });
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(page.getByText("No more emails when this creator publishes a product.")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(page.getByText("We will email you when this creator publishes a product.")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "creator-followed", { fullPage: false });
  await page.goto("/account/following");
  await expect(page.getByRole("button", { name: "Email me when Design Studio Pro publishes" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await screenshot(page, testInfo, "following", { fullPage: false });

  // The demo seller publishes; the follower is emailed, with the one-click headers.
  const title = `Follower Planner ${Date.now().toString(36)}`;
  const sellerContext = await anotherClient(browser, testInfo);
  const seller = await sellerContext.newPage();
  await signInAsSampleShopSeller(seller);
  await publishProduct(seller, {
    title,
    description: "A calm weekly planner for followers to hear about.",
    price: "7.00",
    file: markedPdf("planner"),
    fileName: "planner.pdf",
  });
  await sellerContext.close();
  let message = "";
  const subject = `Subject: New from Design Studio Pro: ${title}`;
  await expect.poll(() => (message = emailTo(email, subject)), { timeout: 20_000 }).toContain(subject);
  expect(message).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  expect(message).toContain("Price: $7.00");
  const link = new RegExp(`${SHOP_ORIGIN.replace(/\./g, "\\.")}/email-preferences\\?token=[A-Za-z0-9_.-]+`).exec(
    message,
  )![0];

  // The link's page: every topic of the address, saved with one button.
  await page.goto(link);
  await waitForHydration(page);
  await expect(page.getByText(address)).toBeVisible();
  await expect(page.getByRole("heading", { name: "New product emails" })).toBeVisible();
  const sellers = page.getByLabel("Email me messages from sellers I follow or bought from");
  const cart = page.getByLabel("Remind me once of products I left in my cart");
  await expect(sellers).toBeChecked();
  await sellers.uncheck();
  await cart.uncheck();
  await page.getByRole("button", { name: "Save email preferences" }).click();
  await expect(page.getByText(`The email preferences of ${address} were saved.`)).toBeVisible();
  await page.reload();
  await expect(sellers).not.toBeChecked();
  await expect(cart).not.toBeChecked();
  await expect(page.getByLabel("Email me when a product I bought gets a new version")).toBeChecked();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "preferences-desktop");
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "preferences-phone");
  await page.goto("/account/following");
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "following-phone", { fullPage: false });
  await page.goto(link);

  // A mail provider's one-click unsubscribe: from its own server, no Origin, no cookie.
  const oneClick = await fetch(link, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  await page.reload();
  await expect(page.getByText("Off: you no longer get new product emails.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn new product emails back on" })).toBeVisible();
  await expect(
    page.getByLabel("Email me when a creator I follow publishes a product (for the creators I chose to hear from)"),
  ).not.toBeChecked();
});
