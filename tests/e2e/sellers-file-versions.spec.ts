import fs from "node:fs";
import {
  addToCart,
  anotherClient,
  checkOutSignedIn,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  markedPdf,
  publishProduct,
  readOutbox,
  SHOP_ORIGIN,
  screenshotsIn,
  signInAsSampleShopSeller,
  test,
  waitForHydration,
} from "./fixtures";

// File versions: the demo seller uploads a new version of a file of a product a buyer
// bought; the buyer sees "Updated" in My Downloads, downloads the new bytes, and is emailed once,
// with an unsubscribe link to /email-preferences (and List-Unsubscribe headers for a mail
// client's one-click post). Named "sellers-" so that the platform projects run it, after the
// catalogue's specs (playwright.config.ts).

const SHOTS = "/tmp/shots-file-versions";
const screenshot = screenshotsIn(SHOTS);

test("a seller uploads a new version of a sold file: the buyer sees Updated, downloads the new file and is emailed once, with a working unsubscribe link", async ({
  buyer,
  browser,
}, testInfo) => {
  test.slow();
  const run = `${Date.now().toString(36)}-${testInfo.project.name}`;
  const title = `Habit Tracker ${run}`;
  // The seller in a browser of their own, at the project's width (the screenshots are of both).
  const sellerContext = await anotherClient(browser, testInfo);
  const seller = await sellerContext.newPage();
  await seller.setViewportSize(testInfo.project.use.viewport!);
  await signInAsSampleShopSeller(seller);
  const productId = await publishProduct(seller, {
    title,
    description: "A printable habit tracker that a seller keeps improving.",
    price: "4.00",
    file: markedPdf(`first ${run}`),
    fileName: "Habit Tracker.pdf",
  });

  // The buyer buys it and downloads version 1: nothing is updated yet.
  const { page } = buyer;
  await addToCart(page, productId);
  const { tab } = await checkOutSignedIn(page);
  await tab.close();
  await page.goto("/account/downloads");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
  await expect(card.getByText("habit-tracker.pdf")).toBeVisible();
  await expect(card.getByText("Updated", { exact: true })).toHaveCount(0);

  // The seller uploads version 2 from the editor; the editor says which version it is and when.
  await seller.goto(`/seller/products/${productId}`);
  await waitForHydration(seller);
  const files = seller.getByRole("list", { name: "Files" });
  await expect(files).toContainText(/Version 1 · uploaded [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await files.getByText("Upload new version").click();
  // Refused, changing nothing: a file of a type the shop does not accept.
  const field = seller.getByLabel("New version (the same types, up to 100 MB)");
  await field.setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text") });
  await seller.getByRole("button", { name: "Upload version 2 of habit-tracker.pdf" }).click();
  await expect(seller.getByText("This type of file is not accepted.")).toBeVisible();
  await expect(files).toContainText("Version 1 · uploaded");
  await expectNoAxeViolations(seller);
  await expectNoSidewaysScroll(seller);
  await screenshot(seller, testInfo, "editor-open");

  await field.setInputFiles({
    name: "Habit Tracker v2.pdf",
    mimeType: "application/pdf",
    buffer: markedPdf(`second ${run}`),
  });
  await seller.getByRole("button", { name: "Upload version 2 of habit-tracker.pdf" }).click();
  await expect(seller.getByText(/^Version 2 of habit-tracker-v2\.pdf was uploaded/).first()).toBeVisible();
  await expect(files).toContainText(/Version 2 · uploaded [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  // The panel closed with the new version: the next one would be version 3.
  await expect(seller.getByRole("button", { name: /^Upload version 3 of/ })).toBeHidden();
  await screenshot(seller, testInfo, "editor-version-2");

  // The buyer sees Updated in My Downloads, and downloads the new version.
  await page.reload();
  await waitForHydration(page);
  await expect(card.getByText("Updated", { exact: true })).toBeVisible();
  await expect(card).toContainText(/habit-tracker-v2\.pdf/);
  await expect(card).toContainText(/Version 2 · updated [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "downloads-updated");
  // The page fits a phone's screen, the file's row and the license key too (the key, never broken,
  // scrolls sideways inside its own box when the card is narrower).
  const row = (await card.getByRole("list", { name: `Files of ${title}` }).boundingBox())!;
  expect(row.x + row.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoSidewaysScroll(page);
  const key = (await card.locator("code", { hasText: /^DGM-/ }).locator("xpath=..").boundingBox())!;
  expect(key.x + key.width).toBeLessThanOrEqual(page.viewportSize()!.width - 16);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("link", { name: "Download habit-tracker-v2.pdf" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("habit-tracker-v2.pdf");
  expect(fs.readFileSync((await download.path())!, "utf8")).toContain(`second ${run}`);
  // Downloaded, it is no longer news.
  await page.reload();
  await expect(card.getByText("habit-tracker-v2.pdf")).toBeVisible();
  await expect(card.getByText("Updated", { exact: true })).toHaveCount(0);

  // One email, with the way to the downloads and to stop these emails.
  let email = "";
  await expect
    .poll(() => (email = readOutbox(buyer.email) ?? ""), { timeout: 20_000 })
    .toContain(`Subject: Updated: ${title}`);
  expect(email).toContain(`${SHOP_ORIGIN}/account/downloads`);
  expect(email).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  expect(email.replace(/\n[ \t]+/g, " ")).toMatch(
    /List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/email-preferences\?token=/,
  );
  const unsubscribe = new RegExp(`${SHOP_ORIGIN.replace(/\./g, "\\.")}/email-preferences\\?token=[A-Za-z0-9_.-]+`).exec(
    email,
  )![0];

  // The link's page turns them off (and on again); the settings' checkbox says the same.
  await page.goto(unsubscribe);
  await waitForHydration(page);
  await expect(page.getByText(buyer.email.toLowerCase())).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "email-preferences");
  await page.getByRole("button", { name: "Turn off product update emails" }).click();
  await expect(page.getByText(`${buyer.email.toLowerCase()} no longer gets product update emails.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn product update emails back on" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "email-preferences-off");
  await page.goto("/account/settings");
  const box = page.getByLabel("Email me when a product I bought gets a new version");
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole("button", { name: "Save email preferences" }).click();
  await expect(page.getByText("Your email preferences were saved.")).toBeVisible();
  await expect(box).toBeChecked();
  await expectNoAxeViolations(page);
  await page
    .getByRole("heading", { name: "Email notifications" })
    .locator("..")
    .screenshot({ path: `${SHOTS}/settings-${testInfo.project.name}.png` });

  // A mail client's one-click unsubscribe: a POST from its own servers, with no Origin.
  const oneClick = await fetch(unsubscribe, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": `203.0.113.${testInfo.workerIndex}`,
    },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  await page.reload();
  await expect(box).not.toBeChecked();
  // An altered link is refused with a clear message.
  await page.goto(`${unsubscribe.slice(0, -4)}AAAA`);
  await expect(page.getByRole("alert")).toContainText("This link is not valid.");

  // The product goes (only marked deleted: it was sold), so that the demo shop stays as it was.
  await seller.goto(`/seller/products/${productId}`);
  await waitForHydration(seller);
  seller.once("dialog", (dialog) => dialog.accept());
  await seller.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(seller).toHaveURL(/\/seller\?deleted=1$/);
  await sellerContext.close();
});
