import { expect, expectNoAxeViolations, expectNoSidewaysScroll, test, waitForHydration } from "./fixtures";

// Issue 18's moderation and seller replies: a shopper reports a listing, an admin hides it from the
// Reports queue (then restores it, so that the other specs' catalogue stays as it was); the demo
// seller replies to a review of their product, and a visitor reads the reply under the review.

const phoneProject = (name: string) => name.includes("phone");

test("a shopper reports a listing; an admin sees it in Reports and hides the product, then restores it", async ({
  buyer,
  admin,
}, testInfo) => {
  test.slow();
  const { page } = buyer;
  const run = `${Date.now().toString(36)} ${testInfo.project.name}`;
  // Products of sample shops other than the demo seller's, one per project (they run side by side).
  const productId = phoneProject(testInfo.project.name) ? 35 : 34;
  await page.goto(`/product/${productId}`);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Report this listing" }).click();
  const dialog = page.getByRole("dialog", { name: "Report this listing" });
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Please choose why you are reporting this listing.")).toBeVisible();
  await dialog.getByLabel("The description or images are misleading").check();
  await dialog.getByLabel("Details (optional)").fill(`The preview shows 40 pages; the file has 12. ${run}`);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText(/^Thank you: your report was sent\./)).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  // A second report while the first is open is turned down, with a reason.
  await page.getByRole("button", { name: "Report this listing" }).click();
  await dialog.getByLabel("Spam or a scam").check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "You have already reported this listing: our team will look at it.",
  );
  await page.keyboard.press("Escape");

  if (phoneProject(testInfo.project.name)) await admin.setViewportSize({ width: 360, height: 740 });
  await admin.goto("/admin");
  await admin
    .getByRole("navigation", { name: "Admin console" })
    .getByRole("link", { name: "Reports", exact: true })
    .click();
  await expect(admin.getByRole("heading", { level: 2, name: "Reported listings" })).toBeVisible();
  const card = admin
    .getByRole("list", { name: "Open reports" })
    .locator(":scope > li")
    .filter({ has: admin.locator(`h3[id^="reported-${productId}-"]`) });
  await expect(card).toContainText(run);
  await expect(card).toContainText("The description or images are misleading");
  await expect(card).toContainText(`Reported by Bea Buyer (${buyer.email})`);
  await expect(card.getByRole("link", { name: title })).toHaveAttribute("href", `/product/${productId}`);
  await expectNoAxeViolations(admin);
  await expectNoSidewaysScroll(admin);
  await card.getByText("Hide this product").click();
  await card.getByLabel("Note for the seller (why it is hidden)").fill("The page count in the listing is wrong.");
  await card.getByRole("button", { name: "Hide product" }).click();
  // Its seller is emailed the note when the shop has an owner; the sample shops have none.
  await expect(admin.getByText(`Hidden "${title}"`, { exact: false })).toContainText("1 report closed.");
  await expect(admin.locator(`h3[id^="reported-${productId}-"]`)).toHaveCount(0);
  await admin.getByRole("link", { name: "Handled" }).click();
  const handled = admin.getByRole("list", { name: "Handled reports" }).locator(":scope > li").filter({ hasText: run });
  await expect(handled).toContainText("Product hidden");
  await expect(handled).toContainText("The page count in the listing is wrong.");

  // Hidden: its page is not found (404), with the way to Browse. Then put back on sale.
  expect((await page.goto(`/product/${productId}`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
  await admin.goto(`/admin/products?q=${encodeURIComponent(title)}&status=hidden`);
  const row = admin.getByRole("listitem").filter({ has: admin.locator(`#product-${productId}`) });
  await row.getByRole("button", { name: "Restore" }).click();
  await expect(admin.getByText(`Restored "${title}": it is on sale again.`)).toBeVisible();
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test("the seller replies to a review of their product; a visitor reads it under the review", async ({
  seller,
  guest,
}, testInfo) => {
  const run = `${Date.now().toString(36)} ${testInfo.project.name}`;
  // Product 1 is the seller's (Design Studio Pro); one review per project, side by side.
  const index = phoneProject(testInfo.project.name) ? 1 : 0;
  const address = "/product/1?reviews=1#reviews";
  await seller.goto(address);
  await waitForHydration(seller);
  const review = seller
    .getByRole("list", { name: /^Reviews, page 1 of/ })
    .getByRole("listitem")
    .nth(index);
  await review.getByRole("button", { name: /^Reply to / }).click();
  const reply = review.getByLabel(/^Your reply to /);
  await reply.fill(`Thank you! Version 2 adds the A5 pages you asked for. ${run}`);
  await expectNoAxeViolations(seller);
  await expectNoSidewaysScroll(seller);
  await review.getByRole("button", { name: "Publish reply" }).click();
  await expect(review.getByText("Response from Design Studio Pro")).toBeVisible();
  await expect(review).toContainText(run);
  await expect(review.getByRole("button", { name: /^Edit reply to / })).toBeVisible();

  // A visitor sees the reply under the same review, with no way to change it.
  await guest.goto(address);
  const seen = guest
    .getByRole("list", { name: /^Reviews, page 1 of/ })
    .getByRole("listitem")
    .nth(index);
  await expect(seen.getByText("Response from Design Studio Pro")).toBeVisible();
  await expect(seen).toContainText(run);
  await expect(seen.getByRole("button", { name: /reply/i })).toHaveCount(0);
  await expectNoAxeViolations(guest);

  // The seller takes it back: the review is as it was.
  await review.getByRole("button", { name: /^Delete reply to / }).click();
  await expect(review.getByText("Response from Design Studio Pro")).toHaveCount(0);
  await expect(review.getByRole("button", { name: /^Reply to / })).toBeVisible();

  // The seller's Reviews page lists the reviews of all their products, to answer them there too.
  await seller.goto("/seller");
  await seller.getByRole("navigation", { name: "Seller Dashboard" }).getByRole("link", { name: "Reviews" }).click();
  await expect(seller.getByRole("heading", { level: 2, name: "Reviews" })).toBeVisible();
  await expect(
    seller.getByRole("list", { name: "Reviews of your products" }).getByRole("listitem").first(),
  ).toBeVisible();
  await expect(seller.getByRole("button", { name: /^Reply to / }).first()).toBeVisible();
  await expectNoAxeViolations(seller);
  await expectNoSidewaysScroll(seller);
});
