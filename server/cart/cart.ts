import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { LicenseTier, TierPrices } from "../../shared/license-tiers.ts";
import {
  BUNDLE_ALL_OWNED,
  type BundleProduct,
  bundleItems,
  bundlesOnSale,
  productsOwnedBy,
  requireBundleOnSale,
} from "../bundles/bundles.ts";
import { productCardColumns } from "../catalogue/product-card.ts";
import type { Database, Queryable } from "../db/client.ts";
import { bundleProducts, bundles, cartBundles, cartItems, creators, products, shoppers } from "../db/schema.ts";
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
import { buyerHasConsumerRights } from "../orders/consumer-rights.ts";
import { type BuyerTax, type BuyerWhereabouts, buyerTax, type TaxSettings } from "../tax/buyer-tax.ts";

// The cart. A line is one product under one licence tier, its quantity
// the licence's seats. Prices always come from the catalogue at the time of reading; the browser
// only ever names a product, a tier and, at most, a quantity.

export const MAX_QUANTITY = 99;

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
  /** The signed-in buyer owns this product already (a paid, not refunded purchase of any tier). */
  owned: boolean;
}

/** The discount code the cart holds: what it takes off, or why it takes nothing. */
export interface CartDiscount {
  code: string;
  codeId: number | null;
  oncePerBuyer: boolean;
  cents: number;
  problem: string | null;
}

/** A product of a cart's bundle that the buyer will buy (bundleItems), with its part of a code's discount. */
type BundleItemLine = ReturnType<typeof bundleItems>[number] & { discountCents: number };

/** A bundle in the cart, priced for its buyer (the products they own already are not bought again). */
export interface CartBundle {
  bundleId: number;
  title: string;
  creatorName: string;
  imageUrl: string | null;
  /** The bundle's price, and what its products cost one by one. */
  priceCents: number;
  valueCents: number;
  products: BundleProduct[];
  /** What this buyer pays for it before a discount code: the shares of the products they do not own. */
  toPayCents: number;
  /** The products bought, each an order item of its own. */
  items: BundleItemLine[];
  discountCents: number;
}

/** How the cart names its tax, and what the buyer must answer before paying (server/tax/buyer-tax.ts). */
export interface CartTax {
  /** "Tax (8%)", "VAT 20% (United Kingdom)", "Tax" while the buyer's country is not known. */
  label: string;
  /** The prices include the tax (the custom of the buyer's place): the total is not raised by it. */
  included: boolean;
  /** By the buyer's place only: the country and province taxed, as chosen or guessed. */
  byLocation: boolean;
  country: string | null;
  region: string | null;
  question: string | null;
  /** The question is a conflict of the evidence: the checkout may send the buyer's confirmation. */
  conflict: boolean;
  /** A business buyer's VAT number: confirmed (a reverse charge), or not checked yet (VAT charged; `message` says so). */
  vatNumber: { number: string; confirmed: boolean; message: string | null } | null;
  /** An EU consumer: the cart asks for their consent to delivery at once (docs/decisions/063). */
  consumerRights: boolean;
}

export interface Cart {
  lines: CartLine[];
  bundles: CartBundle[];
  /** How many products and bundles, whatever their seats (the header's badge, decision 040). */
  count: number;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  /** The VAT the prices include that a business under a reverse charge does not pay (0 for anyone else). */
  waivedTaxCents: number;
  totalCents: number;
  tax: CartTax;
  discount: CartDiscount | null;
}

/** What pricing a cart needs besides the catalogue: how the shop taxes, and where the buyer's request came from. */
export interface CartTaxContext {
  settings: TaxSettings;
  ipAddress: string;
}

/** Whether the prices held the tax charged: not under a reverse charge, where none is charged (what they held is waived). */
export function taxIncludedInPrices(tax: Pick<BuyerTax, "pricesIncludeTax" | "kind">): boolean {
  return tax.pricesIncludeTax && tax.kind === "rate";
}

