import { asc, eq, isNull } from "drizzle-orm";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { creators, user } from "../../server/db/schema.ts";

/**
 * Seller shops for tests: each call hands out another creator of the sample catalogue (with its
 * published products) run by a new seller account. Seed the sample catalogue first.
 */
export function sellerShopMaker(database: DatabaseHandle) {
  let taken = 0;
  return async function sellerShop() {
    const [shop] = await database.db
      .select({ id: creators.id, name: creators.name })
      .from(creators)
      .where(isNull(creators.userId))
      .orderBy(asc(creators.id))
      .limit(1);
    if (!shop) throw new Error("No sample creator left for another seller shop");
    const id = `seller-${shop.id}-${++taken}`;
    const email = `${id}@example.com`;
    await database.db.insert(user).values({ id, name: `Seller ${shop.id}`, email, isSeller: true });
    await database.db.update(creators).set({ userId: id }).where(eq(creators.id, shop.id));
    return { creatorId: shop.id, name: shop.name, userId: id, email };
  };
}
