import { and, countDistinct, eq, inArray, sql, sum } from "drizzle-orm";
import { formatCount } from "../../shared/format.ts";
import { MARKETPLACE_STATS, SELLER_STATS } from "../../shared/shop-facts.ts";
import type { Database } from "../db/client.ts";
import { orderItems, orders, payouts, products } from "../db/schema.ts";
import { cachedPerDatabase } from "../lib/ttl-cache.ts";
import { isPublished } from "./product-card.ts";

// The figures the shop's pages state about itself (Become a Seller's "Our sellers so far", its
// customers). A demo shop states the storefront's sample claims as written; a live shop only what its
// database holds, and nothing where that is nothing yet.

interface ShopFigure {
  value: string;
  label: string;
}

export interface ShopCounts {
  /** Sellers with at least one product on sale. */
  activeSellers: number;
  /** Payouts sent to sellers, in cents. */
  paidToCreatorsCents: number;
  /** Copies sold in paid orders (refunded lines left out). */
  productsSold: number;
  /** Buyers of paid orders: accounts, and guests by email address. */
  customers: number;
}

/** Orders whose payment was taken and not wholly given back. */
const SOLD = ["paid", "partially_refunded"] as const;

export async function countShop(db: Database): Promise<ShopCounts> {
  const [[sellers], [paid], [sold]] = await Promise.all([
    db
      .select({ value: countDistinct(products.creatorId) })
      .from(products)
      .where(isPublished),
    db
      // What reached sellers: a payout partly reversed counts what stayed with them.
      .select({ value: sum(sql`${payouts.amountCents} - ${payouts.returnedCents}`).mapWith(Number) })
      .from(payouts)
      .where(eq(payouts.status, "sent")),
    db
      .select({
        copies: sum(orderItems.quantity).mapWith(Number),
        customers: countDistinct(sql`coalesce(${orders.userId}, lower(${orders.email}))`),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(inArray(orders.status, SOLD), eq(orderItems.status, "active"))),
  ]);
  return {
    activeSellers: sellers?.value ?? 0,
    paidToCreatorsCents: paid?.value ?? 0,
    productsSold: sold?.copies ?? 0,
    customers: sold?.customers ?? 0,
  };
}

// Counting every order takes a scan: the figures may be a minute old.
const cachedCounts = cachedPerDatabase(60_000, countShop);

export interface SellerPageFigures {
  /** "Our sellers so far": none in a live shop that has sold nothing yet. */
  sellerStats: ShopFigure[];
  /** How many customers sellers would reach ("25K+"), or null: not stated. */
  customers: string | null;
}

/** Become a Seller's figures: the storefront's in a demo shop, the database's (those above 0) in a live one. */
export async function sellerPageFigures(db: Database, shopMode: "demo" | "live"): Promise<SellerPageFigures> {
  if (shopMode === "demo") {
    return {
      sellerStats: [...SELLER_STATS],
      customers: MARKETPLACE_STATS.find((stat) => stat.label === "Customers")?.value ?? null,
    };
  }
  return figuresOf(await cachedCounts(db));
}

/** A live shop's figures from its counts: those above 0 only. */
export function figuresOf(counts: ShopCounts): SellerPageFigures {
  const paidDollars = Math.floor(counts.paidToCreatorsCents / 100);
  const stats: [number, ShopFigure][] = [
    [counts.activeSellers, { value: formatCount(counts.activeSellers), label: "Active sellers" }],
    [paidDollars, { value: `$${formatCount(paidDollars)}`, label: "Paid to creators" }],
    [counts.productsSold, { value: formatCount(counts.productsSold), label: "Products sold" }],
  ];
  return {
    sellerStats: stats.filter(([count]) => count > 0).map(([, figure]) => figure),
    customers: counts.customers > 0 ? formatCount(counts.customers) : null,
  };
}
