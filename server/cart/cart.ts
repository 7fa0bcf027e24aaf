import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { LicenseTier, TierPrices } from "../../shared/license-tiers.ts";
import { TAX_PERCENT } from "../../shared/shop-facts.ts";
import { productCardColumns } from "../catalogue/product-card.ts";
import type { Database, Queryable } from "../db/client.ts";
import { cartItems, creators, products } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { requireTierOffered, tierPriceSql, tierPricesOf } from "../licenses/tier-prices.ts";

// The cart (SPEC sections 3, 4 and 9). A line is one product under one licence tier, its quantity
// the licence's seats. Prices always come from the catalogue at the time of reading; the browser
// only ever names a product, a tier and, at most, a quantity.

export const MAX_QUANTITY = 99;
/** Tax on a subtotal, rounded once, to the cent. */
export function taxOn(subtotalCents: number): number {
  return Math.round((subtotalCents * TAX_PERCENT) / 100);
}

export interface CartLine {
  productId: number;
  title: string;
  creatorId: number;
  creatorName: string;
  licenseTier: LicenseTier;
  /** The price of one seat of the line's tier. */
  priceCents: number;
  /** Every tier the product is sold under, to change the line's tier in the cart. */
  tierPrices: TierPrices;
  imageUrl: string | null;
  quantity: number;
}

export interface Cart {
  lines: CartLine[];
  /** The sum of the quantities (the header's count). */
  count: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

const EMPTY_CART: Cart = { lines: [], count: 0, subtotalCents: 0, taxCents: 0, totalCents: 0 };

/**
 * The shopper's cart, oldest line first; products no longer on sale, and lines of a tier the
 * seller no longer offers, are left out.
 */
export async function getCart(db: Queryable, shopperId: string | null): Promise<Cart> {
  if (!shopperId) return EMPTY_CART;
  const linePrice = tierPriceSql(cartItems.licenseTier);
  const rows = await db
    .select({
      productId: products.id,
      title: products.title,
      creatorId: creators.id,
      creatorName: creators.name,
      licenseTier: cartItems.licenseTier,
      priceCents: sql<number>`${linePrice}`,
      personalPriceCents: products.priceCents,
      commercialPriceCents: products.commercialPriceCents,
      extendedPriceCents: products.extendedPriceCents,
      imageUrl: productCardColumns.imageUrl,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(and(eq(cartItems.shopperId, shopperId), eq(products.status, "published"), isNotNull(linePrice)))
    .orderBy(asc(cartItems.addedAt), asc(products.id));
  const lines = rows.map(({ personalPriceCents, commercialPriceCents, extendedPriceCents, ...line }) => ({
    ...line,
    tierPrices: tierPricesOf({ priceCents: personalPriceCents, commercialPriceCents, extendedPriceCents }),
  }));
  return { lines, ...totalsOf(lines) };
}

/** The count, subtotal, 8% tax and total of these lines. */
export function totalsOf(lines: { priceCents: number; quantity: number }[]): Omit<Cart, "lines"> {
  const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const taxCents = taxOn(subtotalCents);
  return {
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
  };
}

/**
 * Refuses a product that is not on sale (unknown, draft or hidden), and, when a tier is named, a
 * tier it is not sold under.
 */
export async function requireProductOnSale(db: Queryable, productId: number, tier?: LicenseTier): Promise<void> {
  const [row] = await db
    .select({
      priceCents: products.priceCents,
      commercialPriceCents: products.commercialPriceCents,
      extendedPriceCents: products.extendedPriceCents,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, "published")));
  if (!row) throw new Refusal("This product is not available.", 404);
  if (tier) requireTierOffered(tierPricesOf(row), tier);
}

const TOO_MANY = `You can have at most ${MAX_QUANTITY} of one product in your cart.`;

/**
 * Adds one seat of the product under `tier`: a new line with quantity 1, or one more on its line
 * (SPEC section 4), whose tier becomes the one just chosen.
 */
export async function addToCart(
  db: Database,
  shopperId: string,
  productId: number,
  tier: LicenseTier = "personal",
): Promise<void> {
  await requireProductOnSale(db, productId, tier);
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.shopperId, shopperId), eq(cartItems.productId, productId)))
      .for("update");
    if ((line?.quantity ?? 0) >= MAX_QUANTITY) throw new Refusal(TOO_MANY, 400);
    await tx
      .insert(cartItems)
      .values({ shopperId, productId, quantity: 1, licenseTier: tier })
      .onConflictDoUpdate({
        target: [cartItems.shopperId, cartItems.productId],
        set: { quantity: sql`LEAST(${cartItems.quantity} + 1, ${MAX_QUANTITY})`, licenseTier: tier },
      });
  });
}

/** Moves a line to another tier, its seats kept; refused for a tier the product is not sold under. */
export async function setLineTier(db: Database, shopperId: string, productId: number, tier: LicenseTier) {
  await requireProductOnSale(db, productId, tier);
  await db
    .update(cartItems)
    .set({ licenseTier: tier })
    .where(and(eq(cartItems.shopperId, shopperId), eq(cartItems.productId, productId)));
}

/** Changes a line by `delta` (the quantity buttons); a line that reaches 0 is removed. */
export async function changeQuantity(db: Database, shopperId: string, productId: number, delta: number) {
  await requireProductOnSale(db, productId);
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.shopperId, shopperId), eq(cartItems.productId, productId)))
      .for("update");
    const quantity = (line?.quantity ?? 0) + delta;
    if (quantity > MAX_QUANTITY) throw new Refusal(TOO_MANY, 400);
    if (quantity <= 0) {
      await tx.delete(cartItems).where(and(eq(cartItems.shopperId, shopperId), eq(cartItems.productId, productId)));
    } else if (line) {
      await tx
        .update(cartItems)
        .set({ quantity })
        .where(and(eq(cartItems.shopperId, shopperId), eq(cartItems.productId, productId)));
    } else {
      await tx
        .insert(cartItems)
        .values({ shopperId, productId, quantity })
        .onConflictDoUpdate({
          target: [cartItems.shopperId, cartItems.productId],
          set: { quantity: sql`LEAST(${cartItems.quantity} + ${quantity}, ${MAX_QUANTITY})` },
        });
    }
  });
}

/** Sets a line's quantity; 0 or less removes it (SPEC section 4). */
export async function setQuantity(db: Database, shopperId: string, productId: number, quantity: number) {
  if (quantity <= 0) return removeFromCart(db, shopperId, productId);
  if (quantity > MAX_QUANTITY) throw new Refusal(TOO_MANY, 400);
  await requireProductOnSale(db, productId);
  await db
    .insert(cartItems)
    .values({ shopperId, productId, quantity })
    .onConflictDoUpdate({ target: [cartItems.shopperId, cartItems.productId], set: { quantity } });
}

export async function removeFromCart(db: Database, shopperId: string, productId: number): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.shopperId, shopperId), eq(cartItems.productId, productId)));
}

export async function clearCart(db: Database, shopperId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.shopperId, shopperId));
}
