import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { ownedNeedsChoice } from "../../shared/buy-again.ts";
import type { LicenseTier } from "../../shared/license-tiers.ts";
import { WITHDRAWAL_CONSENT } from "../../shared/withdrawal.ts";
import { bundleItems, bundlesOnSale } from "../bundles/bundles.ts";
import { getCart, itemsOfCart, type TaxOfLines, taxIncludedInPrices, taxOfLinesFor, totalsOf } from "../cart/cart.ts";
import type { Database, Queryable } from "../db/client.ts";
import { bundles, discountRedemptions, licenses, orderItems, orders, products } from "../db/schema.ts";
import { CODE_USED_BY_BUYER, priceDiscount, usedByBuyer } from "../discounts/discount-codes.ts";
import { Refusal } from "../lib/refusal.ts";
import { pricedProductColumns, seatPrice } from "../licenses/tier-prices.ts";
import { openUpgradeFor, priceUpgrade, type UpgradeTarget } from "../licenses/upgrades.ts";
import type { BuyerTax, BuyerWhereabouts, TaxSettings } from "../tax/buyer-tax.ts";
import { tenths } from "../tax/rate-table.ts";
import type { VatNumberCheck } from "../tax/vat-numbers/vat-number-check.ts";
import { buyerHasConsumerRights } from "./consumer-rights.ts";
import { splitSale } from "./money.ts";
import { newOrderNumber } from "./order-number.ts";

export interface Buyer {
  /** The signed-in account, or null for a guest. */
  userId: string | null;
  name: string;
  email: string;
}

/** A product, the licence tier and how many seats of it (and, pay what you want, the price chosen). */
interface OrderLine {
  productId: number;
  licenseTier: LicenseTier;
  quantity: number;
  chosenPriceCents?: number;
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
  upgradeFromTier?: LicenseTier;
  upgradeFromSeats?: number;
  /** The bundle the product is bought in, at its share of the bundle's price. */
  bundleId?: number;
  discountCents?: number;
}

export interface PlaceOrderInput {
  /** How the shop charges tax (config.tax). */
  tax: TaxSettings;
  /**
   * Where the buyer lives, as they chose at checkout, and where their request came from: needed
   * when tax is by the buyer's place (an order without a country is refused), unused in flat mode.
   */
  whereabouts?: BuyerWhereabouts;
  /** Whose cart the order is made from (its bought lines leave it once paid); null only with `lines`. */
  shopperId: string | null;
  buyer: Buyer;
  /** The browser's key for this checkout attempt: the same key always gives the same order. */
  idempotencyKey: string;
  /** The buyer ticked "Let the creators of these products email me" (absent: no). */
  sellerContactConsent?: boolean;
  /** An EU consumer ticked WITHDRAWAL_CONSENT: kept, word for word and when, where they have the right. */
  withdrawalConsent?: boolean;
  /** The buyer ticked BUY_AGAIN_LABEL: their cart may hold products they own (absent: it may not). */
  buyingOwnedAgain?: boolean;
  /** What to buy instead of the cart's lines (paying again for an order that ended unpaid). */
  lines?: OrderLine[];
  /** A licence upgrade to buy instead of the cart's lines (from the order page). */
  upgrade?: UpgradeTarget;
  /** With `lines`: bundles to buy too (for an earlier order's bundle items), priced for the buyer now. */
  bundleIds?: number[];
  /** With `lines`: the discount code the earlier order used, applied again if it still works. */
  discountCode?: string;
}

export type Order = typeof orders.$inferSelect;

/**
 * Makes an order from the shopper's cart (or the given lines), priced from the catalogue now:
 * items at their licence tier's current price times their seats, subtotal, tax (the spec's 8% rounded
 * once, or by the buyer's place: `whereabouts`), total, and each line's tax and 70/30 split; products (and tiers) no longer on sale are left out, as the
 * cart leaves them out. A request repeated
 * with the same idempotency key (a retry, a double click, two at once) returns the first order. An
 * upgrade of a licence with an upgrade to the same target waiting for payment returns that order,
 * whatever the key (openUpgradeFor).
 */
