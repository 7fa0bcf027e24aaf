import { and, asc, eq, sql } from "drizzle-orm";
import type { LicenseTier, TierPrices } from "../../shared/license-tiers.ts";
import { TAX_PERCENT } from "../../shared/shop-facts.ts";
import { productCardColumns } from "../catalogue/product-card.ts";
import type { Database, Queryable } from "../db/client.ts";
import { cartItems, creators, products, shoppers } from "../db/schema.ts";
import { priceDiscount } from "../discounts/discount-codes.ts";
import { Refusal } from "../lib/refusal.ts";
import {
  type PricedProduct,
  pricedProductColumns,
  requireChosenPrice,
  requireTierOffered,
  seatPrice,
  tierPricesOf,
} from "../licenses/tier-prices.ts";

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
  /** For a pay-what-you-want product: the least a buyer may pay, and the seller's suggestion. */
  payWhatYouWant: { minimumCents: number; suggestedCents: number | null } | null;
  imageUrl: string | null;
  quantity: number;
  /** The line's part of the discount code's discount (0 without one). */
  discountCents: number;
}

/** The discount code the cart holds: what it takes off, or why it takes nothing. */
export interface CartDiscount {
  code: string;
  codeId: number | null;
  oncePerBuyer: boolean;
  cents: number;
  problem: string | null;
}

export interface Cart {
  lines: CartLine[];
  /** The sum of the quantities (the header's count). */
  count: number;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  discount: CartDiscount | null;
}

const EMPTY_CART: Cart = {
  lines: [],
  count: 0,
  subtotalCents: 0,
  discountCents: 0,
  taxCents: 0,
  totalCents: 0,
  discount: null,
};

/**
 * The shopper's cart, oldest line first; products no longer on sale, and lines of a tier the
 * seller no longer offers, are left out. The discount code it holds is checked again now and
 * shared out over the lines it applies to; `lockCode` (a checkout) takes the code's row first.
 */
export async function getCart(
  db: Queryable,
  shopperId: string | null,
  options: { lockCode?: boolean } = {},
): Promise<Cart> {
  if (!shopperId) return EMPTY_CART;
  const [shopper] = await db
    .select({ discountCode: shoppers.discountCode })
    .from(shoppers)
    .where(eq(shoppers.id, shopperId));
  const rows = await db
    .select({
      productId: products.id,
      title: products.title,
      creatorId: creators.id,
      creatorName: creators.name,
      licenseTier: cartItems.licenseTier,
      chosenPriceCents: cartItems.chosenPriceCents,
      product: pricedProductColumns,
      imageUrl: productCardColumns.imageUrl,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(and(eq(cartItems.shopperId, shopperId), eq(products.status, "published")))
    .orderBy(asc(cartItems.addedAt), asc(products.id));
  const undiscounted = rows.flatMap(({ product, chosenPriceCents, ...line }) => {
    const priceCents = seatPrice(product, line.licenseTier, chosenPriceCents);
    if (priceCents === null) return [];
    const payWhatYouWant = product.payWhatYouWant
      ? { minimumCents: product.priceCents, suggestedCents: product.suggestedPriceCents }
      : null;
    return [{ ...line, priceCents, tierPrices: tierPricesOf(product), payWhatYouWant, discountCents: 0 }];
  });
  if (!shopper?.discountCode || undiscounted.length === 0) {
    return { lines: undiscounted, ...totalsOf(undiscounted), discount: null };
  }
  const priced = await priceDiscount(db, shopper.discountCode, undiscounted, { lock: options.lockCode });
  const lines = undiscounted.map((line, index) => ({ ...line, discountCents: priced.lineCents[index]! }));
  const { lineCents, ...discount } = priced;
  const totals = totalsOf(lines);
  return { lines, ...totals, discount: { ...discount, cents: totals.discountCents } };
}

/** The count, subtotal, discount, 8% tax on what is left after the discount, and total of these lines. */
export function totalsOf(
  lines: { priceCents: number; quantity: number; discountCents?: number }[],
): Omit<Cart, "lines" | "discount"> {
  const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const discountCents = lines.reduce((sum, line) => sum + (line.discountCents ?? 0), 0);
  const taxCents = taxOn(subtotalCents - discountCents);
  return {
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    discountCents,
    taxCents,
    totalCents: subtotalCents - discountCents + taxCents,
  };
}

export const EMPTY_CART_CODE = "Add something to your cart first, then enter the code.";

/**
 * Puts a discount code in the cart: refused, with nothing changed, when there is no such code,
 * it cannot be used now, or it applies to nothing in the cart.
 */
export async function applyDiscountCode(db: Database, shopperId: string, text: string): Promise<string> {
  const cart = await getCart(db, shopperId);
  if (cart.lines.length === 0) throw new Refusal(EMPTY_CART_CODE, 400);
  const priced = await priceDiscount(db, text, cart.lines);
  if (priced.problem) throw new Refusal(priced.problem, 400);
  await db.update(shoppers).set({ discountCode: priced.code }).where(eq(shoppers.id, shopperId));
  return priced.code;
}

/** Takes the discount code out of the cart. */
export async function removeDiscountCode(db: Database, shopperId: string): Promise<void> {
  await db.update(shoppers).set({ discountCode: null }).where(eq(shoppers.id, shopperId));
}

/**
 * Refuses a product that is not on sale (unknown, draft or hidden), and, when named, a tier it is
 * not sold under or a price the buyer chose that it does not take. Answers its price columns.
 */
export async function requireProductOnSale(
  db: Queryable,
  productId: number,
  wanted: { tier?: LicenseTier; chosenPriceCents?: number } = {},
): Promise<PricedProduct> {
  const [row] = await db
    .select(pricedProductColumns)
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, "published")));
  if (!row) throw new Refusal("This product is not available.", 404);
  if (wanted.tier && seatPrice(row, wanted.tier, null) === null) requireTierOffered(tierPricesOf(row), wanted.tier);
  if (wanted.chosenPriceCents !== undefined) {
    if (!row.payWhatYouWant) throw new Refusal(FIXED_PRICE, 400);
    requireChosenPrice(row, wanted.chosenPriceCents);
  }
  return row;
}

