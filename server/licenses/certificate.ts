import { and, eq } from "drizzle-orm";
import { formatDayUtc } from "../../shared/format.ts";
import { LICENSE_TERMS, SEATS_MEANING } from "../../shared/license-terms.ts";
import { aLicense, LICENSE_TIER_NAMES, type LicenseTier, seatsLabel } from "../../shared/license-tiers.ts";
import type { Database } from "../db/client.ts";
import { creators, licenses, orderItems } from "../db/schema.ts";
import { privateDownload, refusalPage } from "../http/private-file.ts";
import { PDF_COLOURS as COLOURS, drawableText, shopPdf } from "../lib/pdf-document.ts";
import { Refusal } from "../lib/refusal.ts";
import { findOrderFor, type OrderViewer } from "../orders/find-order.ts";

// A licence certificate: one page of PDF a buyer can keep or show a client, stating who holds
// which licence to what (docs/decisions/030). Made on request from the licence record, never
// stored: an upgrade shows at once, a refund takes it away.

export interface CertificateFacts {
  productTitle: string;
  creatorName: string;
  buyerName: string;
  buyerEmail: string;
  orderNumber: string;
  purchasedAt: Date;
  tier: LicenseTier;
  seats: number;
  licenseKey: string;
  termsVersion: string;
}

const NO_ITEM = "We could not find this item in the order.";
const ITEM_ID = /^[1-9][0-9]{0,8}$/;

/**
 * The facts of the certificate of item `itemId` of order `orderNumber`, if this viewer may see the
 * order (as its page: their account's, or they hold its link). Refused: another's order or item
 * (404, as a missing one), an unpaid order (409), a refunded item (410).
 */
async function certificateFacts(
  db: Database,
  secret: string,
  orderNumber: string,
  itemId: string | undefined,
  viewer: OrderViewer,
): Promise<CertificateFacts> {
  const order = await findOrderFor(db, { secret, orderNumber, viewer });
  if (!itemId || !ITEM_ID.test(itemId)) throw new Refusal(NO_ITEM, "not-found");
  const [item] = await db
    .select({
      title: orderItems.title,
      status: orderItems.status,
      upgradesLicenseId: orderItems.upgradesLicenseId,
      creatorName: creators.name,
      license: licenses,
    })
    .from(orderItems)
    .innerJoin(creators, eq(creators.id, orderItems.creatorId))
    .leftJoin(licenses, eq(licenses.orderItemId, orderItems.id))
    .where(and(eq(orderItems.id, Number(itemId)), eq(orderItems.orderId, order.id)));
  if (!item) throw new Refusal(NO_ITEM, "not-found");
  if (item.upgradesLicenseId !== null) {
    throw new Refusal(
      "This line upgraded a license bought earlier: download the certificate from that order's page.",
      "not-found",
    );
  }
  if (item.status === "refunded" || item.license?.status === "revoked") {
    throw new Refusal("This item was refunded, so its license has ended and it has no certificate.", "gone");
  }
  if (!item.license || order.paidAt === null) {
    throw new Refusal("This item has no license yet: its certificate is ready once the order is paid.", "conflict");
  }
  return {
    productTitle: item.title,
    creatorName: item.creatorName,
    buyerName: order.customerName,
    buyerEmail: order.email,
    orderNumber: order.number,
    purchasedAt: order.paidAt,
    tier: item.license.tier,
    seats: item.license.seats,
    licenseKey: item.license.key,
    termsVersion: item.license.termsVersion,
  };
}

const MARGIN = 64;

export interface CertificateSite {
  shopName: string;
  /** The License page's full address (the terms the certificate stands for). */
  licenseUrl: string;
}

