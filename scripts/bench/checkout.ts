// The checkout section of `npm run bench`: the order-creation path and the fulfilment path on PostgreSQL,
// through the domain functions (no HTTP), so that the figures are the database's and the code's alone.
//
// 1. N guest shoppers each get a cart of 2 products from the catalogue (not timed).
// 2. checkout() with the shop's hosted payment page (order, its items, the payment session) runs for the
//    duration at each concurrency level, every call with a fresh idempotency key.
// 3. A payment_succeeded event is applied to every order made (order paid, license keys, cart emptied,
//    receipt queued).
// 3b. The same with a discount code in every cart, 64 in flight; then 64 checkouts at once for a
//     code's last use (exactly one order may get it).
// 4. Counts from the database show that the figures are of real work: one order per checkout, none paid twice.
import { and, count, eq, gt, inArray, like, sql } from "drizzle-orm";
import { addToCart } from "../../server/cart/cart.ts";
import { ensureShopper } from "../../server/cart/shopper.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { discountCodes, orders, products, shoppers } from "../../server/db/schema.ts";
import { QUEUES, type RunningJobs, startJobs } from "../../server/jobs/queue.ts";
import { type CheckoutServices, checkout } from "../../server/orders/checkout.ts";
import { createHostedProvider } from "../../server/payments/hosted/hosted-provider.ts";
import { receivePaymentEvent } from "../../server/payments/receive-payment-event.ts";
import { loadTaxRates } from "../../server/tax/rate-table.ts";
import { eachOf, fmt, inFlight, type Timing, table, timingRow } from "./figures.ts";

/**
 * Calls in flight at once. The app's pool has 10 connections (server/db/client.ts), as the bench's
 * handle has: at 8 every call holds a connection of its own, so its latency is the database's; at 32
 * calls also wait for a connection, as requests do on a busy server.
 */
const CHECKOUT_CONCURRENCY = [8, 32] as const;
/** Checkouts in flight with a discount code in every cart: they take the code's row lock one after another. */
const CODE_CONCURRENCY = 64;
/** Checkouts before the timed runs, so that the first timed ones do not pay for the JIT and cold caches. */
const WARM_UP_CHECKOUTS = 100;
const PUBLIC_URL = "http://127.0.0.1";
const SECRET = "the-benchmark-secret-of-at-least-32-characters";

export interface CheckoutBenchOptions {
  /** Guest shoppers with a cart; the checkouts take them in turn, again from the first once all have had one. */
  shoppers: number;
  /** Seconds of checkouts at each concurrency level. */
  duration: number;
}

/** Guest shoppers with 2 different published, priced products each in their cart, as a buyer would have. */
export async function prepareShoppers(database: DatabaseHandle, count: number, concurrency: number): Promise<string[]> {
  // Random products, so that the carts (and later the order items) spread over the catalogue.
  const picked = await database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.status, "published"), gt(products.priceCents, 0)))
    .orderBy(sql`random()`)
    .limit(count * 2);
  if (picked.length < 2) throw new Error("The catalogue has fewer than 2 published products with a price");
  const shoppers: string[] = [];
  const indexes = Array.from({ length: count }, (_, i) => i);
  const timing = await inFlight(concurrency, eachOf(indexes), async (i) => {
    const { id } = await ensureShopper(database.db, { userId: null, guestId: null });
    // Two consecutive picks, wrapping around: always two different products.
    await addToCart(database.db, { shopperId: id, productId: picked[(2 * i) % picked.length]!.id });
    await addToCart(database.db, { shopperId: id, productId: picked[(2 * i + 1) % picked.length]!.id });
    shoppers.push(id);
  });
  if (timing.failures > 0) throw new Error(`Preparing a cart failed: ${timing.firstFailure}`);
  return shoppers;
}

/**
 * Checkouts for `seconds` at the given concurrency. `nextCheckout` numbers them across runs, which
 * makes each idempotency key new and picks the shopper; a shopper whose turn comes again still has
 * the cart (only a payment empties it) and simply places another order.
 */
async function timeCheckouts(
  services: CheckoutServices,
  shoppers: readonly string[],
  keyPrefix: string,
  counter: { next: number },
  concurrency: number,
  take: () => boolean,
): Promise<Timing> {
  return inFlight(
    concurrency,
    () => (take() ? counter.next++ : undefined),
    async (n) => {
      const shopperId = shoppers[n % shoppers.length]!;
      const result = await checkout(services, {
        shopperId,
        buyer: { userId: null, name: "Bench Guest", email: `guest-${n % shoppers.length}@bench.example` },
        idempotencyKey: `${keyPrefix}${n}`,
      });
      // Every cart has a price, so every checkout must end on a payment page.
      if (result.status !== "pending_payment" || !result.paymentUrl) {
        throw new Error(`Checkout ${n} ended as ${result.status} without a payment page`);
      }
    },
  );
}

