import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { user } from "../db/schema.ts";

/**
 * Where to email the buyer about an order now: a signed-in buyer's account address as it is today
 * (they may have changed it since they paid; the order keeps the one of then), a guest's order the
 * address they gave.
 */
export async function buyerAddress(db: Queryable, order: { email: string; userId: string | null }): Promise<string> {
  if (!order.userId) return order.email;
  const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, order.userId));
  return account?.email ?? order.email;
}