/** For a reader of the cart's lines and prices, not its tax or totals (the cart reminder email). */
export const LINES_ONLY: CartTaxContext = { settings: { mode: "flat", rates: { countries: {} } }, ipAddress: "" };

/** The tax of some lines for one buyer: buyerTax with the buyer's place filled in. */
export type TaxOfLines = (
  lines: readonly { priceCents: number; quantity: number; discountCents?: number }[],
) => BuyerTax;

/** The tax of a buyer at `whereabouts`, leniently for the cart or strictly for an order. */
export function taxOfLinesFor(
  settings: TaxSettings,
  whereabouts: BuyerWhereabouts,
  { forOrder }: { forOrder: boolean },
): TaxOfLines {
  return (lines) => buyerTax({ settings, buyer: whereabouts, lines, forOrder });
}

/**
 * The shopper's cart, oldest line first, then its bundles; products no longer on sale, lines of a
 * tier the seller no longer offers, bundles no longer on sale and bundles whose products the buyer
 * all owns are left out (as is a product's own line when a bundle in the cart holds it). The
 * discount code it holds is checked again now and shared out over the lines and bundle items it
 * applies to; `lockCode` (a checkout) takes the code's row first.
 */
export async function getCart(
  db: Queryable,
  shopperId: string | null,
  options: { lockCode?: boolean; tax: CartTaxContext },
): Promise<Cart> {
  const whereabouts = { country: null, region: null, ipAddress: options.tax.ipAddress };
  if (!shopperId) return cartOf([], [], null, taxOfLinesFor(options.tax.settings, whereabouts, { forOrder: false }));
  const [shopper] = await db
    .select({
      discountCode: shoppers.discountCode,
      userId: shoppers.userId,
      country: shoppers.taxCountry,
      region: shoppers.taxRegion,
      vatCheck: shoppers.vatCheck,
    })
    .from(shoppers)
    .where(eq(shoppers.id, shopperId));
  const taxOf = taxOfLinesFor(
    options.tax.settings,
    {
      ...whereabouts,
      country: shopper?.country ?? null,
      region: shopper?.region ?? null,
      vatCheck: shopper?.vatCheck ?? null,
    },
    { forOrder: false },
  );
  const bundles = await cartBundlesOf(db, shopperId, shopper?.userId ?? null);
  const bundled = new Set(bundles.flatMap((bundle) => bundle.products.map((product) => product.productId)));
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
  const owned = await productsOwnedBy(
    db,
    shopper?.userId ?? null,
    rows.map((row) => row.productId),
  );
  const undiscounted = rows.flatMap(({ product, chosenPriceCents, ...line }) => {
    if (bundled.has(line.productId)) return [];
    const priceCents = seatPrice(product, line.licenseTier, chosenPriceCents);
    if (priceCents === null) return [];
    const payWhatYouWant = product.payWhatYouWant
      ? { minimumCents: product.priceCents, suggestedCents: product.suggestedPriceCents }
      : null;
    const tierPrices = tierPricesOf(product);
    return [{ ...line, priceCents, tierPrices, payWhatYouWant, discountCents: 0, owned: owned.has(line.productId) }];
  });
  const items = [...undiscounted, ...bundles.flatMap((bundle) => bundle.items)];
  if (!shopper?.discountCode || items.length === 0) return cartOf(undiscounted, bundles, null, taxOf);
  const priced = await priceDiscount(db, {
    enteredCode: shopper.discountCode,
    pricedLines: items,
    lock: options.lockCode,
  });
  const lines = undiscounted.map((line, index) => ({ ...line, discountCents: priced.lineCents[index]! }));
  let next = lines.length;
  const discountedBundles = bundles.map((bundle) => {
    const bundleItems = bundle.items.map((item) => ({ ...item, discountCents: priced.lineCents[next++]! }));
    const discountCents = bundleItems.reduce((sum, item) => sum + item.discountCents, 0);
    return { ...bundle, items: bundleItems, discountCents };
  });
  const { lineCents, ...discount } = priced;
  return cartOf(lines, discountedBundles, discount, taxOf);
}

