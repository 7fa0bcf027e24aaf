import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDestinationServices } from "../../tests/support/payouts.ts";
import { setUpTestAuth } from "../../tests/support/test-auth.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { signIn } from "../accounts/credentials.ts";
import { assertNotSharedDemoAccount, DEMO_ACCOUNT_LOCKED, DEMO_USER_IDS } from "../accounts/shared-demo-accounts.ts";
import { prepareLiveShop } from "../catalogue/shop-mode.ts";
import { account, creators, passkey, payoutSettings, products, session, user } from "../db/schema.ts";
import { savePayoutSettings } from "../payouts/payouts.ts";
import { DEMO_ACCOUNTS } from "./accounts/demo-accounts.ts";
import { sampleProducts } from "./catalogue/sample-catalogue.ts";
import { prepareDemoShop, restoreDemoShop } from "./demo-shop.ts";

// SHOP_MODE=demo (docs/decisions/017-demo-and-live-modes.md): the sample catalogue and the shared demo
// accounts, restored every day, and what a live shop does to them when the database is turned live.

const [buyer, seller] = DEMO_ACCOUNTS;

describe("a demo shop", () => {
  const database = setUpTestDatabase();
  const accounts = setUpTestAuth(database);
  const sampleIds = sampleProducts.map((product) => product.id);

  it("loads the sample catalogue and the demo accounts, which anyone can sign in to but nobody can take over", async () => {
    expect(await prepareDemoShop(database.db, database.pool)).toEqual([
      `Loaded the sample catalogue (${sampleProducts.length} products)`,
    ]);
    const signedIn = await signIn(accounts.client(), { email: seller.email, password: seller.password });
    expect(signedIn).toMatchObject({ user: { email: seller.email } });
    expect(() => assertNotSharedDemoAccount("demo", seller.email)).toThrow(DEMO_ACCOUNT_LOCKED);
    expect(() => assertNotSharedDemoAccount("demo", ` ${buyer.email.toUpperCase()}`)).toThrow(DEMO_ACCOUNT_LOCKED);
    expect(() => assertNotSharedDemoAccount("demo", "someone@example.com")).not.toThrow();
    expect(() => assertNotSharedDemoAccount("live", seller.email)).not.toThrow();
  });

  it("is restored every day: sample products as written and on sale, demo accounts as published, no payout settings", async () => {
    const [first, second] = sampleIds;
    await database.db.update(products).set({ status: "draft", title: "Defaced" }).where(eq(products.id, first!));
    await database.db
      .update(products)
      .set({ status: "hidden", hiddenBy: "moderation", hiddenNote: "why" })
      .where(eq(products.id, second!));
    await database.db
      .update(user)
      .set({ name: "Taken over", image: "/media/avatars/x.webp" })
      .where(eq(user.id, seller.id));
    await database.db.update(account).set({ password: "not-the-published-one" }).where(eq(account.userId, seller.id));
    const [shop] = await database.db.select().from(creators).where(eq(creators.userId, seller.id));
    await savePayoutSettings(database.db, testDestinationServices(), {
      creatorId: shop!.id,
      input: { method: "paypal", paypalEmail: "thief@example.com" },
    });

    await restoreDemoShop(database.db);

    const restored = await database.db
      .select()
      .from(products)
      .where(inArray(products.id, [first!, second!]));
    for (const product of restored) {
      expect(product).toMatchObject({ status: "published", hiddenBy: null, hiddenNote: null });
    }
    expect(restored.find((product) => product.id === first)!.title).toBe(sampleProducts[0]!.title);
    const [demoSeller] = await database.db.select().from(user).where(eq(user.id, seller.id));
    expect(demoSeller).toMatchObject({ name: "seller", image: null, email: seller.email });
    expect(await database.db.select().from(payoutSettings).where(eq(payoutSettings.creatorId, shop!.id))).toEqual([]);
    const again = await signIn(accounts.client(), { email: seller.email, password: seller.password });
    expect(again).toMatchObject({ user: { id: seller.id } });
  });

  it("turned live: the demo accounts cannot sign in, their sessions end, and the sample products are off sale", async () => {
    await signIn(accounts.client(), { email: buyer.email, password: buyer.password });
    // A passkey, which no demo account may add in Settings (decision 055): were there one, it goes too.
    await database.db.insert(passkey).values({
      id: "demo-passkey",
      userId: buyer.id,
      publicKey: "key",
      credentialID: "demo-credential",
      counter: 0,
      deviceType: "multiDevice",
      backedUp: true,
    });
    expect(
      (
        await database.db
          .select()
          .from(session)
          .where(inArray(session.userId, [...DEMO_USER_IDS]))
      ).length,
    ).toBeGreaterThan(0);

    const done = await prepareLiveShop(database.db, database.pool);
    expect(done.join(" ")).toMatch(/demo accounts disabled/);

    expect(
      await database.db
        .select()
        .from(session)
        .where(inArray(session.userId, [...DEMO_USER_IDS])),
    ).toEqual([]);
    expect(
      await database.db
        .select()
        .from(account)
        .where(inArray(account.userId, [...DEMO_USER_IDS])),
    ).toEqual([]);
    expect(
      await database.db
        .select()
        .from(passkey)
        .where(inArray(passkey.userId, [...DEMO_USER_IDS])),
    ).toEqual([]);
    await expect(signIn(accounts.client(), { email: buyer.email, password: buyer.password })).rejects.toThrow(
      "Invalid email or password",
    );
    const onSale = await database.db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, sampleIds))
      .then((rows) => rows.length);
    const published = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, "published"));
    expect(onSale).toBe(sampleIds.length);
    expect(published.filter((row) => sampleIds.includes(row.id))).toEqual([]);
  });
});
