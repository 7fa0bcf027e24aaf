import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { isOrderAccessToken } from "./order-access.ts";
import { ORDER_NUMBER } from "./order-number.ts";
import type { Order } from "./place-order.ts";

/** Who wants to see an order: a signed-in user, and/or whoever holds a guest order link. */
export interface OrderViewer {
  userId: string | null;
  accessToken?: string | null;
}

const NOT_FOUND = "We could not find this order.";

/**
 * The order, if this viewer may see it: it is their account's, or they hold its link. Anyone
 * else gets the same answer as for an order that does not exist, so numbers cannot be probed.
 */
export async function findOrderFor(
  db: Database,
  { secret, orderNumber, viewer }: { secret: string; orderNumber: string; viewer: OrderViewer },
): Promise<Order> {
  if (!ORDER_NUMBER.test(orderNumber)) throw new Refusal(NOT_FOUND, "not-found");
  const [order] = await db.select().from(orders).where(eq(orders.number, orderNumber));
  const allowed =
    order &&
    ((viewer.userId !== null && order.userId === viewer.userId) ||
      isOrderAccessToken({ secret, orderNumber, token: viewer.accessToken }));
  if (!allowed) throw new Refusal(NOT_FOUND, "not-found");
  return order;
}
