import { formatDayUtc } from "../../shared/format.ts";
import type { InvoiceParty } from "../db/schema.ts";
import { PDF_COLOURS as COLOURS, drawableText, shopPdf } from "../lib/pdf-document.ts";
import { drawTable, footers, PDF_MARGIN as MARGIN } from "../lib/pdf-tables.ts";
import type { Invoice } from "./invoices.ts";

// An invoice or credit note as a PDF, with what EU Directive 2006/112/EC Art. 226 asks of an
// invoice (docs/decisions/061): its date and number, the supplier and the buyer with their tax
// numbers where there are any, each line's quantity and description, net, rate, tax and gross, the
// totals, and the mention the law asks for (a reverse charge). A credit note names the invoice it
// amends (Art. 219). US Letter, the font and colours of the shop's other PDFs.

const KIND_TITLE = { invoice: "Invoice", credit_note: "Credit note" } as const;

/** Amounts in the document's currency, as its buyers read them. */
function moneyIn(currency: string) {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return (minor: number) => format.format(minor / 10 ** digits);
}

const percent = (basisPoints: number) => `${basisPoints / 100}%`;

export function invoicePdf(
  invoice: Invoice,
  {
    creditsCode,
    orderNumber,
    suppliedAt,
  }: {
    creditsCode: string | null;
    orderNumber: string;
    /** When what it documents happened: an invoice's sale (the order's payment), a credit note's refund. */
    suppliedAt: Date;
  },
): Promise<Buffer> {
  const title = KIND_TITLE[invoice.kind];
  const { doc, done } = shopPdf({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${title} ${invoice.code}`, Author: invoice.supplier.name, Subject: `Order ${orderNumber}` },
  });
  const drawable = (text: string) => drawableText(doc, text);
  const money = moneyIn(invoice.currency);
  const width = doc.page.width - 2 * MARGIN;

  doc.font("bold").fontSize(13).fillColor(COLOURS.primary).text(drawable(invoice.supplier.name));
  doc.moveDown(0.4).fontSize(22).fillColor(COLOURS.text).text(`${title} ${invoice.code}`);
  doc.font("regular").fontSize(10).fillColor(COLOURS.muted);
  // Art. 226(7): the date of supply too where it is not the day of issue, as on an invoice issued
  // after its sale (an order paid before invoices existed, docs/decisions/061).
  const issuedOn = formatDayUtc(invoice.issuedAt);
  const suppliedOn = formatDayUtc(suppliedAt);
  if (suppliedOn === issuedOn) doc.text(`Date of issue and of supply: ${issuedOn}`);
  else {
    doc.text(`Date of issue: ${issuedOn}`);
    doc.text(`${invoice.kind === "invoice" ? "Date of supply" : "Date of the refund"}: ${suppliedOn}`);
  }
  doc.text(`Order ${orderNumber}`);
  if (creditsCode) doc.text(`Amends invoice ${creditsCode}: the amounts below are credited to the buyer.`);
  doc.moveDown(1);

  const top = doc.y;
  const half = (width - 24) / 2;
  party(doc, "SUPPLIER", invoice.supplier, MARGIN, top, half, drawable);
  const below = doc.y;
  party(doc, "BUYER", invoice.buyer, MARGIN + half + 24, top, half, drawable);
  doc.x = MARGIN;
  doc.y = Math.max(below, doc.y) + 18;

  drawTable(
    doc,
    {
      title: invoice.kind === "invoice" ? "What was sold" : "What is credited",
      columns: [
        { label: "Description", width: 190 },
        { label: "Qty", width: 30, align: "right" },
        { label: "Net", width: 74, align: "right" },
        { label: "Rate", width: 48, align: "right" },
        { label: "Tax", width: 74, align: "right" },
        { label: "Gross", width: 100, align: "right" },
      ],
      rows: invoice.lines.map((line) => [
        drawable(line.description),
        String(line.quantity),
        money(line.netCents),
        percent(line.rateBasisPoints),
        money(line.taxCents),
        money(line.grossCents),
      ]),
      total: ["Total", "", money(invoice.netCents), "", money(invoice.taxCents), money(invoice.grossCents)],
      empty: "",
    },
    width,
  );
  doc.moveDown(1);
  doc.font("regular").fontSize(9).fillColor(COLOURS.muted);
  if (invoice.mention) doc.text(drawable(invoice.mention), MARGIN, undefined, { width });
  doc.text(
    `Amounts in ${invoice.currency.toUpperCase()}. Net is the price paid after any discount, before tax; the tax is worked out on each line and rounded once.`,
    MARGIN,
    undefined,
    { width },
  );

  footers(doc, `${invoice.supplier.name} · ${title} ${invoice.code}`, drawable);
  doc.end();
  return done;
}

function party(
  doc: PDFKit.PDFDocument,
  label: string,
  who: InvoiceParty,
  x: number,
  y: number,
  width: number,
  drawable: (text: string) => string,
) {
  doc.font("bold").fontSize(9).fillColor(COLOURS.muted).text(label, x, y, { width });
  doc.font("bold").fontSize(11).fillColor(COLOURS.text).text(drawable(who.name), x, undefined, { width });
  doc.font("regular").fontSize(10);
  for (const line of who.address) doc.text(drawable(line), x, undefined, { width });
  if (who.email) doc.text(drawable(who.email), x, undefined, { width });
  if (who.taxNumber) doc.text(`Tax number: ${drawable(who.taxNumber)}`, x, undefined, { width });
}
