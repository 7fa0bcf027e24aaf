import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { type InvoiceKind, invoices, orderItems } from "../db/schema.ts";
import { privateDownload, refusalPage } from "../http/private-file.ts";
import { Refusal } from "../lib/refusal.ts";
import { findOrderFor, type OrderViewer } from "../orders/find-order.ts";
import { invoicePdf } from "./invoice-pdf.ts";

const CODE = /^(INV|CN)-\d{6,10}$/;
const NO_DOCUMENT = "This order has no invoice or credit note with that number.";

/**
 * The invoice or credit note `code` of an order, as a PDF download, for whoever may see the order's
 * page (its account, or the holder of its link); the same refusal page as a certificate's otherwise.
 */
export async function invoiceResponse(
  services: { db: Database; secret: string },
  {
    orderNumber,
    code,
    viewer,
    orderPageUrl,
  }: { orderNumber: string; code: string; viewer: OrderViewer; orderPageUrl: string },
): Promise<Response> {
  try {
    const order = await findOrderFor(services.db, { secret: services.secret, orderNumber, viewer });
    if (!CODE.test(code)) throw new Refusal(NO_DOCUMENT, "not-found");
    const [document] = await services.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.code, code), eq(invoices.orderId, order.id)));
    if (!document) throw new Refusal(NO_DOCUMENT, "not-found");
    const [credited] = document.creditsInvoiceId
      ? await services.db
          .select({ code: invoices.code })
          .from(invoices)
          .where(eq(invoices.id, document.creditsInvoiceId))
      : [];
    const pdf = await invoicePdf(document, {
      creditsCode: credited?.code ?? null,
      orderNumber: order.number,
      suppliedAt: await suppliedAtOf(services.db, document, order.paidAt),
    });
    return privateDownload(new Uint8Array(pdf), { filename: `${document.code}.pdf`, contentType: "application/pdf" });
  } catch (error) {
    return refusalPage(error, "Invoice unavailable", { href: orderPageUrl, label: "Back to your order" });
  }
}

/**
 * When what a document records happened: an invoice's sale (the order's payment), a credit note's
 * refund (the item's; one of the tax only is issued with its refund). The day of issue where the
 * order kept no such time.
 */
async function suppliedAtOf(
  db: Database,
  document: { kind: InvoiceKind; orderItemId: number | null; issuedAt: Date },
  paidAt: Date | null,
): Promise<Date> {
  if (document.kind === "invoice") return paidAt ?? document.issuedAt;
  if (document.orderItemId === null) return document.issuedAt;
  const [item] = await db
    .select({ refundedAt: orderItems.refundedAt })
    .from(orderItems)
    .where(eq(orderItems.id, document.orderItemId));
  return item?.refundedAt ?? document.issuedAt;
}