/** The cart's bundles on sale, oldest first, priced for the buyer; those they own entirely left out. */
async function cartBundlesOf(db: Queryable, shopperId: string, userId: string | null): Promise<CartBundle[]> {
  const rows = await db
    .select({ bundleId: cartBundles.bundleId })
    .from(cartBundles)
    .where(eq(cartBundles.shopperId, shopperId))
    .orderBy(asc(cartBundles.addedAt), asc(cartBundles.bundleId));
  const onSale = await bundlesOnSale(
    db,
    rows.map((row) => row.bundleId),
    userId,
  );
  // A product is bought once per order: a bundle that shares one with an earlier bundle of the
  // cart (two carts merged at sign-in) waits until that one is bought or removed.
  const taken = new Set<number>();
  return onSale
    .filter((bundle) => {
      if (bundle.ownedCount === bundle.products.length) return false;
      if (bundle.products.some((product) => taken.has(product.productId))) return false;
      for (const product of bundle.products) taken.add(product.productId);
      return true;
    })
    .map((bundle) => ({
      bundleId: bundle.id,
      title: bundle.title,
      creatorName: bundle.creatorName,
      imageUrl: bundle.products[0]?.imageUrl ?? null,
      priceCents: bundle.priceCents,
      valueCents: bundle.valueCents,
      products: bundle.products,
      toPayCents: bundle.toPayCents,
      items: bundleItems(bundle).map((item) => ({ ...item, discountCents: 0 })),
      discountCents: 0,
    }));
}

/** Every priced line of the cart: its products' lines and its bundles' items. */
export function itemsOfCart(cart: Pick<Cart, "lines" | "bundles">) {
  return [...cart.lines, ...cart.bundles.flatMap((bundle) => bundle.items)];
}

function cartOf(
  lines: CartLine[],
  bundles: CartBundle[],
  discount: Omit<CartDiscount, "cents"> | null,
  taxOf: TaxOfLines,
): Cart {
  const { tax, ...totals } = totalsOf(itemsOfCart({ lines, bundles }), taxOf);
  // Products, not seats: a second seat added by a second click shows in the toast and the cart,
  // and the badge says how many things are in the cart (decision 040).
  const count = lines.length + bundles.length;
  return {
    lines,
    bundles,
    ...totals,
    count,
    tax: {
      label: tax.label,
      included: taxIncludedInPrices(tax),
      byLocation: tax.mode === "by-location",
      country: tax.country,
      region: tax.region,
      question: tax.question,
      conflict: tax.conflict,
      consumerRights: buyerHasConsumerRights(tax),
      vatNumber: tax.vatCheck && {
        number: tax.vatCheck.vatNumber,
        confirmed: tax.vatCheck.status === "valid",
        message: tax.vatCheck.status === "valid" ? null : tax.vatCheck.message,
      },
    },
    discount: discount && { ...discount, cents: totals.discountCents },
  };
}

/**
 * The count, subtotal, discount, tax (taxOf: on what is left after the discount, added to it or
 * included in it) and total of these lines, with the tax of each line.
 */
export function totalsOf(
  lines: readonly { priceCents: number; quantity: number; discountCents?: number }[],
  taxOf: TaxOfLines,
): Omit<Cart, "lines" | "bundles" | "discount" | "tax"> & { tax: BuyerTax } {
  const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const discountCents = lines.reduce((sum, line) => sum + (line.discountCents ?? 0), 0);
  const tax = taxOf(lines);
  return {
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    discountCents,
    taxCents: tax.taxCents,
    waivedTaxCents: subtotalCents - discountCents - tax.netCents - (tax.pricesIncludeTax ? tax.taxCents : 0),
    totalCents: tax.grossCents,
    tax,
  };
}

