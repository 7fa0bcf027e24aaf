import { sql } from "drizzle-orm";
import { isDemoAccountEmail } from "../accounts/shared-demo-accounts.ts";
import type { Database, Queryable } from "../db/client.ts";
import { DELIVERABLE_ORDER_STATUSES } from "../delivery/open-download.ts";
import { csvFile } from "../lib/csv.ts";

// A seller's customers: the people who bought the seller's products, one row per address
// (lowercased: an account and a guest who bought with the same address are one person). What they
// bought counts while it is theirs: items of paid or partly refunded orders that were not refunded.
// A customer's address is the seller's to see (and to email, in a broadcast) only if the customer
// agreed at checkout, on any of their orders with this seller, that its sellers may email them;
// otherwise the seller sees their name and purchases, never their address.

export const CUSTOMERS_PAGE_SIZE = 50;
/** The most rows the CSV export holds: a shop with more exports its most recent customers. */
const CUSTOMERS_EXPORT_MAX = 50_000;

export interface SellerCustomer {
  /** The latest name they bought under. */
  name: string;
  /** Null unless they agreed to hear from the shop's sellers. */
  email: string | null;
  purchases: number;
  /** What they paid for the seller's products (before tax, after discounts), in cents. */
  spentCents: number;
  lastPurchaseAt: Date;
}

const deliverable = sql.join(
  DELIVERABLE_ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** Each buyer's orders with the seller: what they paid for the seller's items of each, and its consent. */
const purchasesOf = (creatorId: number) => sql`
  SELECT lower(o.email) AS email, o.id AS order_id, o.customer_name, o.seller_contact_consent,
    coalesce(o.paid_at, o.created_at) AS bought_at,
    sum(i.line_total_cents - i.discount_cents) AS spent_cents
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE i.creator_id = ${creatorId} AND i.status = 'active' AND o.status IN (${deliverable})
  GROUP BY o.id`;

interface CustomerRow extends Record<string, unknown> {
  email: string;
  name: string;
  consented: boolean;
  purchases: number;
  spent_cents: number;
  last_purchase_at: Date | string;
  total: number;
}

async function customerRows(db: Database, creatorId: number, limit: number, offset: number) {
  const { rows } = await db.execute<CustomerRow>(sql`
    WITH purchases AS (${purchasesOf(creatorId)})
    SELECT email,
      (array_agg(customer_name ORDER BY bought_at DESC, order_id DESC))[1] AS name,
      bool_or(seller_contact_consent) AS consented,
      count(*)::int AS purchases,
      sum(spent_cents)::int AS spent_cents,
      max(bought_at) AS last_purchase_at,
      count(*) OVER ()::int AS total
    FROM purchases
    GROUP BY email
    ORDER BY max(bought_at) DESC, email
    LIMIT ${limit} OFFSET ${offset}`);
  return rows;
}

/** The name a real buyer is shown under on the demo seller's pages in a demo shop (decision 039). */
export const HIDDEN_BUYER_NAME = "A shopper (hidden in the demo shop)";

export interface CustomerListOptions {
  /**
   * The shared demo seller of a demo shop: its pages are every visitor's, so only the demo accounts'
   * own purchases are shown as they are; a real buyer's name and address are hidden.
   */
  hideRealBuyers?: boolean;
}

const customerOf = (row: CustomerRow, { hideRealBuyers = false }: CustomerListOptions = {}): SellerCustomer =>
  hideRealBuyers && !isDemoAccountEmail(row.email)
    ? { ...shownCustomerOf(row), name: HIDDEN_BUYER_NAME, email: null }
    : shownCustomerOf(row);

const shownCustomerOf = (row: CustomerRow): SellerCustomer => ({
  name: row.name,
  email: row.consented ? row.email : null,
  purchases: row.purchases,
  spentCents: row.spent_cents,
  lastPurchaseAt: new Date(row.last_purchase_at),
});

/** Page `page` (from 1) of the seller's customers, latest purchase first, and how many there are in all. */
export async function listCustomers(
  db: Database,
  { creatorId, page = 1, ...options }: { creatorId: number; page?: number } & CustomerListOptions,
): Promise<{ customers: SellerCustomer[]; total: number }> {
  const rows = await customerRows(db, creatorId, CUSTOMERS_PAGE_SIZE, (page - 1) * CUSTOMERS_PAGE_SIZE);
  return { customers: rows.map((row) => customerOf(row, options)), total: rows[0]?.total ?? 0 };
}

/** The addresses of the seller's customers who agreed to hear from them (a broadcast's "customers"), sorted. */
export async function consentingCustomerEmails(db: Queryable, creatorId: number): Promise<string[]> {
  const { rows } = await db.execute<{ email: string }>(sql`
    WITH purchases AS (${purchasesOf(creatorId)})
    SELECT email FROM purchases GROUP BY email HAVING bool_or(seller_contact_consent) ORDER BY email`);
  return rows.map((row) => row.email);
}

const NOT_SHARED = "";

/** The seller's customers as a CSV file: the page's columns, amounts in dollars, dates as YYYY-MM-DD (UTC). */
export async function customersCsv(db: Database, creatorId: number): Promise<string> {
  const rows = (await customerRows(db, creatorId, CUSTOMERS_EXPORT_MAX, 0)).map((row) => customerOf(row));
  const lines = [
    ["Name", "Email", "Purchases", "Total spent (USD)", "Last purchase"],
    ...rows.map((customer) => [
      customer.name,
      customer.email ?? NOT_SHARED,
      String(customer.purchases),
      (customer.spentCents / 100).toFixed(2),
      customer.lastPurchaseAt.toISOString().slice(0, 10),
    ]),
  ];
  return csvFile(lines);
}
