// The process that draws one PDF's first pages (forked by render-pdf.ts for each file, killed after it).
import { drawPdfPages, type PageLimits } from "./pdf-pages.ts";

process.once("message", async (message) => {
  const { pdf, limits } = message as { pdf: Uint8Array; limits: PageLimits };
  try {
    process.send!({ pages: await drawPdfPages(pdf, limits) });
  } catch (error) {
    process.send!({ error: error instanceof Error ? error.message : String(error) });
  }
});
