import { createRequire } from "node:module";
import path from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";

// pdf.js (its Node build) drawing a PDF's first pages on @napi-rs/canvas (decision 032). Run only
// inside the preview worker thread (pdf-pages-worker.ts): pdf.js parses on the thread that calls it,
// and a hostile file must not hold up the server's requests; the thread's memory and time are bounded
// by render-pdf.ts.

export interface PageLimits {
  /** The first pages drawn, at most. */
  pages: number;
  /** Each page's longer side, in pixels (its shorter side follows the page's proportions). */
  longerSide: number;
}

/** One drawn page: RGBA pixels, row after row. */
export interface DrawnPage {
  page: number;
  width: number;
  height: number;
  rgba: Uint8Array;
}

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

// A picture inside the PDF above this many pixels is left out rather than decoded (64 MB of RGBA).
const MAX_EMBEDDED_IMAGE_PIXELS = 16_000_000;
// A page's proportions beyond this are clamped: a 1 x 10,000 point page would give a 0 px side.
const MIN_SIDE = 16;

/** The first `limits.pages` pages of `pdf`; throws when the file is not a PDF pdf.js can read. */
export async function drawPdfPages(pdf: Uint8Array, limits: PageLimits): Promise<DrawnPage[]> {
  const task = getDocument({
    data: pdf,
    // Helvetica and the other standard fonts a PDF may name without embedding them.
    standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
    cMapUrl: `${pdfjsRoot}/cmaps/`,
    wasmUrl: `${pdfjsRoot}/wasm/`,
    iccUrl: `${pdfjsRoot}/iccs/`,
    enableXfa: false,
    maxImageSize: MAX_EMBEDDED_IMAGE_PIXELS,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    const drawn: DrawnPage[] = [];
    for (let number = 1; number <= Math.min(document.numPages, limits.pages); number++) {
      const page = await document.getPage(number);
      const natural = page.getViewport({ scale: 1 });
      const scale = limits.longerSide / Math.max(natural.width, natural.height, 1);
      const viewport = page.getViewport({ scale });
      const width = Math.max(MIN_SIDE, Math.min(limits.longerSide, Math.round(viewport.width)));
      const height = Math.max(MIN_SIDE, Math.min(limits.longerSide, Math.round(viewport.height)));
      const canvas = createCanvas(width, height);
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
      const pixels = canvas.getContext("2d").getImageData(0, 0, width, height).data;
      // A copy the thread owns: the canvas's own memory cannot be handed to another thread.
      drawn.push({ page: number, width, height, rgba: Uint8Array.from(pixels) });
      page.cleanup();
    }
    return drawn;
  } finally {
    await task.destroy();
  }
}