export const FIXED_PRICE = "This product has a fixed price.";

const TOO_MANY = `You can have at most ${MAX_QUANTITY} of one product in your cart.`;

/**
 * Adds one seat of the product under `tier`: a new line with quantity 1, or one more on its line
 * (SPEC section 4), whose tier becomes the one just chosen; for a pay-what-you-want product, at
 * the price the buyer chose, if they chose one (the line's earlier choice stays otherwise).
 */
export async function addToCart(
  db: Database,
  shopperId: string,
  productId: number,
  tier: LicenseTier = "personal",
  chosenPriceCents?: number,
): Promise<void> {
  await requireProductOnSale(db, productId, { tier, chosenPriceCents });
  const chosen = chosenPriceCents === undefined ? {} : { chosenPriceCents };
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.shopperId, shopperId), eq(cartItems.productId, productId)))
      .for("update");
    if ((line?.quantity ?? 0) >= MAX_QUANTITY) throw new Refusal(TOO_MANY, 400);
    await tx
      .insert(cartItems)
      .values({ shopperId, productId, quantity: 1, licenseTier: tier, ...chosen })
      .onConflictDoUpdate({
        target: [cartItems.shopperId, cartItems.productId],
        set: { quantity: sql`LEAST(${cartItems.quantity} + 1, ${MAX_QUANTITY})`, licenseTier: tier, ...chosen },
      });
  });
}

/** Changes what the buyer pays per seat of a pay-what-you-want line; refused below the minimum. */
export async function setChosenPrice(db: Database, shopperId: string, productId: number, chosenPriceCents: number) {
  await requireProductOnSale(db, productId, { chosenPriceCents });
  await db
    .update(cartItems)
    .set({ chosenPriceCents })
    .where(and(eq(cartItems.shopperId, shopperId), eq(cartItems.productId, productId)));
}

/** Moves a line to another tier, its seats kept; refused for a tier the product is not sold under. */
export async function setLineTier(db: Database, shopperId: string, productId: number, tier: LicenseTier) {
  await requireProductOnSale(db, productId, { tier });
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
