import { PDF_COLOURS as COLOURS } from "./pdf-document.ts";

// Tables and page feet for the shop's PDFs of figures (sellers' statements, invoices): a table goes
// on over as many pages as it needs, its title and column heads repeated on each; every page's foot
// says what the document is and "Page n of N" (the document must be made with bufferPages: true).

export const PDF_MARGIN = 48;
const MARGIN = PDF_MARGIN;
const FOOTER_SPACE = 28;
const CELL_PADDING = { x: 4, y: 3 };
const TABLE_SIZE = 8.5;

type Align = "left" | "right";
export interface Column {
  label: string;
  width: number;
  align?: Align;
}

export interface Table {
  title: string;
  columns: Column[];
  rows: string[][];
  /** The last row, in bold under a rule. */
  total: string[];
  empty: string;
}

/** A light rule `length` wide under what was written last. */
export function rule(doc: PDFKit.PDFDocument, length: number) {
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + length, y)
    .lineWidth(0.75)
    .strokeColor(COLOURS.rule)
    .stroke();
  doc.y = y + 4;
}

const bottomOf = (doc: PDFKit.PDFDocument) => doc.page.height - MARGIN - FOOTER_SPACE;

function rowHeight(doc: PDFKit.PDFDocument, columns: Column[], cells: string[]) {
  let height = 0;
  for (const [index, column] of columns.entries()) {
    height = Math.max(height, doc.heightOfString(cells[index] || " ", { width: column.width - 2 * CELL_PADDING.x }));
  }
  return height + 2 * CELL_PADDING.y;
}

function drawRow(doc: PDFKit.PDFDocument, columns: Column[], cells: string[], top: number) {
  let x = MARGIN;
  for (const [index, column] of columns.entries()) {
    doc.text(cells[index] ?? "", x + CELL_PADDING.x, top + CELL_PADDING.y, {
      width: column.width - 2 * CELL_PADDING.x,
      align: column.align ?? "left",
    });
    x += column.width;
  }
}

/** The column heads on a shaded band. */
function drawHead(doc: PDFKit.PDFDocument, columns: Column[], width: number) {
  doc.font("bold").fontSize(TABLE_SIZE);
  const labels = columns.map((column) => column.label);
  const height = rowHeight(doc, columns, labels);
  const top = doc.y;
  doc.rect(MARGIN, top, width, height).fill(COLOURS.band);
  doc.fillColor(COLOURS.text);
  drawRow(doc, columns, labels, top);
  doc.y = top + height;
}

/** A table that goes on over as many pages as it needs, its title and heads repeated on each. */
export function drawTable(doc: PDFKit.PDFDocument, table: Table, width: number) {
  const heading = (continued: boolean) => {
    doc
      .font("bold")
      .fontSize(12)
      .fillColor(COLOURS.text)
      .text(continued ? `${table.title} (continued)` : table.title, MARGIN, doc.y);
    doc.moveDown(0.3);
  };
  // The title, the heads and the first row stay together.
  doc.font("regular").fontSize(TABLE_SIZE);
  const first = table.rows[0] ?? table.total;
  if (doc.y + 60 + rowHeight(doc, table.columns, first) > bottomOf(doc)) doc.addPage();
  heading(false);
  if (table.rows.length === 0) {
    doc.font("regular").fontSize(10).fillColor(COLOURS.muted).text(table.empty, MARGIN, doc.y);
    return;
  }
  drawHead(doc, table.columns, width);
  const rows = [...table.rows.map((cells) => ({ cells, total: false })), { cells: table.total, total: true }];
  for (const [index, row] of rows.entries()) {
    doc.font(row.total ? "bold" : "regular").fontSize(TABLE_SIZE);
    // The totals sit under a rule, a few points lower.
    const height = rowHeight(doc, table.columns, row.cells) + (row.total ? 6 : 0);
    if (doc.y + height > bottomOf(doc)) {
      doc.addPage();
      heading(true);
      drawHead(doc, table.columns, width);
      doc.font(row.total ? "bold" : "regular").fontSize(TABLE_SIZE);
    }
    const top = doc.y;
    if (row.total) rule(doc, width);
    doc.fillColor(COLOURS.text);
    drawRow(doc, table.columns, row.cells, row.total ? top + 6 : top);
    doc.y = top + height;
    // A line between rows; the last row's is the totals' rule.
    if (index < rows.length - 2) {
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + width, doc.y)
        .lineWidth(0.5)
        .strokeColor(COLOURS.rule)
        .stroke();
    }
  }
  doc.x = MARGIN;
}

/** Each page's foot: which document it is, and "Page n of N". */
export function footers(doc: PDFKit.PDFDocument, label: string, drawable: (text: string) => string) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Text below the bottom margin would make pdfkit start a page: the margin is lifted while the foot is written.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 12;
    const width = doc.page.width - 2 * MARGIN;
    doc.font("regular").fontSize(8).fillColor(COLOURS.muted);
    doc.text(drawable(label), MARGIN, y, { width: width - 90, lineBreak: false, ellipsis: true });
    doc.text(`Page ${index - start + 1} of ${count}`, MARGIN + width - 90, y, { width: 90, align: "right" });
    doc.page.margins.bottom = bottom;
  }
}
