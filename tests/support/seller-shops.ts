import { asc, eq, isNull } from "drizzle-orm";
import { beforeAll } from "vitest";
import { seedSampleCatalogueIfEmpty } from "../../server/catalogue/seed-sample-catalogue.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { creators, user } from "../../server/db/schema.ts";
import type { ModerationServices } from "../../server/moderation/enforcement-rules.ts";
import { recordingJobs } from "./orders.ts";

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

/** When the moderation tests start, and a day count after it. */
export const T0 = new Date("2026-11-02T10:00:00Z");
export const at = (days: number) => new Date(T0.getTime() + days * 24 * 3600_000);

/**
 * What the enforcement and appeal tests share: the sample catalogue, an admin, moderation services
 * whose emails are recorded, new seller shops, and a shop's row as it is now.
 */
export function moderationFixture(database: DatabaseHandle) {
  const jobs = recordingJobs();
  const admin = "admin-1";
  const services: ModerationServices = {
    get db() {
      return database.db;
    },
    jobs,
    shopName: "Test Market",
    publicUrl: "http://shop.test",
  };
  beforeAll(async () => {
    await seedSampleCatalogueIfEmpty(database.db, database.pool);
    await database.db.insert(user).values({ id: admin, name: "Admin", email: "admin@example.com", role: "admin" });
  });
  return {
    jobs,
    admin,
    services,
    sellerShop: sellerShopMaker(database),
    shopOf: async (creatorId: number) =>
      (await database.db.select().from(creators).where(eq(creators.id, creatorId)))[0]!,
  };
}