/** A payment_succeeded event for each order of this run, as the hosted page's webhook would bring it. */
async function timePaymentEvents(
  database: DatabaseHandle,
  jobs: RunningJobs,
  keyPrefix: string,
  concurrency: number,
): Promise<Timing> {
  const placed = await database.db
    .select({ id: orders.id, number: orders.number, totalCents: orders.totalCents, paymentRef: orders.paymentRef })
    .from(orders)
    .where(like(orders.idempotencyKey, `${keyPrefix}%`))
    .orderBy(orders.id);
  console.log(`Applying payment_succeeded to ${fmt(placed.length)} orders with ${concurrency} in flight…`);
  return inFlight(concurrency, eachOf(placed), async (order) => {
    const received = await receivePaymentEvent(database.db, {
      jobs,
      provider: "hosted",
      event: {
        id: `${keyPrefix}evt-${order.id}`,
        type: "payment_succeeded",
        reference: order.number,
        sessionRef: order.paymentRef ?? "",
        amountCents: order.totalCents,
        currency: "usd",
      },
    });
    if (received.outcome !== "paid") throw new Error(`Order ${order.number}: ${received.outcome}`);
  });
}

/** What the database holds for this run's orders: the figures are only worth something if these add up. */
async function countInDatabase(database: DatabaseHandle, keyPrefix: string) {
  const { rows } = await database.pool.query<Record<string, number>>(
    `WITH run AS (SELECT id, number, status FROM orders WHERE idempotency_key LIKE $1),
          receipts AS (
            SELECT (data->>'orderId')::int AS order_id, count(*) AS n FROM pgboss.job
            WHERE name = $2 AND (data->>'orderId')::int IN (SELECT id FROM run) GROUP BY 1),
          payments AS (
            SELECT order_id, count(*) AS n FROM payment_events
            WHERE outcome = 'paid' AND order_id IN (SELECT id FROM run) GROUP BY 1)
     SELECT (SELECT count(*) FROM run)::int AS orders,
            (SELECT count(*) FROM hosted_payment_sessions WHERE reference IN (SELECT number FROM run))::int AS sessions,
            (SELECT count(*) FROM run WHERE status = 'paid')::int AS paid,
            (SELECT count(*) FROM payments WHERE n > 1)::int AS "paidTwice",
            (SELECT coalesce(sum(n), 0) FROM receipts)::int AS receipts,
            (SELECT count(*) FROM receipts WHERE n > 1)::int AS "receiptsTwice",
            (SELECT count(*) FROM order_items WHERE order_id IN (SELECT id FROM run))::int AS items,
            (SELECT count(*) FROM licenses WHERE order_item_id IN (SELECT id FROM order_items WHERE order_id IN (SELECT id FROM run)))::int AS "licenseKeys"`,
    [`${keyPrefix}%`, QUEUES.sendReceipt],
  );
  return rows[0]!;
}

/** A site-wide 10% code of this run, with at most `maxUses` uses (null: no limit). */
async function benchCode(database: DatabaseHandle, keyPrefix: string, name: string, maxUses: number | null) {
  const [code] = await database.db
    .insert(discountCodes)
    .values({ code: `${keyPrefix}${name}`.slice(0, 40), kind: "percent", value: 10, maxUses })
    .returning();
  return code!;
}

/** Puts the code in these shoppers' carts (null takes it out). */
async function holdCode(database: DatabaseHandle, shopperIds: readonly string[], code: string | null) {
  await database.db
    .update(shoppers)
    .set({ discountCode: code })
    .where(inArray(shoppers.id, [...shopperIds]));
}

async function ordersWithCode(database: DatabaseHandle, codeId: number): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(orders).where(eq(orders.discountCodeId, codeId));
  return row?.n ?? 0;
}

