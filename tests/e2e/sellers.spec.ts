import fs from "node:fs";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import {
  anotherClient,
  approvedSeller,
  buyAsGuest,
  coverPng,
  E2E_PAYOUT_HOLD_DAYS,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  markedPdf,
  moveShopClock,
  publishProduct,
  readOutbox,
  runScript,
  screenshotsIn,
  signUpConfirmed,
  test,
  turnOnTwoFactor,
  waitForHydration,
} from "./fixtures";

// Becoming a seller: apply on /become-seller, an admin (made by the command-line script)
// approves in the admin console, and the applicant's shop opens.

test(
  "a user applies to sell, is approved by an admin, publishes a product with an image and a file, a buyer downloads it, and the seller sees 70% of the sale",
  { tag: "@desktop-only" },
  async ({ page, browser, guest: buyer, admin }, testInfo) => {
    test.slow();
    const shopName = `Studio ${Date.now().toString(36)} ${testInfo.project.name}`;
    const { email, password } = await signUpConfirmed(page, { name: "Mia Maker" });

    await page.goto("/become-seller#apply");
    await waitForHydration(page);
    const section = page.locator("#apply");
    await section.getByLabel("Shop or creator name").fill(shopName);
    await section.getByLabel("Specialty").fill("Digital planners");
    await section
      .getByLabel("About you")
      .fill("I make calm, minimalist planners that help busy people plan their week.");
    await section.getByLabel("A sample of your work (link)").fill("https://portfolio.example/mia");
    await section.getByRole("button", { name: "Send application" }).click();
    // The guidelines must be accepted first: the browser stops the form.
    await expect(section.getByText("Thank you! Your application was sent.")).toHaveCount(0);
    await section.getByLabel(/I have read and accept the/).check();
    await section.getByRole("button", { name: "Send application" }).click();
    await expect(section.getByRole("status")).toContainText("is being reviewed. Review takes 2-3 business days");
    await expectNoAxeViolations(page);
    await expect.poll(() => readOutbox(email) ?? "").toContain("We received your application");

    // A visitor who is not an admin is sent away from the console.
    await page.goto("/admin/applications");
    await expect(page).toHaveURL(/\/$/);

    await admin.goto("/admin/applications");
    const card = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: shopName }) });
    await expect(card).toContainText("Mia Maker");
    await expectNoAxeViolations(admin);
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(admin.getByText("Approved: the applicant is now a seller.")).toBeVisible();

    await page.goto("/become-seller#apply");
    await expect(page.locator("#apply")).toContainText("You are a seller: your shop is open.");
    await page.getByRole("link", { name: "Go to your Seller Dashboard" }).click();
    await expect(page.getByRole("heading", { name: "Seller Dashboard" })).toBeVisible();
    await expect(page.getByText(`Your shop: ${shopName}`)).toBeVisible();
    await expect.poll(() => readOutbox(email) ?? "").toContain("is approved");

    // Where the money goes needs a second factor (decision 055): two-factor sign-in first.
    await turnOnTwoFactor(page, password);
    await page.reload();

    // Earnings: nothing sold yet, and no payout account. It is connected on the payment provider's
    // own page (the shop's stand-in for Stripe's), which takes only its test bank accounts.
    await page.getByRole("link", { name: "Earnings and payouts" }).click();
    await expect(page.getByText("Balance available")).toBeVisible();
    await expect(page.getByText("No sales yet.")).toBeVisible();
    const account = page.getByRole("region", { name: "Payout account" });
    await expect(account).toContainText("No payout account yet: payouts wait until you connect one.");
    await expect(page.getByRole("heading", { name: "Payout settings" })).toHaveCount(0);
    await account.getByLabel("Country of your bank account").selectOption({ label: "United States" });
    await account.getByRole("button", { name: "Connect payout account" }).click();
    await expect(page).toHaveURL(/\/pay\/onboarding\//);
    await expect(page).toHaveTitle("Set up payouts · Test Market Payments");
    await expectNoAxeViolations(page);
    await page.getByLabel("Legal name").fill("Mia Maker");
    await page.getByLabel("Routing number").fill("110000000");
    await page.getByLabel("Account number").fill("000999999999");
    await page.getByRole("button", { name: "Save and return to Test Market" }).click();
    await expect(
      page.getByText("This is a test onboarding page: use one of the test bank accounts shown."),
    ).toBeVisible();
    await page.getByLabel("Account number").fill("000123456789");
    await page.getByRole("button", { name: "Save and return to Test Market" }).click();
    await expect(page).toHaveURL(/\/seller\/earnings#payout-account$/);
    await expect(account).toContainText("Ready: this account can receive your payouts.");
    await expect.poll(() => readOutbox(email) ?? "").toContain("A payout account was added to your shop");
    await expectNoAxeViolations(page);

    // The creator page the approval made, edited by its seller.
    await page.getByRole("link", { name: "Creator profile" }).click();
    await page.getByLabel("Location").fill("Lisbon, Portugal");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Your creator page was saved.")).toBeVisible();
    await page.getByRole("link", { name: "View your creator page" }).click();
    await expect(page.getByText("Lisbon, Portugal")).toBeVisible();

    // Publishing: a draft with every field, an image and a file (checked by their bytes), then on sale.
    await page.goto("/seller");
    await page.getByRole("link", { name: "Add a product" }).click();
    const title = `Focus Planner ${shopName}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Description").fill("A focused daily planner with time blocks and a weekly review.");
    await page.getByLabel("Category").selectOption({ label: "Planners" });
    await page.getByLabel("Price (USD)").fill("30.00");
    await page.getByLabel("Tags (comma separated)").fill("planner, focus");
    await page.getByLabel("Features (one per line)").fill("Time blocks\nWeekly review");
    await page.getByLabel("What you get (one per line)").fill("1 PDF planner");
    await page.getByLabel("Pages").fill("90");
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page.getByText("Draft created: add images and files, then publish it.")).toBeVisible();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Add at least one image and one file before publishing.")).toBeVisible();
    await page
      .getByLabel(/^Add an image/)
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await coverPng() });
    await page
      .locator("form")
      .filter({ has: page.getByLabel(/^Add an image/) })
      .getByRole("button", { name: "Upload" })
      .click();
    // Said where the seller is, and the field no longer names the file sent.
    await expect(page.getByText("The image was added.")).toBeInViewport();
    await expect(page.getByLabel(/^Add an image/)).toHaveValue("");
    await page
      .getByLabel(/^Add a file/)
      .setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text") });
    await page
      .locator("form")
      .filter({ has: page.getByLabel(/^Add a file/) })
      .getByRole("button", { name: "Upload" })
      .click();
    await expect(page.getByText("This type of file is not accepted.")).toBeVisible();
    await page
      .getByLabel(/^Add a file/)
      .setInputFiles({ name: "Focus Planner.pdf", mimeType: "application/pdf", buffer: PDF });
    await page
      .locator("form")
      .filter({ has: page.getByLabel(/^Add a file/) })
      .getByRole("button", { name: "Upload" })
      .click();
    await expect(page.getByText("The file was added.")).toBeInViewport();
    await expect(page.getByLabel(/^Add a file/)).toHaveValue("");
    await expect(page.getByText("focus-planner.pdf")).toBeVisible();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Published: it is on sale now.")).toBeInViewport();
    await expectNoAxeViolations(page);
    await page.goto(`/search?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole("link", { name: title }).first()).toBeVisible();

    // A buyer purchases it and downloads the seller's file; the seller sees the sale and 70% of it.
    const productId = Number(
      /\/product\/(\d+)/.exec((await page.getByRole("link", { name: title }).first().getAttribute("href")) ?? "")![1],
    );
    const number = await buyAsGuest(buyer, productId);
    const [download] = await Promise.all([
      buyer.waitForEvent("download"),
      buyer
        .getByRole("link", { name: /^Download / })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe("focus-planner.pdf");
    await page.goto("/seller/sales");
    await expect(page.getByRole("row").filter({ hasText: number })).toContainText(title);
    await expectNoAxeViolations(page);
    await page.goto("/seller/earnings");
    const row = page.getByRole("row").filter({ hasText: `order ${number}` });
    await expect(row).toContainText("$30.00");
    await expect(row).toContainText("$9.00");
    await expect(row).toContainText("$21.00");

    // A sale waits out the shop's 7-day hold (PAYOUT_HOLD_DAYS, playwright.config.ts) before it can be paid.
    const payouts = page.getByRole("region", { name: "Payouts" });
    const outlook = page.getByText("Balance available").locator("..");
    await expect(outlook).toContainText(/Waiting: recent sales, available from \w+ \d+, \d{4}\s*\$21\.00/);
    runPayouts();
    await page.reload();
    await expect(payouts).toContainText("No payouts yet.");
    const secondBuyer = await anotherClient(browser, testInfo);
    const secondBuyerPage = await secondBuyer.newPage();
    // One view for the seller's analytics, which the page sends once it runs.
    const viewed = secondBuyerPage.waitForResponse(
      (response) => response.url().endsWith(`/api/v1/products/${productId}/viewer`) && response.status() === 204,
    );
    await secondBuyerPage.goto(`/product/${productId}`);
    await viewed;
    // The uploaded cover, the page's largest picture, is preloaded from the head in AVIF and shown in
    // the width its place needs (decision 023); the page's Content-Security-Policy lets it load.
    const preloaded = secondBuyerPage.locator('head link[rel="preload"][as="image"][type="image/avif"]');
    await expect(preloaded).toHaveAttribute("imagesrcset", /\/media\/products\/\d+-[0-9a-f]{12}-320w\.avif 320w/);
    const cover = secondBuyerPage.locator("picture img").first();
    await expect(cover).toHaveAttribute("width", "800");
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    expect(await cover.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
      /\/media\/products\/\d+-[0-9a-f]{12}-640w\.avif$/,
    );
    await buyAsGuest(secondBuyerPage, productId);
    await secondBuyer.close();

    // The first payout also waits for the seller's tax details (decision 054), given once.
    await page.reload();
    await expect(page.getByText("Add your tax details: we need them before we can pay you.")).toBeVisible();
    await page.getByRole("link", { name: "Add your tax details" }).click();
    await page.getByLabel("Full legal name").fill("Mia Maker");
    await page.getByLabel("Country").selectOption({ label: "Portugal" });
    await page.getByLabel("Address line 1").fill("Rua Augusta 10");
    await page.getByLabel("City or town").fill("Lisboa");
    await page.getByLabel("Postal code").fill("1100-053");
    await page.getByLabel("Tax number").fill("123456789");
    await page.getByLabel("Date of birth").fill("1990-04-25");
    await page.getByRole("button", { name: "Save tax details" }).click();
    await expect(page.getByText("Your tax details were saved.")).toBeVisible();

    // The test clock: ten days on, the sales are past the hold ($42.00 available).
    expect(moveShopClock(shopName, 10)).toContain(`${shopName}: 2 ledger entries moved 10 days back`);
    await page.goto("/seller/earnings");
    await expect(outlook).toContainText(/Next payout: \$42\.00 on Friday/);

    // An admin holds the shop's payouts with a reason the seller reads; the Friday run pays nothing.
    await admin.goto(`/admin/sellers?q=${encodeURIComponent(shopName)}`);
    const reason = "We are checking a report about this shop's listings; expect news within 3 days.";
    const holdReason = admin.getByLabel(`Hold ${shopName}'s payouts: the reason the seller reads`);
    await holdReason.fill(reason);
    await admin.locator("form").filter({ has: holdReason }).getByRole("button", { name: "Hold payouts" }).click();
    await expect(admin.getByText("Payouts held: the seller reads why on Earnings.")).toBeVisible();
    await page.reload();
    await expect(outlook).toContainText("Your payouts are on hold.");
    await expect(outlook).toContainText(`Reason: ${reason}`);
    runPayouts();
    await page.reload();
    await expect(payouts).toContainText("No payouts yet.");

    // Released on the admin Payouts page with a note: the next run pays $42.00 by transfer, once.
    await admin.goto("/admin/payouts");
    const held = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: shopName }) });
    await held.getByLabel("Release: the note the seller reads").fill("Checked: the listings are fine. Thank you.");
    await held.getByRole("button", { name: "Release payouts" }).click();
    await expect(admin.getByText("Released: the seller is paid on the next Friday.")).toBeVisible();
    await expectNoAxeViolations(admin);
    runPayouts();
    runPayouts();
    await page.reload();
    await expect(payouts.getByRole("listitem")).toHaveCount(1);
    await expect(payouts).toContainText("$42.00, sent, available");
    await expect(outlook).toContainText("$0.00");
    await expect(page.getByRole("row").filter({ hasText: "Payout" })).toContainText("-$42.00");
    await expectNoAxeViolations(page);

    // The month's statement, as a PDF: the two sales, the platform's fee and the payout.
    await page.goto("/seller/statements");
    const [statement] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("link", { name: /^PDF statement, / })
        .first()
        .click(),
    ]);
    const text = await pdfText(await fs.promises.readFile((await statement.path())!));
    expect(text).toContain(shopName);
    expect(text).toContain("Mia Maker");
    for (const figure of ["$60.00", "$18.00", "$42.00"]) expect(text).toContain(figure);

    // Analytics: the visit, the two units sold and their $42.00, by day and by product.
    await page.getByRole("link", { name: "Analytics" }).click();
    const stat = (label: string) => page.getByText(label, { exact: true }).first().locator("..");
    await expect(stat("Views")).toContainText("1");
    await expect(stat("Units sold")).toContainText("2");
    await expect(stat("Earnings")).toContainText("$42.00");
    await expect(page.getByRole("row").filter({ hasText: title })).toContainText("$42.00");
    await expectNoAxeViolations(page);
  },
);

