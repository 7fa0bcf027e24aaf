import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

// What the shop's PDFs share (licence certificates, sellers' statements): pdfkit with DejaVu Sans
// embedded, the same colours, and the document as a Buffer once it is written (decision 030).

const require = createRequire(import.meta.url);
// DejaVu Sans draws Latin, Greek and Cyrillic names with every accent, where the PDF standard
// fonts know only Windows-1252.
const FONTS = {
  regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
};

export const PDF_COLOURS = { text: "#111827", muted: "#4b5563", primary: "#4f46e5", rule: "#e5e7eb", band: "#f3f4f6" };

/**
 * A pdfkit document in DejaVu Sans (fonts "regular" and "bold"), and the PDF it will have written
 * once `doc.end()` is called.
 */
export function shopPdf(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ lang: "en-US", displayTitle: true, ...options, font: FONTS.regular });
  doc.registerFont("regular", FONTS.regular);
  doc.registerFont("bold", FONTS.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/**
 * `text` with each character the current font cannot draw (a name in Japanese, say) as "?",
 * rather than the empty boxes a PDF viewer would show; keep the exact text in the metadata.
 */
export function drawableText(doc: PDFKit.PDFDocument, text: string): string {
  // pdfkit keeps the fontkit font of an embedded font here; it has no public way to ask.
  const font = (doc as unknown as { _font?: { font?: { hasGlyphForCodePoint(code: number): boolean } } })._font?.font;
  if (!font) return text;
  return Array.from(text.normalize("NFC"), (char) =>
    font.hasGlyphForCodePoint(char.codePointAt(0)!) ? char : "?",
  ).join("");
}
