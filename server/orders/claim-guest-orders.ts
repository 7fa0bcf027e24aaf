import { and, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";

/**
 * A guest's orders join the account that proves the same address (a confirmed password account,
 * or Google saying the address is verified): from then on they are in My Orders and My Downloads.
 * Only ever called for a verified address, so nobody can claim orders by typing an email.
 */
export async function claimGuestOrders(db: Database, account: { id: string; email: string }): Promise<number> {
  const claimed = await db
    .update(orders)
    .set({ userId: account.id, updatedAt: sql`now()` })
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = lower(${account.email})`))
    .returning({ id: orders.id });
  return claimed.length;
}