test("a new seller's money screens on a phone: the onboarding page, Earnings with a hold's reason and a transfer, the statements; the admin's Payouts @phone", async ({
  page,
  guest,
  admin,
}, testInfo) => {
  test.skip(testInfo.project.name !== "platform-phone", "the journey above runs them on a desktop");
  test.slow();
  const look = async (target: Page, name: string) => {
    await waitForHydration(target);
    await expectNoSidewaysScroll(target);
    await expectNoAxeViolations(target);
    await phoneShots(target, testInfo, name);
  };
  const shopName = await approvedSeller(page, admin, { name: "Pia Phone" });
  await turnOnTwoFactor(page, "pia-password-1");

  await page.goto("/seller/earnings");
  const account = page.getByRole("region", { name: "Payout account" });
  await account.getByLabel("Country of your bank account").selectOption({ label: "United States" });
  await account.getByRole("button", { name: "Connect payout account" }).click();
  await expect(page).toHaveURL(/\/pay\/onboarding\//);
  await look(page, "onboarding");
  await page.getByLabel("Legal name").fill("Pia Phone");
  await page.getByLabel("Routing number").fill("110000000");
  await page.getByLabel("Account number").fill("000123456789");
  await page.getByRole("button", { name: "Save and return to Test Market" }).click();
  await expect(account).toContainText("Ready: this account can receive your payouts.");

  const productId = await publishProduct(page, {
    title: `Pocket Planner ${shopName}`,
    description: "A planner sized for a pocket notebook.",
    price: "40.00",
    file: markedPdf(shopName),
    fileName: "pocket-planner.pdf",
  });
  await buyAsGuest(guest, productId);
  await page.goto("/seller/earnings/tax-details");
  await page.getByLabel("Full legal name").fill("Pia Phone");
  await page.getByLabel("Country").selectOption({ label: "United States" });
  await look(page, "tax-details");
  await page.getByLabel("Address line 1").fill("1 Market Street");
  await page.getByLabel("City or town").fill("San Francisco");
  await page.getByLabel("State", { exact: true }).fill("CA");
  await page.getByLabel("ZIP code").fill("94105");
  await page.getByLabel("Tax number").fill("123-45-6789");
  await page.getByRole("button", { name: "Save tax details" }).click();
  await expect(page.getByText("Your tax details were saved.")).toBeVisible();
  moveShopClock(shopName, 10);

  // The admin, on a phone too, holds the payouts with a reason; the seller reads it.
  await admin.setViewportSize(page.viewportSize()!);
  await admin.goto(`/admin/sellers?q=${encodeURIComponent(shopName)}`);
  const holdReason = admin.getByLabel(`Hold ${shopName}'s payouts: the reason the seller reads`);
  await holdReason.fill("We are checking a report about this shop; expect news within 3 days.");
  await admin.locator("form").filter({ has: holdReason }).getByRole("button", { name: "Hold payouts" }).click();
  await expect(admin.getByText("Payouts held: the seller reads why on Earnings.")).toBeVisible();
  await look(admin, "admin-sellers");
  await page.goto("/seller/earnings");
  await expect(page.getByText("Your payouts are on hold.")).toBeVisible();
  await look(page, "earnings-held");

  await admin.goto("/admin/payouts");
  await look(admin, "admin-payouts");
  const held = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: shopName }) });
  await held.getByLabel("Release: the note the seller reads").fill("Checked: all is well.");
  await held.getByRole("button", { name: "Release payouts" }).click();
  await expect(admin.getByText("Released: the seller is paid on the next Friday.")).toBeVisible();
  runPayouts();
  await page.reload();
  await expect(page.getByRole("region", { name: "Payouts" })).toContainText("$28.00, sent, available");
  await look(page, "earnings-paid");
  await page.goto("/seller/statements");
  await expect(page.getByRole("link", { name: /^PDF statement, / }).first()).toBeVisible();
  await look(page, "statements");
});

