import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { creatorFollows, creators, user } from "../db/schema.ts";
import { followedCreatorIds, followedCreators, NOT_FOLLOWING, setFollowEmails, toggleFollow } from "./follows.ts";

const database = setUpTestDatabase();
let creatorId = 0;

beforeAll(async () => {
  const [row] = await database.db
    .insert(creators)
    .values({ slug: "followed", name: "Followed Studio", followers: 100 })
    .returning({ id: creators.id });
  creatorId = row!.id;
  await database.db.insert(user).values([
    { id: "fan-1", name: "Fan One", email: "fan1@example.com" },
    { id: "fan-2", name: "Fan Two", email: "fan2@example.com" },
  ]);
});

const followers = async () =>
  (await database.db.select({ n: creators.followers }).from(creators).where(eq(creators.id, creatorId)))[0]!.n;

describe("following a creator", () => {
  it("adds one follower, and following again stops following", async () => {
    expect(await toggleFollow(database.db, "fan-1", creatorId)).toEqual({
      following: true,
      followers: 101,
      notifyNewProducts: true,
    });
    expect(await followedCreatorIds(database.db, "fan-1")).toEqual([creatorId]);
    expect(await followedCreatorIds(database.db, "fan-2")).toEqual([]);
    expect(await toggleFollow(database.db, "fan-1", creatorId)).toEqual({
      following: false,
      followers: 100,
      notifyNewProducts: false,
    });
  });

  it("counts each user once, and loses the follower when the account goes", async () => {
    await toggleFollow(database.db, "fan-1", creatorId);
    await toggleFollow(database.db, "fan-2", creatorId);
    expect(await followers()).toBe(102);
    await database.db.delete(user).where(eq(user.id, "fan-2"));
    expect(await followers()).toBe(101);
  });

  it("refuses an unknown creator", async () => {
    await expect(toggleFollow(database.db, "fan-1", 999_999)).rejects.toThrow("This creator does not exist.");
  });

  it("lists the creators a user follows, newest first, and nobody else's", async () => {
    const [other] = await database.db
      .insert(creators)
      .values({ slug: "second", name: "Second Studio" })
      .returning({ id: creators.id });
    await database.db.insert(user).values({ id: "fan-3", name: "Fan Three", email: "fan3@example.com" });
    await toggleFollow(database.db, "fan-3", creatorId);
    // Followed a minute earlier than the next: no waiting on the clock for an order.
    await database.db
      .update(creatorFollows)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(eq(creatorFollows.userId, "fan-3"));
    await toggleFollow(database.db, "fan-3", other!.id);
    expect((await followedCreators(database.db, "fan-3")).map((creator) => creator.name)).toEqual([
      "Second Studio",
      "Followed Studio",
    ]);
    expect(await followedCreators(database.db, "nobody")).toEqual([]);
  });

  it("emails on publish by default; the follower turns it off and on, only for a creator they follow", async () => {
    const [studio] = await database.db
      .insert(creators)
      .values({ slug: "emails", name: "Email Studio" })
      .returning({ id: creators.id });
    await database.db.insert(user).values({ id: "fan-4", name: "Fan Four", email: "fan4@example.com" });
    const choice = async () =>
      (await followedCreators(database.db, "fan-4")).find((creator) => creator.id === studio!.id)?.notifyNewProducts;
    await expect(
      setFollowEmails(database.db, { userId: "fan-4", creatorId: studio!.id, notifyNewProducts: false }),
    ).rejects.toThrow(NOT_FOLLOWING);
    await toggleFollow(database.db, "fan-4", studio!.id);
    expect(await choice()).toBe(true);
    await setFollowEmails(database.db, { userId: "fan-4", creatorId: studio!.id, notifyNewProducts: false });
    expect(await choice()).toBe(false);
    await setFollowEmails(database.db, { userId: "fan-4", creatorId: studio!.id, notifyNewProducts: true });
    expect(await choice()).toBe(true);
    // Following again after stopping starts from the default.
    await setFollowEmails(database.db, { userId: "fan-4", creatorId: studio!.id, notifyNewProducts: false });
    await toggleFollow(database.db, "fan-4", studio!.id);
    await toggleFollow(database.db, "fan-4", studio!.id);
    expect(await choice()).toBe(true);
  });
});