/** Runs the checkout section on the bench's database and returns the lines of its summary. */
export async function benchCheckout(database: DatabaseHandle, options: CheckoutBenchOptions): Promise<string[]> {
  const poolSize = database.pool.options.max;
  // Keys and event ids of this run only, so that counts stay right on a DATABASE_URL with older orders.
  const keyPrefix = `bench-${Date.now().toString(36)}-`;
  const jobs = await startJobs(database.pool, (error) => console.warn(`Job queue: ${error.message}`));
  try {
    const services: CheckoutServices = {
      db: database.db,
      jobs,
      payments: createHostedProvider({ db: database.db, publicUrl: PUBLIC_URL, secret: SECRET }),
      publicUrl: PUBLIC_URL,
      secret: SECRET,
      tax: { mode: "flat", rates: loadTaxRates() },
      clientAddress: "127.0.0.1",
    };

    console.log(`Preparing ${fmt(options.shoppers)} guest carts of 2 products…`);
    const prepareStarted = performance.now();
    const shoppers = await prepareShoppers(database, options.shoppers, poolSize);
    const prepareSeconds = (performance.now() - prepareStarted) / 1000;

    const counter = { next: 0 };
    const warmUp = await timeCheckouts(services, shoppers, keyPrefix, counter, CHECKOUT_CONCURRENCY[0], () => {
      return counter.next < WARM_UP_CHECKOUTS;
    });
    const rows: string[][] = [];
    let checkouts = warmUp.latencies.length;
    let failures = warmUp.failures;
    let firstFailure = warmUp.firstFailure;
    for (const concurrency of CHECKOUT_CONCURRENCY) {
      console.log(`Measuring checkout for ${options.duration} s with ${concurrency} in flight…`);
      const deadline = performance.now() + options.duration * 1000;
      const timing = await timeCheckouts(services, shoppers, keyPrefix, counter, concurrency, () => {
        return performance.now() < deadline;
      });
      rows.push(timingRow(`checkout, ${concurrency} in flight`, timing));
      checkouts += timing.latencies.length;
      failures += timing.failures;
      firstFailure ??= timing.firstFailure;
    }

    // With a discount code in every cart: a site-wide 10% with no limit, then one with one use left.
    const code = await benchCode(database, keyPrefix, "open", null);
    await holdCode(database, shoppers, code.code);
    console.log(
      `Measuring checkout with a discount code for ${options.duration} s with ${CODE_CONCURRENCY} in flight…`,
    );
    const codeDeadline = performance.now() + options.duration * 1000;
    const codeStart = counter.next;
    const withCode = await timeCheckouts(services, shoppers, keyPrefix, counter, CODE_CONCURRENCY, () => {
      return performance.now() < codeDeadline;
    });
    rows.push(timingRow(`checkout with a code, ${CODE_CONCURRENCY} in flight`, withCode));
    checkouts += withCode.latencies.length;
    failures += withCode.failures;
    firstFailure ??= withCode.firstFailure;
    const lastUse = await benchCode(database, keyPrefix, "last", 1);
    const rush = shoppers.slice(0, CODE_CONCURRENCY);
    await holdCode(database, rush, lastUse.code);
    const rushTiming = await inFlight(CODE_CONCURRENCY, eachOf(rush.map((_, i) => i)), async (i) => {
      await checkout(services, {
        shopperId: rush[i]!,
        buyer: { userId: null, name: "Bench Guest", email: `rush-${i}@bench.example` },
        idempotencyKey: `${keyPrefix}rush-${i}`,
      });
    });
    await holdCode(database, shoppers, null);
    checkouts += rushTiming.latencies.length;

    const events = await timePaymentEvents(database, jobs, keyPrefix, CHECKOUT_CONCURRENCY[0]);
    rows.push(timingRow(`payment_succeeded, ${CHECKOUT_CONCURRENCY[0]} in flight`, events));
    const counts = await countInDatabase(database, keyPrefix);

    const verdict = (ok: boolean) => (ok ? "as expected" : "MISMATCH: the figures above are not to be trusted");
    return [
      `Checkout on PostgreSQL (domain functions, hosted payment page), ${options.duration} s per concurrency, ` +
        `pool of ${poolSize} connections, ${fmt(shoppers.length)} guest carts of 2 products ` +
        `(prepared in ${fmt(prepareSeconds, 1)} s), ${fmt(WARM_UP_CHECKOUTS)} checkouts to warm up first:`,
      ...table(["what", "per second", "p50 ms", "p95 ms", "p99 ms", "max ms", "done", "failed"], rows),
      ...(firstFailure || events.firstFailure ? [`First failure: ${firstFailure ?? events.firstFailure}`] : []),
      `With a code: ${fmt(withCode.latencies.length)} checkouts of ${fmt(counter.next - codeStart)} made ` +
        `${fmt(await ordersWithCode(database, code.id))} discounted orders; ` +
        `${verdict((await ordersWithCode(database, code.id)) === withCode.latencies.length)}`,
      `The last use of a code, ${CODE_CONCURRENCY} checkouts at once: ${fmt(rushTiming.latencies.length)} order ` +
        `(${fmt(await ordersWithCode(database, lastUse.id))} discounted), ${fmt(rushTiming.failures)} refused ` +
        `("${rushTiming.firstFailure ?? ""}"); ` +
        `${verdict((await ordersWithCode(database, lastUse.id)) === 1 && rushTiming.latencies.length === 1)}`,
      `Counted in the database: ${fmt(counts.orders!)} orders for ${fmt(checkouts)} checkouts ` +
        `(${fmt(failures)} failed), ${fmt(counts.sessions!)} payment sessions, ${fmt(counts.items!)} order items; ` +
        `${verdict(counts.orders === checkouts && counts.sessions === checkouts && failures === 0)}`,
      `  ${fmt(counts.paid!)} paid by ${fmt(events.latencies.length)} events, ${fmt(counts.paidTwice!)} paid more than once, ` +
        `${fmt(counts.receipts!)} receipts queued (${fmt(counts.receiptsTwice!)} orders with more than one), ` +
        `${fmt(counts.licenseKeys!)} license keys; ` +
        `${verdict(
          counts.paid === counts.orders &&
            counts.paid === events.latencies.length &&
            counts.paidTwice === 0 &&
            counts.receipts === counts.paid &&
            counts.receiptsTwice === 0 &&
            counts.licenseKeys === counts.items,
        )}`,
    ];
  } finally {
    await jobs.stop();
  }
}
