import { formatDayUtc, formatPrice } from "../../shared/format.ts";
import { PAYOUT_METHOD_NAMES } from "../../shared/shop-facts.ts";
import { PDF_COLOURS as COLOURS, drawableText, shopPdf } from "../lib/pdf-document.ts";
import { type Column, drawTable, footers, PDF_MARGIN as MARGIN, rule, type Table } from "../lib/pdf-tables.ts";
import { lineDescription } from "./statement-csv.ts";
import { type MonthlyStatement, monthName, type StatementLine, type StatementTotals } from "./statements.ts";

// A monthly statement as a PDF: US Letter, as the licence certificate (server/licenses/certificate.ts)
// and in its font and colours. The shop's name, the seller's legal name and address when they gave
// them, a summary that adds up from the opening to the closing balance, then a table each for the
// month's sales, refunds and payouts. A table that does not fit goes on over the next pages, its
// column heads repeated on each; every page says which statement it is and "Page n of N".

export interface StatementSite {
  /** The marketplace's name, as its pages and emails give it. */
  shopName: string;
}

/** The statement as a PDF. */
export function statementPdf(statement: MonthlyStatement, site: StatementSite): Promise<Buffer> {
  const title = `Statement for ${monthName(statement.month)}`;
  const { doc, done } = shopPdf({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${title}: ${statement.shop.name}`,
      Author: site.shopName,
      // The exact names, whatever the font can draw (a PDF's metadata is Unicode).
      Subject: `${statement.shop.name}${statement.seller ? `, ${statement.seller.legalName}` : ""}, ${statement.month} (UTC)`,
    },
  });
  const drawable = (text: string) => drawableText(doc, text);
  const width = doc.page.width - 2 * MARGIN;

  doc.font("bold").fontSize(13).fillColor(COLOURS.primary).text(drawable(site.shopName));
  doc.moveDown(0.4).fontSize(22).fillColor(COLOURS.text).text(title);
  const last = new Date(statement.to.getTime() - 1);
  doc
    .font("regular")
    .fontSize(10)
    .fillColor(COLOURS.muted)
    .text(
      `${formatDayUtc(statement.from)} to ${formatDayUtc(last)}, in UTC.${statement.complete ? "" : " The month is not over: this is the statement so far."}`,
    );
  doc.moveDown(1);

  parties(doc, statement, width, drawable);
  doc.moveDown(1);
  summary(doc, statement, width);
  doc.moveDown(1.2);

  for (const table of tablesOf(statement, drawable)) {
    drawTable(doc, table, width);
    doc.moveDown(1.2);
  }
  doc
    .font("regular")
    .fontSize(8.5)
    .fillColor(COLOURS.muted)
    .text(
      "Prices are what buyers paid after any discount, before tax. The shop keeps 30% of each sale and you keep 70%; a refund takes back both, and the share taken back is entered on the day of the refund, whenever the sale was paid out.",
      MARGIN,
      undefined,
      { width },
    );

  footers(doc, `${site.shopName} · ${statement.shop.name} · ${title}`, drawable);
  doc.end();
  return done;
}

/** Who the statement is for (the seller's legal name and address) and of which shop. */
function parties(
  doc: PDFKit.PDFDocument,
  statement: MonthlyStatement,
  width: number,
  drawable: (text: string) => string,
) {
  const top = doc.y;
  const half = (width - 24) / 2;
  doc.font("bold").fontSize(9).fillColor(COLOURS.muted).text("SELLER", MARGIN, top, { width: half });
  if (statement.seller) {
    doc.font("bold").fontSize(11).fillColor(COLOURS.text).text(drawable(statement.seller.legalName), { width: half });
    doc.font("regular").fontSize(10);
    for (const line of statement.seller.address) doc.text(drawable(line), { width: half });
  } else {
    doc.font("bold").fontSize(11).fillColor(COLOURS.text).text(drawable(statement.shop.name), { width: half });
    doc
      .font("regular")
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text("Your legal name and address show here once you add your tax details.", { width: half });
  }
  const left = doc.y;
  const x = MARGIN + half + 24;
  doc.font("bold").fontSize(9).fillColor(COLOURS.muted).text("SHOP", x, top, { width: half });
  doc
    .font("bold")
    .fontSize(11)
    .fillColor(COLOURS.text)
    .text(drawable(statement.shop.name), x, undefined, { width: half });
  doc.font("regular").fontSize(10).text(`Seller ID ${statement.shop.id}`, x, undefined, { width: half });
  doc.text(`Currency: US dollars (USD)`, x, undefined, { width: half });
  doc.x = MARGIN;
  doc.y = Math.max(left, doc.y);
}

/** The month in a few lines, from the opening balance to the closing one. */
function summary(doc: PDFKit.PDFDocument, statement: MonthlyStatement, width: number) {
  const { sale, refund, payout, payout_return: returned } = statement.totals;
  const count = (total: StatementTotals, one: string, other: string) =>
    `${total.count} ${total.count === 1 ? one : other}`;
  const rows: [string, number, boolean?][] = [
    [`Opening balance, ${formatDayUtc(statement.from)}`, statement.openingBalanceCents, true],
    [`Sales: price paid (${count(sale, "sale", "sales")})`, sale.paidCents],
    ["Shop fee (30%)", -sale.feeCents],
    ["Your share of sales (70%)", sale.amountCents],
    [`Refunds: your share taken back (${count(refund, "refund", "refunds")})`, refund.amountCents],
    [`Payouts (${count(payout, "payout", "payouts")})`, payout.amountCents],
    // Money of a payout that came back (refused, failed, reversed): on the balance again. Said only when there was some.
    ...(returned.count > 0
      ? [[`Payouts returned to your balance (${returned.count})`, returned.amountCents] as [string, number]]
      : []),
    [statement.complete ? "Closing balance" : "Balance so far", statement.closingBalanceCents, true],
  ];
  const boxWidth = Math.min(width, 340);
  doc.font("bold").fontSize(12).fillColor(COLOURS.text).text("Summary", MARGIN, doc.y);
  doc.moveDown(0.3);
  for (const [index, [label, cents, strong]] of rows.entries()) {
    const top = doc.y;
    // The opening balance plus the share, less refunds and payouts, is the closing balance: the
    // paid price and the fee above the share show what it was 70% of, and are not added again.
    const aside = index === 1 || index === 2;
    doc
      .font(strong ? "bold" : "regular")
      .fontSize(10)
      .fillColor(aside ? COLOURS.muted : COLOURS.text)
      .text(label, MARGIN + (aside ? 10 : 0), top, { width: boxWidth - 110 });
    doc.text(formatPrice(cents), MARGIN + boxWidth - 100, top, { width: 100, align: "right" });
    doc.y = Math.max(doc.y, top + 14);
    if (index === rows.length - 2) rule(doc, boxWidth);
  }
  doc.x = MARGIN;
}

const money = (cents: number | null) => (cents === null ? "" : formatPrice(cents));

/** The month's sales, refunds and payouts, a table each. */
function tablesOf(statement: MonthlyStatement, drawable: (text: string) => string): Table[] {
  const of = (kind: StatementLine["kind"]) => statement.lines.filter((line) => line.kind === kind);
  const { sale, refund, payout, payout_return: returned } = statement.totals;
  const itemColumns = (paid: string, fee: string, share: string): Column[] => [
    { label: "Date", width: 64 },
    { label: "Order", width: 70 },
    { label: "Product", width: 160 },
    { label: paid, width: 74, align: "right" },
    { label: fee, width: 74, align: "right" },
    { label: share, width: 74, align: "right" },
  ];
  const itemRow = (line: StatementLine) => [
    formatDayUtc(line.at),
    line.orderNumber ?? "",
    drawable(lineDescription(line)),
    money(line.paidCents),
    money(line.feeCents),
    money(line.amountCents),
  ];
  const itemTotal = (total: StatementTotals) => [
    "Total",
    "",
    `${total.count} ${total.count === 1 ? "line" : "lines"}`,
    money(total.paidCents),
    money(total.feeCents),
    money(total.amountCents),
  ];
  return [
    {
      title: "Sales",
      columns: itemColumns("Price paid", "Shop fee", "Your share"),
      rows: of("sale").map(itemRow),
      total: itemTotal(sale),
      empty: "No sales this month.",
    },
    {
      title: "Refunds",
      columns: itemColumns("Refunded", "Fee returned", "Taken back"),
      rows: of("refund").map(itemRow),
      total: itemTotal(refund),
      empty: "No refunds this month.",
    },
    {
      title: "Payouts",
      columns: [
        { label: "Date", width: 64 },
        { label: "Paid to", width: 230 },
        { label: "Payout of", width: 148 },
        { label: "Amount", width: 74, align: "right" },
      ],
      // A payout's return is listed among the payouts, in its order, as money back.
      rows: statement.lines
        .filter((line) => line.kind === "payout" || line.kind === "payout_return")
        .map((line) => [
          formatDayUtc(line.at),
          `${line.kind === "payout_return" ? "Returned from " : ""}${
            line.payout ? drawable(`${PAYOUT_METHOD_NAMES[line.payout.method]} (${line.payout.destination})`) : ""
          }`,
          line.payout ? formatDayUtc(line.payout.weekOf) : "",
          money(line.amountCents),
        ]),
      total: [
        "Total",
        `${payout.count} ${payout.count === 1 ? "payout" : "payouts"}${returned.count > 0 ? `, ${returned.count} returned` : ""}`,
        "",
        money(payout.amountCents + returned.amountCents),
      ],
      empty: "No payouts this month.",
    },
  ];
}
