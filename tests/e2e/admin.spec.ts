import type { Locator } from "@playwright/test";
import {
  approvedSeller,
  buyAsGuest,
  expect,
  expectNoAxeViolations,
  readOutbox,
  signInAsSampleShopSeller,
  test,
  uniqueEmail,
} from "./fixtures";

// The admin console: refunds, seller enforcement and appeals, product moderation,
// contact messages and the key figures, each as an admin and as the person on the other side.

test("a guest's refund request is approved in the console: the money goes back, the files stop, the seller's ledger shows it", async ({
  page,
  admin,
}) => {
  test.slow();
  const buyerEmail = uniqueEmail("refund");
  const number = await buyAsGuest(page, 1, buyerEmail);
  await expect(page.getByRole("link", { name: /^Download / }).first()).toBeVisible();
  await page.getByText("Request a refund").click();
  await page.getByLabel("Why would you like a refund?").fill("The pages do not print well on my A5 paper.");
  await page.getByRole("button", { name: "Send refund request" }).click();
  await expect(page.getByText("Refund requested: we review requests within 24 hours.")).toBeVisible();

  await admin.goto("/admin/refunds");
  const request = admin.getByRole("listitem").filter({ hasText: number });
  await expect(request).toContainText("The pages do not print well on my A5 paper.");
  await expectNoAxeViolations(admin);
  const approve = request.getByRole("button", { name: /^Approve and refund \$/ });
  const amount = /\$[\d.,]+/.exec((await approve.textContent()) ?? "")![0];
  await approve.click();
  await expect(admin.getByText(`Approved: ${amount} was refunded and the buyer was emailed.`)).toBeVisible();
  await expect(admin.getByRole("listitem").filter({ hasText: number })).toHaveCount(0);

  await page.reload();
  await expect(
    page.getByText(`Refunded ${amount}: its license has ended and its files are no longer available.`),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /^Download / })).toHaveCount(0);
  await expect.poll(() => readOutbox(buyerEmail) ?? "").toContain(`Your refund for order ${number} is on its way`);

  // The seller of Design Studio Pro (which made product 1) sees the sale and its refund in the ledger.
  await page.context().clearCookies();
  await signInAsSampleShopSeller(page);
  await page.goto("/seller/earnings");
  await expect(page.getByRole("row").filter({ hasText: `order ${number}` })).toHaveCount(2);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: `order ${number}` })
      .filter({ hasText: "Refund:" }),
  ).toContainText("-$");
});

test(
  "enforcement: a warning appealed and withdrawn, then a suspension the seller sees, then removal",
  { tag: "@desktop-only" },
  async ({ page, admin }, testInfo) => {
    test.slow();
    const shopName = await approvedSeller(page, admin, {
      shopName: `Shop ${Date.now().toString(36)} ${testInfo.project.name}`,
    });
    await admin.goto("/admin/sellers");
    const shop = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: shopName }) });
    await expect(shop).toContainText("This will be a warning: the seller gets 7 days to fix the issue.");
    await expectNoAxeViolations(admin);
    await recordViolation(shop, "Product images use artwork the shop does not own.");
    await expect(admin.getByText("Recorded: warning. The seller was emailed.")).toBeVisible();

    // The seller reads the warning and appeals it.
    await page.goto("/seller");
    await expect(page.getByText(/Your shop has a warning: please fix the issue by/)).toBeVisible();
    await page.getByRole("link", { name: "See your account standing" }).click();
    await expect(page.getByRole("heading", { name: /^Warning · / })).toBeVisible();
    // Not "good standing" while the warning waits to be fixed.
    await expect(page.getByText(/Your shop has a warning: please fix the issue by/)).toBeVisible();
    await expect(page.getByText(/good standing/)).toHaveCount(0);
    await expect(page.getByText("Product images use artwork the shop does not own.")).toBeVisible();
    await page.getByLabel("Appeal this action").fill("Every image is my own photograph; I can send the originals.");
    await page.getByRole("button", { name: "Send appeal" }).click();
    await expect(page.getByText(/Your appeal was sent\./)).toBeVisible();
    await expect(page.getByText("Appeal under review")).toBeVisible();
    await expectNoAxeViolations(page);

    // The admin accepts the appeal: the warning is withdrawn and no longer counts.
    await admin.goto("/admin/appeals");
    const appeal = admin.getByRole("listitem").filter({ hasText: shopName });
    await expect(appeal).toContainText("Every image is my own photograph");
    await expectNoAxeViolations(admin);
    await appeal.getByLabel("Note to the seller (optional)").fill("Thank you for the originals.");
    await appeal.getByRole("button", { name: "Uphold" }).click();
    await expect(appeal).toHaveCount(0);
    await page.reload();
    await expect(page.getByText("Appeal accepted")).toBeVisible();
    await expect(page.getByText(/it no longer counts against your shop/)).toBeVisible();
    await expect(page.getByText(/Your shop is in good standing/)).toBeVisible();

    // Two more violations: a warning again (the withdrawn one does not count), then a suspension.
    await admin.goto("/admin/sellers");
    await expect(shop).toContainText("This will be a warning");
    await recordViolation(shop, "A product description promises pages it does not have.");
    await expect(shop).toContainText("This will be a 30-day suspension");
    await recordViolation(shop, "The same description problem again after the warning.");
    await expect(admin.getByText("Recorded: 30-day suspension. The seller was emailed.")).toBeVisible();
    await expect(shop).toContainText("Suspended");

    await page.goto("/seller/standing");
    await expect(page.getByText(/Your shop is suspended until .*: its products are hidden/)).toBeVisible();
    await expect(page.getByRole("heading", { name: /^30-day suspension · / })).toBeVisible();

    await admin.goto("/admin/sellers");
    await recordViolation(shop, "Counterfeit products sold while suspended.");
    await expect(admin.getByText("Recorded: removal from the marketplace. The seller was emailed.")).toBeVisible();
    await expect(shop).toContainText("This shop has been removed: no further actions.");
    await page.goto("/seller/standing");
    await expect(page.getByText(/Your shop has been removed from the marketplace/).first()).toBeVisible();
  },
);