const phoneShots = screenshotsIn("test-results/seller-money-phone");

/**
 * The payout job's run for the latest Friday, through `npm run payouts` against the running shop,
 * with the e2e server's rail and hold (transfers to connected accounts at the hosted stand-in).
 */
function runPayouts() {
  expect(runScript("run-payouts", [], { PAYOUT_RAIL: "transfer", PAYOUT_HOLD_DAYS: E2E_PAYOUT_HOLD_DAYS })).toMatch(
    /Payout run for Friday \d{4}-\d{2}-\d{2}: \d+ sellers? paid/,
  );
}

/** The text of a PDF's pages, one after another. */
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

test("the seller sees each sale at its list price and what was paid, with the 70/30 split of what was paid, in Earnings", async ({
  seller,
  guest,
}) => {
  test.slow();
  // A guest buys one of the demo seller's products (Design Studio Pro's first product is /product/1).
  const orderNumber = await buyAsGuest(guest, 1);

  await seller.goto("/seller/earnings");
  const row = seller.getByRole("row").filter({ hasText: `order ${orderNumber}` });
  await expect(row).toBeVisible();
  const cells = (await row.getByRole("cell").allTextContents()).map((text) => text.trim());
  const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, "")) * 100);
  const [listPrice, paid, fee, mine] = [cents(cells[2]!), cents(cells[3]!), cents(cells[4]!), cents(cells[5]!)];
  // No code at this checkout: paid at the list price; the split is of what was paid.
  expect(paid).toBe(listPrice);
  expect(mine).toBe(Math.round(paid * 0.7));
  expect(fee + mine).toBe(paid);
  await expectNoAxeViolations(seller);
});

