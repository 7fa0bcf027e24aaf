import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct, createSeller } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { licenses, webhookDeliveries } from "../db/schema.ts";
import { addWebhookEndpoint } from "../webhooks/endpoints.ts";
import {
  activateLicense,
  allSeatsInUse,
  deactivateLicense,
  LICENSE_REVOKED,
  NO_SUCH_LICENSE,
  NOT_ACTIVATED,
  verifyLicense,
} from "./activations.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
let seller: Awaited<ReturnType<typeof createSeller>>;
let product: { id: number; title: string };

beforeAll(async () => {
  seller = await createSeller(database.db);
  product = await createProduct(database.db, { creatorId: seller.creator.id });
});

/** A paid order of the product; its licence, with `seats` seats. */
async function licenseWith(seats: number) {
  const { items } = await createOrder(database.db, { productIds: [product.id] });
  const item = items[0];
  const [license] = await database.db
    .update(licenses)
    .set({ seats })
    .where(eq(licenses.orderItemId, item!.id))
    .returning();
  return license!;
}

const anyone = {};

describe("the refusal when every seat is in use", () => {
  it("says it in correct English for one seat and for several", () => {
    expect(allSeatsInUse(1)).toBe("The one seat of this license is in use: deactivate its instance first.");
    expect(allSeatsInUse(3)).toBe("All 3 seats of this license are in use: deactivate one of its instances first.");
  });
});

describe("verify", () => {
  it("describes the licence without the buyer, and refuses an unknown key or another seller's or product's", async () => {
    const license = await licenseWith(2);
    const described = await verifyLicense(database.db, anyone, { key: ` ${license.key.toLowerCase()} ` });
    expect(described).toEqual({
      valid: true,
      status: "active",
      product: { id: product.id, title: expect.any(String) },
      tier: license.tier,
      seats: 2,
      activations: { active: 0, instances: [] },
    });
    expect(JSON.stringify(described)).not.toMatch(/@/);
    await expect(verifyLicense(database.db, anyone, { key: "DGM-0000-0000-0000-0000" })).rejects.toMatchObject({
      status: 404,
      message: NO_SUCH_LICENSE,
    });
    await expect(
      verifyLicense(database.db, anyone, { key: license.key, productId: product.id + 1000 }),
    ).rejects.toMatchObject({ status: 404 });
    const stranger = await createSeller(database.db);
    await expect(
      verifyLicense(database.db, { creatorId: stranger.creator.id }, { key: license.key }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      verifyLicense(database.db, { creatorId: seller.creator.id }, { key: license.key, productId: product.id }),
    ).resolves.toMatchObject({ valid: true });
  });
});

describe("activate and deactivate", () => {
  it("takes seats up to the licence's, the same instance again is the same seat, and a freed seat is taken again", async () => {
    const license = await licenseWith(2);
    const first = await activateLicense(database.db, { jobs, caller: anyone, key: license.key, instance: "laptop" });
    expect(first).toMatchObject({ activated: true, activations: { active: 1 } });
    const again = await activateLicense(database.db, { jobs, caller: anyone, key: license.key, instance: "laptop" });
    expect(again).toMatchObject({ activated: false, activations: { active: 1 } });
    await activateLicense(database.db, { jobs, caller: anyone, key: license.key, instance: "desktop" });
    await expect(
      activateLicense(database.db, { jobs, caller: anyone, key: license.key, instance: "third" }),
    ).rejects.toMatchObject({ status: 409, message: allSeatsInUse(2) });

    const freed = await deactivateLicense(database.db, anyone, { key: license.key, instance: "laptop" });
    expect(freed.activations.instances.map((activation) => activation.instance)).toEqual(["desktop"]);
    await expect(
      deactivateLicense(database.db, anyone, { key: license.key, instance: "laptop" }),
    ).rejects.toMatchObject({ status: 404, message: NOT_ACTIVATED });
    await expect(
      activateLicense(database.db, { jobs, caller: anyone, key: license.key, instance: "third" }),
    ).resolves.toMatchObject({ activated: true, activations: { active: 2 } });

    // An upgrade adds seats (licenses.seats): the next instance has one.
    await database.db.update(licenses).set({ seats: 3 }).where(eq(licenses.id, license.id));
    await expect(
      activateLicense(database.db, { jobs, caller: anyone, key: license.key, instance: "fourth" }),
    ).resolves.toMatchObject({ seats: 3, activations: { active: 3 } });
  });

  it("refuses a revoked licence", async () => {
    const license = await licenseWith(1);
    await database.db.update(licenses).set({ status: "revoked" }).where(eq(licenses.id, license.id));
    await expect(
      activateLicense(database.db, { jobs, caller: anyone, key: license.key, instance: "laptop" }),
    ).rejects.toMatchObject({ status: 409, message: LICENSE_REVOKED });
    await expect(verifyLicense(database.db, anyone, { key: license.key })).resolves.toMatchObject({
      valid: false,
      status: "revoked",
    });
  });

  it("lets exactly one of many activations at once take the last seat", async () => {
    const license = await licenseWith(3);
    await activateLicense(database.db, { jobs, caller: anyone, key: license.key, instance: "a" });
    await activateLicense(database.db, { jobs, caller: anyone, key: license.key, instance: "b" });
    const tries = await Promise.allSettled(
      Array.from({ length: 8 }, (_, n) =>
        activateLicense(database.db, { jobs, caller: anyone, key: license.key, instance: `racer-${n}` }),
      ),
    );
    expect(tries.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
    for (const attempt of tries.filter((attempt) => attempt.status === "rejected")) {
      expect(attempt.reason).toMatchObject({ status: 409, message: allSeatsInUse(3) });
    }
    expect((await verifyLicense(database.db, anyone, { key: license.key })).activations.active).toBe(3);
  });

  it("records the license.activated webhook for the seller's endpoint that wants it, once per new seat", async () => {
    const endpoint = await addWebhookEndpoint(database.db, {
      creatorId: seller.creator.id,
      endpoint: { url: "http://127.0.0.1:9/hooks", events: ["license.activated"] },
      policy: { allowPrivateAddresses: true },
    });
    const license = await licenseWith(2);
    await activateLicense(database.db, { jobs, caller: anyone, key: license.key, instance: "studio-mac" });
    await activateLicense(database.db, { jobs, caller: anyone, key: license.key, instance: "studio-mac" });
    const events = await database.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.eventType, "license.activated")));
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      instance: "studio-mac",
      activeActivations: 1,
      license: { key: license.key, seats: 2 },
      product: { id: product.id },
    });
  });
});