test("an admin hides a product with a note and restores it; reads and handles a contact message; sees the key figures", async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const subject = `Question ${Date.now().toString(36)} ${testInfo.project.name}`;
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Carla Customer");
  await page.getByLabel("Email").fill(uniqueEmail("carla"));
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("Can I print the wall art at A2 size without losing quality?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you! We'll reply within 24 hours.").first()).toBeVisible();

  await admin.goto("/admin");
  await expect(admin.getByRole("heading", { name: "Admin console" })).toBeVisible();
  for (const figure of ["Platform fees (30%)", "Active shops", "Published", "Contact messages"]) {
    await expect(admin.getByText(figure, { exact: true }).first()).toBeVisible();
  }
  await expectNoAxeViolations(admin);

  await admin.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Messages" }).click();
  const message = admin.getByRole("listitem").filter({ hasText: subject });
  await expect(message).toContainText("Can I print the wall art at A2 size");
  await expectNoAxeViolations(admin);
  await message.getByRole("button", { name: "Mark as handled" }).click();
  await expect(admin.getByText("Marked as handled.")).toBeVisible();
  await expect(message).toHaveCount(0);
  await admin.getByRole("link", { name: "Handled" }).click();
  await expect(admin.getByRole("listitem").filter({ hasText: subject })).toBeVisible();

  // A product of the sample catalogue, hidden and restored.
  const productId = testInfo.project.name.includes("phone") ? 31 : 30;
  await page.goto(`/product/${productId}`);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await admin.goto(`/admin/products?q=${encodeURIComponent(title)}`);
  // Titles may repeat in the catalogue: the card is found by the product's id.
  const row = admin.getByRole("listitem").filter({ has: admin.locator(`#product-${productId}`) });
  await row.getByText("Hide this product").click();
  await row.getByLabel("Note for the seller (why it is hidden)").fill("The preview images show another shop's logo.");
  await row.getByRole("button", { name: "Hide", exact: true }).click();
  await expect(admin.getByText(`Hidden "${title}".`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(admin);
  // A hidden product is gone like an unknown one: its page is not found (404), with the way to Browse.
  expect((await page.goto(`/product/${productId}`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
  await row.getByRole("button", { name: "Restore" }).click();
  await expect(admin.getByText(`Restored "${title}": it is on sale again.`)).toBeVisible();
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

async function recordViolation(shop: Locator, reason: string) {
  await shop.getByLabel("Record a violation: the reason the seller reads").fill(reason);
  await shop.getByRole("button", { name: "Record violation" }).click();
}