test("the Seller Dashboard fits a phone: its tabs in one row, sales that swipe sideways with a cue, file sizes on one line @phone", async ({
  seller,
  guest,
}, testInfo) => {
  test.slow();
  await buyAsGuest(guest, 1);
  const width = seller.viewportSize()!.width;
  for (const [path, current] of [
    ["/seller", "Products"],
    ["/seller/sales", "Sales"],
    ["/seller/earnings", "Earnings and payouts"],
    ["/seller/standing", "Account standing"],
    ["/seller/products/1", "Products"],
  ] as const) {
    await seller.goto(path);
    await waitForHydration(seller);
    const overflow = await seller.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
    // On a phone one row of tabs (scrolling sideways), the current one in sight; from a laptop's
    // width (1024 px) they wrap onto more rows, every one in sight (thirteen are wider than 1280 px).
    const nav = seller.getByRole("navigation", { name: "Seller Dashboard" });
    const row = (await nav.boundingBox())!;
    const tabs = await nav.getByRole("link").all();
    for (const tab of tabs) {
      const box = (await tab.boundingBox())!;
      if (width < 1024) expect(Math.abs(box.y - row.y), path).toBeLessThan(1);
      else expect(box.x + box.width, path).toBeLessThanOrEqual(width);
    }
    const active = (await nav.getByRole("link", { name: current, exact: true }).boundingBox())!;
    expect(active.x, path).toBeGreaterThanOrEqual(row.x - 0.5);
    expect(active.x + active.width, path).toBeLessThanOrEqual(Math.min(row.x + row.width, width) + 0.5);
  }

  // The sales table scrolls sideways inside its box, with a shadow on the side with more columns.
  await seller.goto("/seller/sales");
  const sales = seller.getByRole("region", { name: "Sales" });
  await expect(sales.getByRole("row").nth(1)).toBeVisible();
  const { scrolls, cue } = await sales.evaluate((box) => ({
    scrolls: box.scrollWidth > box.clientWidth,
    cue: getComputedStyle(box).backgroundImage.includes("gradient"),
  }));
  expect(scrolls).toBe(testInfo.project.name === "platform-phone");
  expect(cue).toBe(true);

  // A file's size stays on one line however its name wraps.
  await seller.goto("/seller/products/1");
  const size = seller
    .getByRole("list", { name: "Files" })
    .getByText(/^\(\d[\d.]* [KMG]?B\)$/)
    .first();
  await expect(size).toBeVisible();
  const lines = await size.evaluate(
    (span) => new Set([...span.getClientRects()].map((box) => Math.round(box.top))).size,
  );
  expect(lines).toBe(1);
});