/** The certificate of these facts as a one-page US Letter PDF. */
export function licenseCertificatePdf(facts: CertificateFacts, site: CertificateSite): Promise<Buffer> {
  const tierName = LICENSE_TIER_NAMES[facts.tier];
  const { doc, done } = shopPdf({
    size: "LETTER",
    margin: MARGIN,
    info: {
      Title: `${tierName} license certificate: ${facts.productTitle}`,
      // The exact name, whatever the font can draw (a PDF's metadata is Unicode).
      Author: site.shopName,
      Subject: `License ${facts.licenseKey} for ${facts.buyerName} <${facts.buyerEmail}>`,
      Keywords: facts.licenseKey,
    },
  });
  const width = doc.page.width - 2 * MARGIN;
  const drawable = (text: string) => drawableText(doc, text);

  doc.font("bold").fontSize(14).fillColor(COLOURS.primary).text(drawable(site.shopName));
  doc.moveDown(0.6).fontSize(28).fillColor(COLOURS.text).text("License Certificate");
  doc
    .moveDown(0.4)
    .font("regular")
    .fontSize(12)
    .fillColor(COLOURS.muted)
    .text(`This certifies that the buyer below holds ${aLicense(facts.tier)}, as the License Terms define it, to:`);
  doc.moveDown(0.8).font("bold").fontSize(18).fillColor(COLOURS.text).text(drawable(facts.productTitle));
  doc
    .font("regular")
    .fontSize(12)
    .fillColor(COLOURS.muted)
    .text(`by ${drawable(facts.creatorName)}`);
  rule(doc, width);

  const rows: [string, string][] = [
    ["Licensed to", drawable(facts.buyerName)],
    ["Email", drawable(facts.buyerEmail)],
    ["License", `${tierName} license · ${seatsLabel(facts.seats)}`],
    ["License key", facts.licenseKey],
    ["Order", facts.orderNumber],
    ["Date of purchase", formatDayUtc(facts.purchasedAt)],
    ["Terms version", facts.termsVersion],
  ];
  for (const [label, value] of rows) {
    const top = doc.y;
    doc.font("regular").fontSize(11).fillColor(COLOURS.muted).text(label, MARGIN, top, { width: 140 });
    doc
      .font("bold")
      .fontSize(11)
      .fillColor(COLOURS.text)
      .text(value, MARGIN + 150, top, { width: width - 150 });
    doc.moveDown(0.5);
  }
  doc.x = MARGIN;
  rule(doc, width);

  const terms = LICENSE_TERMS[facts.tier];
  doc.font("bold").fontSize(13).fillColor(COLOURS.text).text(`What the ${tierName} license allows`);
  doc.moveDown(0.3).font("regular").fontSize(11).fillColor(COLOURS.muted).text(terms.summary);
  doc.moveDown(0.4).fillColor(COLOURS.text).list(terms.may, { bulletRadius: 2, paragraphGap: 3 });
  doc.moveDown(0.6).font("bold").fontSize(13).text("Not allowed");
  doc.moveDown(0.3).font("regular").fontSize(11).list(terms.mayNot, { bulletRadius: 2, paragraphGap: 3 });
  doc
    .moveDown(0.6)
    .fillColor(COLOURS.muted)
    .text(`${seatsLabel(facts.seats)}. ${SEATS_MEANING}`);
  doc.x = MARGIN;
  rule(doc, width);
  doc
    .fontSize(10)
    .fillColor(COLOURS.muted)
    .text(
      `The full License Terms (version ${facts.termsVersion}) are at ${site.licenseUrl}. The creator keeps the copyright; this license cannot be transferred, and it ends if the purchase is refunded.`,
      { width, link: site.licenseUrl },
    );
  doc.end();
  return done;
}

function rule(doc: PDFKit.PDFDocument, width: number) {
  doc.moveDown(0.8);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(1)
    .strokeColor(COLOURS.rule)
    .stroke();
  doc.moveDown(0.8);
}

interface CertificateServices {
  db: Database;
  secret: string;
  shopName: string;
  publicUrl: string;
}

/**
 * The certificate route's answer (an account's and a guest's order alike): the PDF as a download,
 * or a small page saying why not, with its 4xx status, and the way back to the order.
 */
export async function certificateResponse(
  services: CertificateServices,
  {
    orderNumber,
    itemId,
    viewer,
    orderPageUrl,
  }: { orderNumber: string; itemId?: string; viewer: OrderViewer; orderPageUrl: string },
): Promise<Response> {
  try {
    const facts = await certificateFacts(services.db, services.secret, orderNumber, itemId, viewer);
    const pdf = await licenseCertificatePdf(facts, {
      shopName: services.shopName,
      licenseUrl: `${services.publicUrl}/license`,
    });
    return privateDownload(new Uint8Array(pdf), {
      filename: `license-certificate-${facts.licenseKey}.pdf`,
      contentType: "application/pdf",
    });
  } catch (error) {
    return refusalPage(error, "Certificate unavailable", { href: orderPageUrl, label: "Back to your order" });
  }
}
