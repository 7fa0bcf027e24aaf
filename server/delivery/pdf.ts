// A minimal writer of PDF documents of a few pages, each with lines of text and an optional JPEG
// picture, enough for the sample product files. It follows the PDF 1.4 file structure (ISO 32000-1, section 7.5): header, numbered
// objects, a cross-reference table of their byte offsets, and a trailer. The output depends only
// on its input (no dates, no ids), so the same product always gives the same bytes.

export interface PdfLine {
  text: string;
  /** Font size in points. */
  size: number;
  bold?: boolean;
  /** Extra space above the line, in points. */
  gapBefore?: number;
}

/** A JPEG (baseline, RGB) to draw under the text, scaled to fit the page. */
export interface PdfImage {
  jpeg: Uint8Array;
  width: number;
  height: number;
}

const PAGE_WIDTH = 612; // US Letter, in points
const PAGE_HEIGHT = 792;
const MARGIN = 72;

// Typographic characters that have a plain ASCII look-alike; anything else non-ASCII becomes "?".
const ASCII_LOOK_ALIKES: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2026": "...",
  "\u00A0": " ",
  "\u00D7": "x",
};

/** `text` in printable ASCII: accents dropped (e -> e), look-alikes swapped, the rest replaced by "?". */
export function toAscii(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, (char) => ASCII_LOOK_ALIKES[char] ?? (/\s/.test(char) ? " " : "?"));
}

/** A PDF literal string: backslashes and parentheses are escaped (ISO 32000-1, 7.3.4.2). */
function pdfString(text: string): string {
  return `(${toAscii(text).replace(/[\\()]/g, "\\$&")})`;
}

/**
 * Splits `text` into lines of at most about `maxChars` characters, at spaces. Helvetica has no
 * fixed width, so this is an estimate that keeps text inside the margins for ordinary titles.
 */
function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && current.length + 1 + word.length > maxChars) {
      lines.push(current);
      current = "";
    }
    current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

function contentStream(lines: readonly PdfLine[], image: PdfImage | undefined): string {
  const commands: string[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines) {
    // Average Helvetica glyph width is about half the font size.
    const maxChars = Math.floor((PAGE_WIDTH - 2 * MARGIN) / (line.size * 0.5));
    y -= line.gapBefore ?? 0;
    for (const part of wrapText(toAscii(line.text), maxChars)) {
      y -= line.size * 1.3;
      commands.push(
        `BT /${line.bold ? "F2" : "F1"} ${line.size} Tf ${MARGIN} ${Math.round(y)} Td ${pdfString(part)} Tj ET`,
      );
    }
  }
  if (image) {
    // Centred in the space left under the text, never enlarged past 1 pixel per point.
    const spaceHeight = y - 24 - MARGIN;
    const scale = Math.min((PAGE_WIDTH - 2 * MARGIN) / image.width, spaceHeight / image.height, 1);
    const width = Math.round(image.width * scale);
    const height = Math.round(image.height * scale);
    const x = Math.round((PAGE_WIDTH - width) / 2);
    commands.push(`q ${width} 0 0 ${height} ${x} ${Math.round(y - 24 - height)} cm /Im1 Do Q`);
  }
  return commands.join("\n");
}

/** One page of a PDF: `lines` from the top left, and `image` under them. */
export interface PdfPage {
  lines: readonly PdfLine[];
  image?: PdfImage;
}

/** A one-page PDF (US Letter, Helvetica) with `lines` from the top left, and `image` under them. */
export function writePdf(lines: readonly PdfLine[], image?: PdfImage): Buffer {
  return writePdfPages([{ lines, image }]);
}

/** A PDF of `pages` (US Letter, Helvetica), in order. */
export function writePdfPages(pages: readonly PdfPage[]): Buffer {
  // Objects 1-4: the catalog, the page tree and the two fonts; then each page, its content and its picture.
  const objects: string[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
  ];
  const pageIds: number[] = [];
  for (const { lines, image } of pages) {
    const id = objects.length + 1;
    pageIds.push(id);
    const content = contentStream(lines, image);
    const xObjects = image ? ` /XObject << /Im1 ${id + 2} 0 R >>` : "";
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >>${xObjects} >> /Contents ${id + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    );
    if (image) {
      // A JPEG is a PDF image as it is: the DCTDecode filter (ISO 32000-1, 7.4.8).
      objects.push(
        `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${image.jpeg.length} >>\nstream\n${Buffer.from(image.jpeg).toString("latin1")}\nendstream`,
      );
    }
  }
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;

  // Everything is written as latin1, one byte per character, so string lengths are byte offsets.
  // The comment after the header has bytes above 127, which tells tools the file is binary.
  let pdf = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  const offsets: number[] = [];
  for (const [index, body] of objects.entries()) {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xrefOffset = pdf.length;
  // Each cross-reference entry is exactly 20 bytes: 10-digit offset, generation, type, space, newline.
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