test("a tab row swiped before the page comes alive stays where it was swiped to @phone", async ({
  seller,
}, testInfo) => {
  test.skip(testInfo.project.name !== "platform-phone", "only a phone's row of tabs scrolls");
  // The page's scripts are held back until the row has been swiped to its end, as on a slow phone.
  let release!: () => void;
  const scriptsMayLoad = new Promise<void>((resolve) => {
    release = resolve;
  });
  await seller.route(/\.js(\?|$)/, async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  await seller.goto("/seller", { waitUntil: "commit" });
  const nav = seller.getByRole("navigation", { name: "Seller Dashboard" });
  // Styled (the stylesheet is not held back), so the row scrolls.
  await expect.poll(() => nav.evaluate((row) => getComputedStyle(row).overflowX)).toBe("auto");
  const swiped = await nav.evaluate((row) => {
    row.scrollLeft = row.scrollWidth;
    return row.scrollLeft;
  });
  expect(swiped).toBeGreaterThan(0);
  release();
  await waitForHydration(seller);
  expect(await nav.evaluate((row) => row.scrollLeft)).toBe(swiped);
  // And the tab under the finger is the one it opens.
  await nav.getByRole("link", { name: "Account standing" }).click();
  await expect(seller).toHaveURL(/\/seller\/standing$/);
});