export const EMPTY_CART_CODE = "Add something to your cart first, then enter the code.";

/**
 * Puts a discount code in the cart: refused, with nothing changed, when there is no such code,
 * it cannot be used now, or it applies to nothing in the cart.
 */
export async function applyDiscountCode(db: Database, shopperId: string, text: string): Promise<string> {
  const cart = await getCart(db, shopperId, { tax: LINES_ONLY });
  const items = itemsOfCart(cart);
  if (items.length === 0) throw new Refusal(EMPTY_CART_CODE, "invalid");
  const priced = await priceDiscount(db, { enteredCode: text, pricedLines: items });
  if (priced.problem) throw new Refusal(priced.problem, "invalid");
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
  if (!row) throw new Refusal("This product is not available.", "not-found");
  if (wanted.tier && seatPrice(row, wanted.tier, null) === null) requireTierOffered(tierPricesOf(row), wanted.tier);
  if (wanted.chosenPriceCents !== undefined) {
    if (!row.payWhatYouWant) throw new Refusal(FIXED_PRICE, "invalid");
    requireChosenPrice(row, wanted.chosenPriceCents);
  }
  return row;
}

export const FIXED_PRICE = "This product has a fixed price.";

const TOO_MANY = `You can have at most ${MAX_QUANTITY} of one product in your cart.`;

/**
 * Adds one seat of the product under `tier`: a new line with quantity 1, or one more on its line
 *, whose tier becomes the one just chosen; for a pay-what-you-want product, at
 * the price the buyer chose, if they chose one (the line's earlier choice stays otherwise).
 */
export async function addToCart(
  db: Database,
  {
    shopperId,
    productId,
    tier = "personal",
    chosenPriceCents,
  }: { shopperId: string; productId: number; tier?: LicenseTier; chosenPriceCents?: number },
): Promise<void> {
  await requireProductOnSale(db, productId, { tier, chosenPriceCents });
  await requireNotInCartBundle(db, shopperId, productId);
  const chosen = chosenPriceCents === undefined ? {} : { chosenPriceCents };
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.shopperId, shopperId), eq(cartItems.productId, productId)))
      .for("update");
    if ((line?.quantity ?? 0) >= MAX_QUANTITY) throw new Refusal(TOO_MANY, "invalid");
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
export async function setChosenPrice(
  db: Database,
  { shopperId, productId, chosenPriceCents }: { shopperId: string; productId: number; chosenPriceCents: number },
) {
  await requireProductOnSale(db, productId, { chosenPriceCents });
  await db
    .update(cartItems)
    .set({ chosenPriceCents })
    .where(and(eq(cartItems.shopperId, shopperId), eq(cartItems.productId, productId)));
}

/** Moves a line to another tier, its seats kept; refused for a tier the product is not sold under. */
export async function setLineTier(
  db: Database,
  { shopperId, productId, tier }: { shopperId: string; productId: number; tier: LicenseTier },
) {
  await requireProductOnSale(db, productId, { tier });
  await db
    .update(cartItems)
    .set({ licenseTier: tier })
    .where(and(eq(cartItems.shopperId, shopperId), eq(cartItems.productId, productId)));
}

/** Changes a line by `delta` (the quantity buttons); a line that reaches 0 is removed. */
export async function changeQuantity(
  db: Database,
  { shopperId, productId, delta }: { shopperId: string; productId: number; delta: number },
) {
  await requireProductOnSale(db, productId);
  if (delta > 0) await requireNotInCartBundle(db, shopperId, productId);
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.shopperId, shopperId), eq(cartItems.productId, productId)))
      .for("update");
    const quantity = (line?.quantity ?? 0) + delta;
    if (quantity > MAX_QUANTITY) throw new Refusal(TOO_MANY, "invalid");
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

