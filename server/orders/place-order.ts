import { and, eq, getTableColumns, inArray } from "drizzle-orm";
import type { LicenseTier } from "../../shared/license-tiers.ts";
import { getCart, totalsOf } from "../cart/cart.ts";
import type { Database, Queryable } from "../db/client.ts";
import { licenses, orderItems, orders, products } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { tierPricesOf } from "../licenses/tier-prices.ts";
import { priceUpgrade, type UpgradeTarget } from "../licenses/upgrades.ts";
import { splitSale } from "./money.ts";
import { newOrderNumber } from "./order-number.ts";

export interface Buyer {
  /** The signed-in account, or null for a guest. */
  userId: string | null;
  name: string;
  email: string;
}

/** A product, the licence tier and how many seats of it. */
export interface OrderLine {
  productId: number;
  licenseTier: LicenseTier;
  quantity: number;
}

/** A line as the order keeps it, priced: from the cart, given lines, or an upgrade. */
interface PricedLine {
  productId: number;
  title: string;
  creatorId: number;
  licenseTier: LicenseTier;
  priceCents: number;
  quantity: number;
  upgradesLicenseId?: number;
  upgradeToSeats?: number;
}

export interface PlaceOrderInput {
  /** Whose cart the order is made from (its bought lines leave it once paid); null only with `lines`. */
  shopperId: string | null;
  buyer: Buyer;
  /** The browser's key for this checkout attempt: the same key always gives the same order. */
  idempotencyKey: string;
  /** What to buy instead of the cart's lines (paying again for an order that ended unpaid). */
  lines?: OrderLine[];
  /** A licence upgrade to buy instead of the cart's lines (from the order page). */
  upgrade?: UpgradeTarget;
}

export type Order = typeof orders.$inferSelect;

/**
 * Makes an order from the shopper's cart (or the given lines), priced from the catalogue now:
 * items at their licence tier's current price times their seats, subtotal, 8% tax rounded once,
 * total, and each line's 70/30 split; products (and tiers) no longer on sale are left out, as the
 * cart leaves them out. A request repeated
 * with the same idempotency key (a retry, a double click, two at once) returns the first order.
 */
export async function placeOrder(db: Database, input: PlaceOrderInput): Promise<Order> {
  const earlier = await findByIdempotencyKey(db, input);
  if (earlier) return earlier;

  for (let attempt = 0; attempt < 5; attempt++) {
    const placed = await db.transaction(async (tx) => {
      const cart: { lines: PricedLine[]; subtotalCents: number; taxCents: number; totalCents: number } = input.upgrade
        ? await pricedUpgrade(tx, input.upgrade)
        : input.lines
          ? await priced(tx, input.lines)
          : await getCart(tx, input.shopperId);
      if (cart.lines.length === 0) {
        throw new Refusal(input.lines ? "These products are no longer on sale." : "Your cart is empty.", 400);
      }
      const [order] = await tx
        .insert(orders)
        .values({
          number: newOrderNumber(),
          userId: input.buyer.userId,
          shopperId: input.shopperId,
          email: input.buyer.email,
          customerName: input.buyer.name,
          subtotalCents: cart.subtotalCents,
          taxCents: cart.taxCents,
          totalCents: cart.totalCents,
          idempotencyKey: input.idempotencyKey,
        })
        // Either unique value may be taken: the key by a concurrent twin of this request (it
        // waits for that one to commit), the number by chance (one in 36^9 per order).
        .onConflictDoNothing()
        .returning();
      if (!order) return null;
      await tx.insert(orderItems).values(
        cart.lines.map((line) => {
          const lineTotalCents = line.priceCents * line.quantity;
          return {
            orderId: order.id,
            productId: line.productId,
            creatorId: line.creatorId,
            title: line.title,
            unitPriceCents: line.priceCents,
            quantity: line.quantity,
            licenseType: line.licenseTier,
            upgradesLicenseId: line.upgradesLicenseId ?? null,
            upgradeToSeats: line.upgradeToSeats ?? null,
            lineTotalCents,
            ...splitSale(lineTotalCents),
          };
        }),
      );
      return order;
    });
    if (placed) return placed;
    const twin = await findByIdempotencyKey(db, input);
    if (twin) return twin;
  }
  throw new Error("Could not find a free order number in 5 attempts");
}

/** A licence upgrade as an order's one line, at the difference it costs now. */
async function pricedUpgrade(tx: Queryable, target: UpgradeTarget) {
  const lines = [await priceUpgrade(tx, target)];
  return { lines, ...totalsOf(lines) };
}

/** These lines at the catalogue's prices now, without the products (or tiers) no longer on sale. */
async function priced(tx: Queryable, wanted: OrderLine[]) {
  const onSale = await tx
    .select({
      productId: products.id,
      title: products.title,
      creatorId: products.creatorId,
      priceCents: products.priceCents,
      commercialPriceCents: products.commercialPriceCents,
      extendedPriceCents: products.extendedPriceCents,
    })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          wanted.map((line) => line.productId),
        ),
        eq(products.status, "published"),
      ),
    );
  const lines = wanted.flatMap((line) => {
    const product = onSale.find((row) => row.productId === line.productId);
    const priceCents = product ? tierPricesOf(product)[line.licenseTier] : null;
    if (!product || priceCents === null) return [];
    const { productId, title, creatorId } = product;
    return [{ productId, title, creatorId, priceCents, licenseTier: line.licenseTier, quantity: line.quantity }];
  });
  return { lines, ...totalsOf(lines) };
}

async function findByIdempotencyKey(db: Database, input: PlaceOrderInput): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
  if (!order) return null;
  // A key is only ever reused by the browser that made it; anyone else's use of it is refused.
  const sameBuyer = input.buyer.userId ? order.userId === input.buyer.userId : order.shopperId === input.shopperId;
  if (!sameBuyer) throw new Refusal("This checkout request was already used. Please try again.", 409);
  return order;
}

/** The items of an order, in the order they were bought, each with its licence's key once paid. */
export function itemsOf(db: Queryable, orderId: number) {
  return db
    .select({ ...getTableColumns(orderItems), licenseKey: licenses.key })
    .from(orderItems)
    .leftJoin(licenses, eq(licenses.orderItemId, orderItems.id))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
}
