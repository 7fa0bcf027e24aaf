import { expect, test, waitForHydration } from "./fixtures";

// What a product page says a buyer downloads: files of the format the product
// states, each with the size of the stored file. The unit tests (server/demo/files/sample-files.test.ts)
// read every sample file's bytes with a parser of its format and compare the sizes.

const PRODUCTS = [
  { id: 2, format: "JPG", file: "abstract-wall-art-collection.jpg" },
  { id: 4, format: "Video", file: "digital-marketing-course.mp4" },
  { id: 7, format: "SVG", file: "boho-botanical-line-art-set-of-6.svg" },
  { id: 3, format: "PSD", file: "social-media-template-pack.psd" },
];

for (const product of PRODUCTS) {
  test(`product ${product.id} (${product.format}) lists its ${product.file} with its real size`, async ({ page }) => {
    await page.goto(`/product/${product.id}`);
    await waitForHydration(page);
    await expect(page.getByRole("list", { name: "At a glance" })).toContainText(product.format);
    const panel = page.getByRole("tabpanel");
    const files = panel.getByRole("definition").filter({ hasText: product.file });
    // Small sample files: bytes or kilobytes, never the made-up hundreds of megabytes.
    await expect(files).toHaveText(new RegExp(`^${product.file.replace(".", "\\.")} \\(\\d+(\\.\\d)? (B|KB)\\)$`));
    await expect(panel.getByText("File", { exact: true })).toBeVisible();
    // The size stays on one line with its name, and nothing runs past a phone's screen.
    const size = files.getByText(/^\(\d/);
    expect((await size.boundingBox())!.height).toBeLessThan(30);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
