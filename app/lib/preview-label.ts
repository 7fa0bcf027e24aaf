import type { FilePreview } from "@server/catalogue/product-detail.ts";

/** What a "Look inside" page is called: its thumbnail's and the gallery's alt text, and the gallery's title. */
export const pageLabel = (preview: Pick<FilePreview, "page" | "fileName">) =>
  `Page ${preview.page} of ${preview.fileName}`;
