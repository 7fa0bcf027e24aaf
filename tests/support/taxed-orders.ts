import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../server/db/client.ts";
import { orderItems, orders, vatRefunds } from "../../server/db/schema.ts";
import { splitSale } from "../../server/orders/money.ts";
import { createOrder, createProduct } from "./factories.ts";

// Paid orders taxed by the buyer's place, written straight to the database with the figures a test
// chooses (each line's net, tax and rate), for the tax reports' tests: createOrder, then the tax
// columns an order placed by a buyer of that place would have.

export interface TaxedLine {
  netCents: number;
  taxCents: number;
  /** Tenths of a basis point: 19000 is 19%. */
  rateTenths: number;
}

/** A paid order of `lines` at `paidAt`; country null: taxed under the flat rule. Prices include the tax. */
export async function createTaxedOrder(
  db: Database,
  options: {
    creatorId: number;
    country: string | null;
    region?: string | null;
    currency?: string;
    label?: string;
    paidAt: Date;
    lines: TaxedLine[];
    /**
     * A business buyer's VAT number: confirmed at the checkout (a reverse charge: the lines should
     * carry no tax), or not checked then (VAT charged, checked again later).
     */
    buyerVat?: "reverse-charge" | "unchecked";
    status?: "paid" | "pending_payment";
  },
) {
  const products: Awaited<ReturnType<typeof createProduct>>[] = [];
  for (const line of options.lines) {
    products.push(await createProduct(db, { creatorId: options.creatorId, priceCents: line.netCents + line.taxCents }));
  }
  const { order, items } = await createOrder(db, {
    productIds: products.map((product) => product.id),
    paidAt: options.paidAt,
    status: options.status ?? "paid",
  });
  for (const [index, line] of options.lines.entries()) {
    const item = items.find((each) => each.productId === products[index]!.id)!;
    await db
      .update(orderItems)
      .set({
        netCents: line.netCents,
        taxCents: line.taxCents,
        taxRateTenths: line.rateTenths,
        ...splitSale(line.netCents),
      })
      .where(eq(orderItems.id, item.id));
  }
  const tax = options.lines.reduce((sum, line) => sum + line.taxCents, 0);
  await db
    .update(orders)
    .set({
      taxCountry: options.country,
      taxRegion: options.region ?? null,
      taxLabel: options.label ?? (options.country ? `VAT (${options.country})` : "Tax (8%)"),
      taxIncluded: options.country !== null,
      taxCents: tax,
      // The flat rule adds its tax to the prices; elsewhere the prices include it.
      totalCents: order.subtotalCents + (options.country === null ? tax : 0),
      currency: options.currency ?? "usd",
      ...(options.buyerVat
        ? {
            buyerVatNumber: `${options.country}123456789`,
            buyerVatState: options.buyerVat === "reverse-charge" ? "confirmed" : "unchecked",
            taxMention: options.buyerVat === "reverse-charge" ? "Reverse charge" : null,
          }
        : {}),
    })
    .where(eq(orders.id, order.id));
  return { order, items: await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)) };
}

/** Items refunded at `at` (their order partly refunded). */
export async function refundItems(db: Database, itemIds: number[], at: Date) {
  const [first] = await db
    .update(orderItems)
    .set({ status: "refunded", refundedAt: at })
    .where(inArray(orderItems.id, itemIds))
    .returning();
  await db.update(orders).set({ status: "partially_refunded" }).where(eq(orders.id, first!.orderId));
}

/**
 * The VAT of an order's active items given back at `at`, as server/orders/vat-recheck.ts does once
 * VIES confirms the number: what is owed line by line, the items' tax taken off, the refund made.
 */
export async function giveVatBack(db: Database, orderId: number, at: Date) {
  const lines = (await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))
    .filter((item) => item.status === "active" && item.taxCents > 0)
    .map((item) => ({ orderItemId: item.id, taxCents: item.taxCents }));
  await db.insert(vatRefunds).values({
    orderId,
    amountCents: lines.reduce((sum, line) => sum + line.taxCents, 0),
    lines,
    dueAt: at,
    providerRefundRef: `vat-refund-${orderId}`,
    refundedAt: at,
  });
  await db
    .update(orderItems)
    .set({ taxCents: 0 })
    .where(
      inArray(
        orderItems.id,
        lines.map((line) => line.orderItemId),
      ),
    );
  await db.update(orders).set({ buyerVatState: "refunded" }).where(eq(orders.id, orderId));
}