export async function placeOrder(db: Database, input: PlaceOrderInput): Promise<Order> {
  const earlier = await findByIdempotencyKey(db, input);
  if (earlier) return earlier;

  const whereabouts = input.whereabouts ?? { country: null, region: null, ipAddress: "unknown" };
  const taxOf = taxOfLinesFor(input.tax, whereabouts, { forOrder: true });
  for (let attempt = 0; attempt < 5; attempt++) {
    const placed = await db.transaction(async (tx) => {
      const open = input.upgrade ? await openUpgradeFor(tx, input.upgrade) : null;
      if (open) return open;
      const cart: PricedOrder = input.upgrade
        ? await pricedUpgrade(tx, input.upgrade, taxOf)
        : input.lines
          ? await priced(tx, {
              wanted: input.lines,
              bundleIds: input.bundleIds ?? [],
              buyer: input.buyer,
              code: input.discountCode,
              taxOf,
            })
          : await cartForOrder(tx, {
              shopperId: input.shopperId,
              email: input.buyer.email,
              buyingOwnedAgain: input.buyingOwnedAgain ?? false,
              taxOf,
              cartTax: { settings: input.tax, ipAddress: whereabouts.ipAddress },
            });
      if (cart.lines.length === 0) {
        throw new Refusal(input.lines ? "These products are no longer on sale." : "Your cart is empty.", "invalid");
      }
      const [order] = await tx
        .insert(orders)
        .values({
          number: newOrderNumber(),
          userId: input.buyer.userId,
          shopperId: input.shopperId,
          email: input.buyer.email,
          customerName: input.buyer.name,
          sellerContactConsent: input.sellerContactConsent ?? false,
          subtotalCents: cart.subtotalCents,
          discountCents: cart.discountCents,
          discountCodeId: cart.codeId,
          taxCents: cart.taxCents,
          taxLabel: cart.tax.label,
          taxIncluded: taxIncludedInPrices(cart.tax),
          waivedTaxCents: cart.waivedTaxCents,
          taxCountry: cart.tax.country,
          taxRegion: cart.tax.region,
          taxEvidence: cart.tax.place,
          ...buyerVatColumns(cart.tax.vatCheck),
          taxMention: cart.tax.mention,
          ...withdrawalConsentColumns(input.withdrawalConsent ?? false, cart.tax),
          totalCents: cart.totalCents,
          idempotencyKey: input.idempotencyKey,
        })
        // Either unique value may be taken: the key by a concurrent twin of this request (it
        // waits for that one to commit), the number by chance (one in 36^9 per order).
        .onConflictDoNothing()
        .returning();
      if (!order) return null;
      await tx.insert(orderItems).values(
        cart.lines.map((line, index) => {
          const lineTotalCents = line.priceCents * line.quantity;
          const taxed = cart.tax.lines[index]!;
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
            upgradeFromTier: line.upgradeFromTier ?? null,
            upgradeFromSeats: line.upgradeFromSeats ?? null,
            bundleId: line.bundleId ?? null,
            lineTotalCents,
            discountCents: line.discountCents ?? 0,
            netCents: taxed.netCents,
            taxCents: taxed.taxCents,
            taxRateTenths: tenths(taxed.rateBasisPoints),
            // The seller's share is of what the line earned, never of the tax the shop owes.
            ...splitSale(taxed.netCents),
          };
        }),
      );
      // The code's use, taken now (the code's row is locked until this commits); given back if the order ends unpaid.
      if (cart.codeId !== null) {
        await tx
          .insert(discountRedemptions)
          .values({ codeId: cart.codeId, orderId: order.id, email: input.buyer.email.trim().toLowerCase() });
      }
      return order;
    });
    if (placed) return placed;
    const twin = await findByIdempotencyKey(db, input);
    if (twin) return twin;
  }
  throw new Error("Could not find a free order number in 5 attempts");
}

/** An order's lines, priced, with its totals and the discount code it uses. */
interface PricedOrder {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  waivedTaxCents: number;
  totalCents: number;
  /** The tax of each line, in the order of `lines`, and how it is charged. */
  tax: BuyerTax;
  codeId: number | null;
}

const WITHOUT_THE_CODE = "Remove the code from your cart to check out without it.";

/**
 * The shopper's cart as an order prices it: its discount code, if it holds one, checked again
 * under the code's lock (uses left, dates, once per buyer); a code that no longer works is refused
 * (409) rather than dropped, so nobody pays more than the cart said without being told.
 */
async function cartForOrder(
  tx: Queryable,
  {
    shopperId,
    email,
    buyingOwnedAgain,
    taxOf,
    cartTax,
  }: {
    shopperId: string | null;
    email: string;
    buyingOwnedAgain: boolean;
    taxOf: TaxOfLines;
    cartTax: Parameters<typeof getCart>[2]["tax"];
  },
): Promise<PricedOrder> {
  const cart = await getCart(tx, shopperId, { lockCode: true, tax: cartTax });
  // Never bought twice by mistake: owning it already takes the buyer's deliberate choice.
  const owned = cart.lines.filter((line) => line.owned);
  if (owned.length > 0 && !buyingOwnedAgain) {
    throw new Refusal(ownedNeedsChoice(owned.map((line) => line.title)), "conflict");
  }
  const discount = cart.discount;
  if (discount?.problem) throw new Refusal(`${discount.problem} ${WITHOUT_THE_CODE}`, "conflict");
  if (discount?.oncePerBuyer && (await usedByBuyer(tx, discount.codeId!, email))) {
    throw new Refusal(`${CODE_USED_BY_BUYER} ${WITHOUT_THE_CODE}`, "conflict");
  }
  // Taxed again, strictly: the cart only showed the tax; the order takes it from the buyer's answer.
  const lines = itemsOfCart(cart);
  return { lines, ...totalsOf(lines, taxOf), codeId: discount?.codeId ?? null };
}