/** Sets a line's quantity; 0 or less removes it. */
export async function setQuantity(
  db: Database,
  { shopperId, productId, quantity }: { shopperId: string; productId: number; quantity: number },
) {
  if (quantity <= 0) return removeFromCart(db, shopperId, productId);
  if (quantity > MAX_QUANTITY) throw new Refusal(TOO_MANY, "invalid");
  await requireProductOnSale(db, productId);
  await requireNotInCartBundle(db, shopperId, productId);
  await db
    .insert(cartItems)
    .values({ shopperId, productId, quantity })
    .onConflictDoUpdate({ target: [cartItems.shopperId, cartItems.productId], set: { quantity } });
}

export async function removeFromCart(db: Database, shopperId: string, productId: number): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.shopperId, shopperId), eq(cartItems.productId, productId)));
}

export async function clearCart(db: Database, shopperId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(cartItems).where(eq(cartItems.shopperId, shopperId));
    await tx.delete(cartBundles).where(eq(cartBundles.shopperId, shopperId));
  });
}

/** A bundle of the cart that holds this product, if one does. */
async function cartBundleHolding(db: Queryable, shopperId: string, productIds: readonly number[]) {
  if (productIds.length === 0) return undefined;
  const [row] = await db
    .select({ title: bundles.title })
    .from(cartBundles)
    .innerJoin(bundles, eq(bundles.id, cartBundles.bundleId))
    .innerJoin(bundleProducts, eq(bundleProducts.bundleId, cartBundles.bundleId))
    .where(and(eq(cartBundles.shopperId, shopperId), inArray(bundleProducts.productId, [...productIds])))
    .limit(1);
  return row;
}

export const inCartBundle = (title: string) => `This product is already in your cart, in the bundle “${title}”.`;

/** Refuses to add a product on its own while a bundle of the cart holds it (it would be bought twice). */
async function requireNotInCartBundle(db: Queryable, shopperId: string, productId: number) {
  const holder = await cartBundleHolding(db, shopperId, [productId]);
  if (holder) throw new Refusal(inCartBundle(holder.title), "conflict");
}

/**
 * Puts a bundle in the cart (once: a bundle has no seats), priced for the shopper's account. The
 * cart's own lines of its products leave the cart: the bundle holds them now. Refused when it is not
 * on sale, when the buyer owns all of it, or when another bundle of the cart holds one of its products.
 */
export async function addBundleToCart(db: Database, shopperId: string, bundleId: number): Promise<void> {
  const [shopper] = await db.select({ userId: shoppers.userId }).from(shoppers).where(eq(shoppers.id, shopperId));
  const bundle = await requireBundleOnSale(db, bundleId, shopper?.userId ?? null);
  if (bundle.ownedCount === bundle.products.length) throw new Refusal(BUNDLE_ALL_OWNED, "conflict");
  const productIds = bundle.products.map((product) => product.productId);
  await db.transaction(async (tx) => {
    // The shopper's row, locked: two bundles added at once cannot both pass the overlap check.
    await tx.select({ id: shoppers.id }).from(shoppers).where(eq(shoppers.id, shopperId)).for("update");
    const [already] = await tx
      .select({ bundleId: cartBundles.bundleId })
      .from(cartBundles)
      .where(and(eq(cartBundles.shopperId, shopperId), eq(cartBundles.bundleId, bundleId)));
    if (already) return;
    const holder = await cartBundleHolding(tx, shopperId, productIds);
    if (holder) {
      throw new Refusal(
        `A product of this bundle is already in your cart, in the bundle “${holder.title}”.`,
        "conflict",
      );
    }
    await tx.insert(cartBundles).values({ shopperId, bundleId });
    await tx.delete(cartItems).where(and(eq(cartItems.shopperId, shopperId), inArray(cartItems.productId, productIds)));
  });
}

export async function removeBundleFromCart(db: Database, shopperId: string, bundleId: number): Promise<void> {
  await db.delete(cartBundles).where(and(eq(cartBundles.shopperId, shopperId), eq(cartBundles.bundleId, bundleId)));
}
