import { eq } from "drizzle-orm";
import { beforeAll } from "vitest";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { creators, user } from "../../server/db/schema.ts";
import type { ModerationServices } from "../../server/moderation/enforcement-rules.ts";
import { createProducts, createSeller } from "./factories.ts";
import { recordingJobs } from "./orders.ts";

/**
 * Creators for tests: each call makes another creator with four published products, run by a
 * new seller account (createSeller).
 */
export function creatorMaker(database: DatabaseHandle) {
  return async function newCreator() {
    const { user: account, creator } = await createSeller(database.db);
    await createProducts(database.db, 4, { creatorId: creator.id });
    return { creatorId: creator.id, name: creator.name, userId: account.id, email: account.email };
  };
}

/** When the moderation tests start, and a day count after it. */
export const T0 = new Date("2026-11-02T10:00:00Z");
export const at = (days: number) => new Date(T0.getTime() + days * 24 * 3600_000);

/**
 * What the enforcement and appeal tests share: an admin, moderation services whose emails are
 * recorded, new creators, and a creator's row as it is now.
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
    await database.db.insert(user).values({ id: admin, name: "Admin", email: "admin@example.com", role: "admin" });
  });
  return {
    jobs,
    admin,
    services,
    newCreator: creatorMaker(database),
    creatorRow: async (creatorId: number) =>
      (await database.db.select().from(creators).where(eq(creators.id, creatorId)))[0]!,
  };
}
