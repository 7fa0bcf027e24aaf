import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  appeals,
  contactMessages,
  creators,
  orderItems,
  orders,
  products,
  refundRequests,
  sellerApplications,
} from "../db/schema.ts";

// The admin console's overview: what the platform has sold and earned, its shops and products,
// and the work waiting for an admin. One query per group of figures; each one reads what the
// schema indexes (the partial indexes of the queues, of published products) where it can.

/** How many days the "recent sales" figure covers. */
export const RECENT_DAYS = 30;

export interface KeyFigures {
  money: {
    /** What buyers paid, after discounts and before tax, for the items of paid or partly refunded orders, refunded items left out. */
    salesCents: number;
    /** The list prices of those same items (what they would have cost without a discount). */
    listSalesCents: number;
    /** The platform's 30% of those items, of what was paid for them: a share of `salesCents`. */
    platformCents: number;
    /** What was paid (after discounts, before tax) for the items refunded. */
    refundedCents: number;
    /** Orders that were paid (including those refunded since). */
    paidOrders: number;
    /** `salesCents` of the orders paid in the last RECENT_DAYS days. */
    recentSalesCents: number;
  };
  /** Shops with an owner, by standing. */
  sellers: { active: number; suspended: number; removed: number };
  products: { published: number; hidden: number; draft: number };
  waiting: { applications: number; refunds: number; appeals: number; messages: number };
}

type Row = Record<string, number | string | null>;

/** Postgres returns sums as numeric (text) and counts as bigint (text): both fit a JS number here. */
const toNumber = (value: number | string | null | undefined) => Number(value ?? 0);

async function one(db: Database, query: ReturnType<typeof sql>): Promise<Row> {
  const { rows } = await db.execute<Row>(query);
  return rows[0] ?? {};
}

function moneyFigures(db: Database, now: Date) {
  const counted = sql`${orders.status} IN ('paid', 'partially_refunded') AND ${orderItems.status} = 'active'`;
  const since = new Date(now.getTime() - RECENT_DAYS * 24 * 3600_000);
  // What was paid for an item: its line less its part of a discount, the amount its 70/30 split is
  // of (a database check), so that Sales and Platform fees are figures of the same amounts.
  const paid = sql`${orderItems.lineTotalCents} - ${orderItems.discountCents}`;
  return one(
    db,
    sql`SELECT
      coalesce(sum(${paid}) FILTER (WHERE ${counted}), 0) AS sales,
      coalesce(sum(${orderItems.lineTotalCents}) FILTER (WHERE ${counted}), 0) AS list_sales,
      coalesce(sum(${orderItems.platformCents}) FILTER (WHERE ${counted}), 0) AS platform,
      coalesce(sum(${paid}) FILTER (WHERE ${orderItems.status} = 'refunded'), 0) AS refunded,
      (SELECT count(*) FROM ${orders} WHERE ${orders.status} IN ('paid', 'partially_refunded', 'refunded')) AS paid_orders,
      coalesce(sum(${paid}) FILTER (WHERE ${counted} AND ${orders.paidAt} >= ${since}), 0) AS recent
    FROM ${orderItems} JOIN ${orders} ON ${orders.id} = ${orderItems.orderId}
    WHERE ${orders.status} IN ('paid', 'partially_refunded', 'refunded')`,
  );
}

function sellerFigures(db: Database) {
  return one(
    db,
    sql`SELECT
      count(*) FILTER (WHERE ${creators.standing} = 'active') AS active,
      count(*) FILTER (WHERE ${creators.standing} = 'suspended') AS suspended,
      count(*) FILTER (WHERE ${creators.standing} = 'removed') AS removed
    FROM ${creators} WHERE ${creators.userId} IS NOT NULL`,
  );
}

/** Published products are counted on their partial index, the others on theirs (index-only scans). */
function productFigures(db: Database) {
  return one(
    db,
    sql`SELECT
      (SELECT count(*) FROM ${products} WHERE ${products.status} = 'published') AS published,
      count(*) FILTER (WHERE ${products.status} = 'hidden') AS hidden,
      count(*) FILTER (WHERE ${products.status} = 'draft') AS draft
    FROM ${products} WHERE ${products.status} <> 'published'`,
  );
}

/** Every queue has a partial index on its open rows. */
function waitingFigures(db: Database) {
  return one(
    db,
    sql`SELECT
      (SELECT count(*) FROM ${sellerApplications} WHERE ${sellerApplications.status} = 'pending') AS applications,
      (SELECT count(*) FROM ${refundRequests} WHERE ${refundRequests.status} = 'requested') AS refunds,
      (SELECT count(*) FROM ${appeals} WHERE ${appeals.status} = 'pending') AS appeals,
      (SELECT count(*) FROM ${contactMessages} WHERE ${contactMessages.handledAt} IS NULL) AS messages`,
  );
}

/** The overview's figures, as they are now. */
export async function keyFigures(db: Database, now = new Date()): Promise<KeyFigures> {
  const [money, sellers, catalogue, waiting] = await Promise.all([
    moneyFigures(db, now),
    sellerFigures(db),
    productFigures(db),
    waitingFigures(db),
  ]);
  return {
    money: {
      salesCents: toNumber(money.sales),
      listSalesCents: toNumber(money.list_sales),
      platformCents: toNumber(money.platform),
      refundedCents: toNumber(money.refunded),
      paidOrders: toNumber(money.paid_orders),
      recentSalesCents: toNumber(money.recent),
    },
    sellers: {
      active: toNumber(sellers.active),
      suspended: toNumber(sellers.suspended),
      removed: toNumber(sellers.removed),
    },
    products: {
      published: toNumber(catalogue.published),
      hidden: toNumber(catalogue.hidden),
      draft: toNumber(catalogue.draft),
    },
    waiting: {
      applications: toNumber(waiting.applications),
      refunds: toNumber(waiting.refunds),
      appeals: toNumber(waiting.appeals),
      messages: toNumber(waiting.messages),
    },
  };
}
