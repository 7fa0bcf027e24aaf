import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProducts } from "../../tests/support/factories.ts";
import { checkoutServices, recordingJobs, startOrder } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { ensureShopper, GUEST_DAYS, removeIdleGuests } from "../cart/shopper.ts";
import { hostedPaymentSessions, orders, shoppers, user } from "../db/schema.ts";
import { expireHostedSessions } from "../payments/hosted/hosted-payments.ts";
import { QUEUES } from "./queue.ts";

// The jobs pg-boss runs on a schedule (server/jobs/workers.ts), called directly.

const database = setUpTestDatabase();
let productIds: number[] = [];
beforeAll(async () => {
  productIds = (await createProducts(database.db, 4)).map((product) => product.id);
});

describe("expiring hosted payment sessions", () => {
  it("expires open sessions whose time is up, tells the shop once, and leaves the others", async () => {
    const jobs = recordingJobs();
    const services = checkoutServices(database.db, jobs);
    const { order: late } = await startOrder(services, [productIds[0]!]);
    const { order: current } = await startOrder(services, [productIds[1]!]);
    await database.db
      .update(hostedPaymentSessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(hostedPaymentSessions.reference, late.number));
    expect(await expireHostedSessions(database.db, jobs)).toBe(1);
    expect(await expireHostedSessions(database.db, jobs)).toBe(0);
    const statuses = await database.db
      .select({ reference: hostedPaymentSessions.reference, status: hostedPaymentSessions.status })
      .from(hostedPaymentSessions)
      .where(sql`${hostedPaymentSessions.reference} IN (${late.number}, ${current.number})`);
    expect(Object.fromEntries(statuses.map((row) => [row.reference, row.status]))).toEqual({
      [late.number]: "expired",
      [current.number]: "open",
    });
    expect(jobs.sent.filter((job) => job.name === QUEUES.deliverHostedWebhook)).toHaveLength(1);
    const { rows } = await database.pool.query("SELECT body FROM hosted_payment_webhooks");
    expect(rows.map((row) => JSON.parse(row.body).type)).toEqual(["session.expired"]);
  });
});

describe("removing idle guests", () => {
  it(`removes guests away for more than ${GUEST_DAYS} days, keeps their orders and every account's cart`, async () => {
    const services = checkoutServices(database.db, recordingJobs());
    const { order } = await startOrder(services, [productIds[2]!]);
    const { id: recent } = await ensureShopper(database.db, { userId: null, guestId: null });
    await database.db.insert(user).values({ id: "idle-account", name: "Idle", email: "idle@example.com" });
    const { id: account } = await ensureShopper(database.db, { userId: "idle-account", guestId: null });
    const old = new Date(Date.now() - (GUEST_DAYS + 1) * 24 * 3600_000);
    await database.db
      .update(shoppers)
      .set({ updatedAt: old })
      .where(sql`${shoppers.id} IN (${order.shopperId}, ${account})`);

    expect(await removeIdleGuests(database.db)).toBe(1);
    const left = (await database.db.select({ id: shoppers.id }).from(shoppers)).map((row) => row.id);
    expect(left).toEqual(expect.arrayContaining([recent, account]));
    expect(left).not.toContain(order.shopperId);
    const [kept] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ number: order.number, shopperId: null });
  });
});