/** A licence upgrade as an order's one line, at the difference it costs now. */
async function pricedUpgrade(tx: Queryable, target: UpgradeTarget, taxOf: TaxOfLines): Promise<PricedOrder> {
  const lines = [await priceUpgrade(tx, target)];
  return { lines, ...totalsOf(lines, taxOf), codeId: null };
}

/**
 * These lines at the catalogue's prices now, without the products (or tiers) no longer on sale;
 * with the discount of `code` when it still applies for this buyer (paying again for an order that
 * used it), and without it otherwise.
 */
async function priced(
  tx: Queryable,
  {
    wanted,
    bundleIds,
    buyer,
    code,
    taxOf,
  }: { wanted: OrderLine[]; bundleIds: number[]; buyer: Buyer; code: string | undefined; taxOf: TaxOfLines },
): Promise<PricedOrder> {
  const onSale = await tx
    .select({
      productId: products.id,
      title: products.title,
      creatorId: products.creatorId,
      product: pricedProductColumns,
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
  const productLines: PricedLine[] = wanted.flatMap((line) => {
    const product = onSale.find((row) => row.productId === line.productId);
    const priceCents = product ? seatPrice(product.product, line.licenseTier, line.chosenPriceCents ?? null) : null;
    if (!product || priceCents === null) return [];
    const { productId, title, creatorId } = product;
    return [{ productId, title, creatorId, priceCents, licenseTier: line.licenseTier, quantity: line.quantity }];
  });
  const bundleLines: PricedLine[] = (await bundlesOnSale(tx, bundleIds, buyer.userId)).flatMap(bundleItems);
  const lines = [...productLines, ...bundleLines];
  if (!code || lines.length === 0) return { lines, ...totalsOf(lines, taxOf), codeId: null };
  const discount = await priceDiscount(tx, { enteredCode: code, pricedLines: lines, lock: true });
  const usable =
    !discount.problem && !(discount.oncePerBuyer && (await usedByBuyer(tx, discount.codeId!, buyer.email)));
  if (!usable) return { lines, ...totalsOf(lines, taxOf), codeId: null };
  const discounted = lines.map((line, index) => ({ ...line, discountCents: discount.lineCents[index]! }));
  return { lines: discounted, ...totalsOf(discounted, taxOf), codeId: discount.codeId };
}

/** An EU consumer's consent as the order keeps it: only where they have the right it gives up. */
function withdrawalConsentColumns(consent: boolean, tax: BuyerTax) {
  if (!consent || !buyerHasConsumerRights(tax)) return {};
  return { withdrawalConsentText: WITHDRAWAL_CONSENT, withdrawalConsentAt: sql`now()` };
}

/** A business buyer's VAT number as the order keeps it (docs/decisions/058). */
function buyerVatColumns(check: VatNumberCheck | null) {
  if (!check) return {};
  return {
    buyerVatNumber: check.vatNumber,
    buyerVatState: check.status === "valid" ? ("confirmed" as const) : ("unchecked" as const),
    buyerVatEvidence: [check],
  };
}

/** Where the buyer of an earlier order lives, as it was taxed, for an order that follows it (pay again, an upgrade). */
export function whereaboutsOfOrder(order: Order, ipAddress: string): BuyerWhereabouts {
  return {
    country: order.taxCountry,
    region: order.taxRegion,
    ipAddress,
    buyerConfirmed: Boolean(order.taxEvidence && "buyerConfirmed" in order.taxEvidence),
    // A business confirmed then, or since (its VAT refunded), is one still (VIES's answer is kept a
    // day; the order's is the evidence).
    vatCheck:
      order.buyerVatState === "confirmed" || order.buyerVatState === "refunded"
        ? (order.buyerVatEvidence?.findLast((check) => check.status === "valid") ?? null)
        : null,
  };
}

async function findByIdempotencyKey(db: Database, input: PlaceOrderInput): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
  if (!order) return null;
  // A key is only ever reused by the browser that made it; anyone else's use of it is refused.
  const sameBuyer = input.buyer.userId ? order.userId === input.buyer.userId : order.shopperId === input.shopperId;
  if (!sameBuyer) throw new Refusal("This checkout request was already used. Please try again.", "conflict");
  return order;
}

/**
 * The items of an order, in the order they were bought, each with its licence's key once paid and
 * the title of the bundle it was bought in.
 */
export function itemsOf(db: Queryable, orderId: number) {
  return db
    .select({ ...getTableColumns(orderItems), licenseKey: licenses.key, bundleTitle: bundles.title })
    .from(orderItems)
    .leftJoin(licenses, eq(licenses.orderItemId, orderItems.id))
    .leftJoin(bundles, eq(bundles.id, orderItems.bundleId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
}
