import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";

// Look inside: the sample "Digital Planner Bundle" (product 1) is a PDF whose first pages
// the render-file-previews job draws in the background after the server starts (decision 032).

const FILE = "digital-planner-bundle.pdf";

/** Product 1's page once its previews are drawn (the job runs after the server's start). */
async function openWithPreviews(page: Page) {
  await expect(async () => {
    await page.goto("/product/1");
    await expect(page.getByRole("heading", { name: "Look inside" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await waitForHydration(page);
}

test("a shopper looks inside a PDF: opens a page, zooms, turns the page and closes with Escape @phone", async ({
  page,
}) => {
  await openWithPreviews(page);
  const strip = page.getByRole("region", { name: "Look inside" });
  const first = strip.getByRole("button", { name: `Page 1 of ${FILE}` });
  await expect(strip.getByRole("button")).toHaveCount(2);
  await expect(strip.getByRole("img", { name: `Page 2 of ${FILE}` })).toBeAttached();
  // The thumbnail is a small copy of the stored page.
  await first.scrollIntoViewIfNeeded();
  await expect
    .poll(() => first.getByRole("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  expect(await first.getByRole("img").evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
    /\/media\/products\/1-[0-9a-f]{12}-(320|640)w\.(avif|webp)$/,
  );

  await expectNoAxeViolations(page);

  await first.click();
  // Its name is the page shown: the same dialog is "Page 2 of ..." once the page is turned.
  const dialog = page.getByRole("dialog");
  await expect(page.getByRole("dialog", { name: `Page 1 of ${FILE}` })).toBeVisible();
  await expect(dialog).toContainText("1 of 2");
  // The page at full resolution: the stored 1600 px page, as AVIF or WebP.
  const shown = dialog.getByRole("img", { name: `Page 1 of ${FILE}` });
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalHeight)).toBe(1600);
  await expectNoAxeViolations(page);

  const widthOf = async () => (await shown.boundingBox())!.width;
  const fitted = await widthOf();
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await expect(dialog.getByRole("status")).toHaveText(/150%/);
  expect(await widthOf()).toBeGreaterThan(fitted * 1.4);
  await page.keyboard.press("+");
  await expect(dialog.getByRole("status")).toHaveText(/200%/);
  await page.keyboard.press("-");
  await expect(dialog.getByRole("status")).toHaveText(/150%/);
  await dialog.getByRole("button", { name: "Zoom out" }).click();
  await expect(dialog.getByRole("status")).toHaveText(/100%/);

  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: `Page 2 of ${FILE}` })).toContainText("2 of 2");
  await expect(dialog.getByRole("button", { name: "Next page" })).toHaveAttribute("aria-disabled", "true");
  await dialog.getByRole("button", { name: "Previous page" }).click();
  await expect(page.getByRole("dialog", { name: `Page 1 of ${FILE}` })).toBeVisible();
  await dialog.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByRole("dialog", { name: `Page 2 of ${FILE}` })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(first).toBeFocused();
});

test("the keyboard alone opens the gallery and keeps its focus inside it", async ({ page }) => {
  await openWithPreviews(page);
  const second = page.getByRole("region", { name: "Look inside" }).getByRole("button", { name: `Page 2 of ${FILE}` });
  await second.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Page 2 of ${FILE}` });
  await expect(dialog).toBeVisible();
  // Tab goes round the dialog's controls and never leaves it.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: `Page 1 of ${FILE}` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(second).toBeFocused();
});

test("a product whose file is not a PDF has no Look inside", async ({ page }) => {
  // Product 2, the Abstract Wall Art Collection, is sold as JPG pictures.
  await page.goto("/product/2");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Look inside" })).toHaveCount(0);
});
