import sharp from "sharp";
import { pagesPdf } from "../support/multi-page-pdf.ts";
import { expect, test, waitForHydration } from "./fixtures";

// Look inside from the seller's side: the demo seller uploads a PDF of five pages, and its
// first four are on the product page once the render-file-previews job has drawn them. Named
// "sellers-" so that the platform projects run it, after the catalogue's specs (playwright.config.ts).

const LETTER: [number, number] = [612, 792];
const LANDSCAPE: [number, number] = [792, 612];

test("a seller uploads a PDF and its first four pages appear on the product page", async ({
  seller: page,
}, testInfo) => {
  test.slow();
  const title = `Workbook ${Date.now().toString(36)} ${testInfo.project.name}`;
  await page.goto("/seller/products/new");
  await waitForHydration(page);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("A workbook of exercises, with a landscape chart on its second page.");
  await page.getByLabel("Category").selectOption({ label: "Planners" });
  await page.getByLabel("Price (USD)").fill("12.00");
  await page.getByLabel("Tags (comma separated)").fill("workbook");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByText("Draft created: add images and files, then publish it.")).toBeVisible();

  const cover = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#5b8def" } })
    .png()
    .toBuffer();
  await page.getByLabel(/^Add an image/).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: cover });
  await page
    .locator("form")
    .filter({ has: page.getByLabel(/^Add an image/) })
    .getByRole("button", { name: "Upload" })
    .click();
  await expect(page.getByText("The image was added.")).toBeInViewport();
  const pdf = Buffer.from(pagesPdf([LETTER, LANDSCAPE, LETTER, LETTER, LETTER]));
  await page
    .getByLabel(/^Add a file/)
    .setInputFiles({ name: "Exercise Workbook.pdf", mimeType: "application/pdf", buffer: pdf });
  await page
    .locator("form")
    .filter({ has: page.getByLabel(/^Add a file/) })
    .getByRole("button", { name: "Upload" })
    .click();
  await expect(page.getByText("The file was added.")).toBeInViewport();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Published: it is on sale now.")).toBeInViewport();
  const productId = /\/seller\/products\/(\d+)/.exec(page.url())![1];

  // Drawn by the job in the background: the page shows them once they are in.
  const strip = page.getByRole("region", { name: "Look inside" });
  await expect(async () => {
    await page.goto(`/product/${productId}`);
    await expect(strip).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(strip.getByRole("img")).toHaveCount(4);
  for (const n of [1, 2, 3, 4]) {
    await expect(strip.getByRole("img", { name: `Page ${n} of exercise-workbook.pdf` })).toBeAttached();
  }
  // Each page keeps its proportions: the landscape one is wider than high.
  const size = (n: number) =>
    strip
      .getByRole("img", { name: `Page ${n} of exercise-workbook.pdf` })
      .evaluate((image: HTMLImageElement) => [image.width, image.height]);
  const [width1, height1] = await size(1);
  const [width2, height2] = await size(2);
  expect(height1!).toBeGreaterThan(width1!);
  expect(width2!).toBeGreaterThan(height2!);

  await waitForHydration(page);
  await strip.getByRole("button", { name: "Page 2 of exercise-workbook.pdf" }).click();
  await expect(page.getByRole("dialog", { name: "Page 2 of exercise-workbook.pdf" })).toContainText("2 of 4");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
});
