import { and, eq, isNull, sql } from "drizzle-orm";
import type { OrderLinkRequest } from "../../shared/order-link-schema.ts";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { orderLinkEmail } from "../email/order-link-email.ts";
import { PostgresRateLimitStore } from "../http/rate-limit-store.ts";
import { type JobQueue, QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { ORDER_LINK_DAYS, orderPagePath } from "./order-access.ts";

// A guest whose order link expired (or was lost) asks for a fresh one: the order's number and
// its email address. The link goes only to the order's own address, and the answer is the same
// whether or not they matched, so the form tells nobody which orders or addresses exist.

export const ORDER_LINK_SENT = "If an order with that number and email exists, we sent a new link to that address.";

export interface OrderLinkServices {
  db: Database;
  jobs: JobQueue;
  secret: string;
  publicUrl: string;
  shopName: string;
}

const HOUR = 60 * 60_000;
/** Requests an hour, per order number and per email address, whether or not they match. */
const ORDER_LINK_LIMITS = { perOrder: 3, perAddress: 5 } as const;
const TOO_MANY = "Too many requests for a new order link. Please try again in an hour.";

/**
 * Counts a look-up of an order by its number and address (a guest asking for a link, a buyer
 * withdrawing), matched or not, so the limit reveals nothing; refuses (429, `tooMany`) past it.
 */
export async function countOrderLookup(
  db: Database,
  { orderNumber, email, purpose, tooMany }: OrderLinkRequest & { purpose: string; tooMany: string },
): Promise<void> {
  const [perOrder, perAddress] = await Promise.all([
    new PostgresRateLimitStore(db, `${purpose}-order`, HOUR).increment(orderNumber),
    new PostgresRateLimitStore(db, `${purpose}-address`, HOUR).increment(email),
  ]);
  if (perOrder.totalHits > ORDER_LINK_LIMITS.perOrder || perAddress.totalHits > ORDER_LINK_LIMITS.perAddress) {
    throw new Refusal(tooMany, "rate-limited");
  }
}

/**
 * Emails a fresh link to the order's address when the number and address are those of a guest's
 * order; the message to show either way. Both counters move on every request, matched or not,
 * so the limit reveals nothing either.
 */
export async function requestOrderLink(
  services: OrderLinkServices,
  request: OrderLinkRequest,
  now = Date.now(),
): Promise<string> {
  const { db } = services;
  await countOrderLookup(db, { ...request, purpose: "order-link", tooMany: TOO_MANY });
  // Orders claimed by an account are seen by signing in; only a guest's order gets a link.
  const [order] = await db
    .select({ number: orders.number, email: orders.email, userId: orders.userId })
    .from(orders)
    .where(
      and(
        eq(orders.number, request.orderNumber),
        isNull(orders.userId),
        sql`lower(${orders.email}) = ${request.email}`,
      ),
    );
  if (order) {
    await services.jobs.send(
      QUEUES.sendEmail,
      orderLinkEmail({
        to: order.email,
        shopName: services.shopName,
        orderNumber: order.number,
        orderUrl: `${services.publicUrl}${orderPagePath(services.secret, order, now)}`,
        linkDays: ORDER_LINK_DAYS,
      }),
    );
  }
  return ORDER_LINK_SENT;
}
