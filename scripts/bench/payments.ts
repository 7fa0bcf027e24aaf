// The payment confirmations section of `npm run bench`, on the running server: a burst of payments made
// on its hosted payment page, and for each order the time from the payment being accepted to the order
// being paid, which happens only when the page's webhook (a background job) has reached the shop.
//
// 1. Guest carts, and their orders made through checkout() with the hosted payment page (not timed).
// 2. The shop's own workers deliver the webhooks and send the receipts: the server's (RUN_JOBS=true),
//    or, to compare concurrencies in one run, the same workers (startWorkers) in this process at a
//    given concurrency, the server restarted with RUN_JOBS=false.
// 3. Every order is paid at once, as buyers do: the payment form posted to /pay/:id with a test card,
//    PAY_IN_FLIGHT at a time, each from its own client address. A payment is accepted when the page
//    answers with its redirect back to the shop.
// 4. The database is polled every POLL_MS for orders that became paid: from accepted to paid, per order.
// Figures are printed, never asserted.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { pino } from "pino";
import { loadAuthSecret } from "../../server/accounts/auth-secret.ts";
import { parseConfig } from "../../server/config/env.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { orders, paymentEvents } from "../../server/db/schema.ts";
import { restoreDemoShop } from "../../server/demo/demo-shop.ts";
import { type JobQueue, QUEUES, type QueueName, startJobs } from "../../server/jobs/queue.ts";
import { JOB_CONCURRENCY, startWorkers } from "../../server/jobs/workers.ts";
import { checkout } from "../../server/orders/checkout.ts";
import { createHostedProvider } from "../../server/payments/hosted/hosted-provider.ts";
import { loadTaxRates } from "../../server/tax/rate-table.ts";
import { prepareShoppers } from "./checkout.ts";
import { eachOf, fmt, inFlight, percentile, table } from "./figures.ts";

/** Payments posted at once: a crowd of buyers, each waiting for the page's answer before the next pays. */
const PAY_IN_FLIGHT = 32;
const POLL_MS = 100;
/** The queues whose concurrency a run sets (the scheduled ones run one job at a time whatever it is). */
const BURST_QUEUES: QueueName[] = [QUEUES.deliverHostedWebhook, QUEUES.sendReceipt, QUEUES.sendEmail];

export interface PaymentBenchOptions {
  /** The server, e.g. http://127.0.0.1:PORT; its PUBLIC_URL. */
  base: string;
  /** Makes sure the server runs, running the background jobs itself or not (restarting it if need be). */
  useServer(runJobs: boolean): Promise<void>;
  /** The running server's database. */
  connect(): DatabaseHandle;
  /** The server's environment (its configuration, for the workers). */
  env: NodeJS.ProcessEnv;
  /** Payments in each burst. */
  payments: number;
  /** One burst per entry: every queue of BURST_QUEUES at this many jobs at once, or undefined for the server's own workers. */
  concurrencies: readonly (number | undefined)[];
}

interface Burst {
  label: string;
  /** Accepted to paid, in ms, ascending. */
  latencies: number[];
  payingSeconds: number;
  /** From the first payment accepted to the last order paid. */
  spanSeconds: number;
  paid: number;
  failures: number;
  firstFailure: string | undefined;
  paidTwice: number;
  /** From the first payment accepted until no delivery, receipt or email job was left. */
  drainedSeconds: number | undefined;
  /** The webhook delivery jobs: how long each waited for a worker, and how long delivering took (ms, ascending). */
  deliveries: { waited: number[]; ran: number[] };
}

/** Where the time went: each delivery job's wait for a worker, and its run (the webhook request and its answer). */
async function deliveryTimes(database: DatabaseHandle, numbers: string[]) {
  const { rows } = await database.pool.query<{ waited: number; ran: number }>(
    `SELECT extract(epoch FROM j.started_on - j.created_on) * 1000 AS waited,
            extract(epoch FROM j.completed_on - j.started_on) * 1000 AS ran
       FROM pgboss.job j
       JOIN hosted_payment_webhooks w ON w.event_id = j.data->>'eventId'
       JOIN hosted_payment_sessions s ON s.id = w.session_id
      WHERE j.name = $1 AND j.state = 'completed' AND s.reference = ANY($2)`,
    [QUEUES.deliverHostedWebhook, numbers],
  );
  const sorted = (values: number[]) => values.map(Number).sort((a, b) => a - b);
  return { waited: sorted(rows.map((row) => row.waited)), ran: sorted(rows.map((row) => row.ran)) };
}

const CARD = {
  number: "4242 4242 4242 4242",
  expiry: `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`,
  cvc: "123",
};

/** Orders waiting for payment on the hosted page: guest carts of 2 products, checked out. */
async function placeOrders(
  database: DatabaseHandle,
  jobs: JobQueue,
  base: string,
  secret: string,
  count: number,
  run: string,
) {
  const shoppers = await prepareShoppers(database, count, 8);
  const services = {
    db: database.db,
    jobs,
    payments: createHostedProvider({ db: database.db, publicUrl: base, secret }),
    publicUrl: base,
    secret,
    tax: { mode: "flat" as const, rates: loadTaxRates() },
    clientAddress: "127.0.0.1",
  };
  const placed: { number: string; paymentUrl: string }[] = [];
  const timing = await inFlight(8, eachOf(shoppers), async (shopperId) => {
    const result = await checkout(services, {
      shopperId,
      buyer: { userId: null, name: "Bench Buyer", email: `${shopperId}@bench.example` },
      idempotencyKey: `${run}${shopperId}`,
    });
    if (!result.paymentUrl) throw new Error(`Checkout ended as ${result.status} without a payment page`);
    placed.push({ number: result.orderNumber, paymentUrl: result.paymentUrl });
  });
  if (timing.failures > 0) throw new Error(`A checkout failed: ${timing.firstFailure}`);
  return placed;
}

/** Posts the payment form as the buyer's browser does; resolves when the page has accepted the payment. */
async function pay(base: string, paymentUrl: string, client: number) {
  const response = await fetch(paymentUrl, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: base,
      "content-type": "application/x-www-form-urlencoded",
      // Each buyer is a client of their own (the server trusts X-Forwarded-For from loopback), as in real life.
      "x-forwarded-for": `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
    },
    body: new URLSearchParams({ ...CARD, name: "Bench Buyer" }),
  });
  await response.arrayBuffer();
  if (response.status !== 302) throw new Error(`The payment page answered ${response.status}`);
}

async function pendingJobs(database: DatabaseHandle): Promise<number> {
  const { rows } = await database.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pgboss.job WHERE name = ANY($1) AND state IN ('created', 'retry', 'active')",
    [BURST_QUEUES],
  );
  return rows[0]!.n;
}

async function burst(
  options: PaymentBenchOptions,
  concurrency: number | undefined,
  clients: { next: number },
): Promise<Burst> {
  const label =
    concurrency === undefined
      ? `the server's (${BURST_QUEUES.map((name) => JOB_CONCURRENCY[name] ?? 1).join(", ")})`
      : `the bench's, ${concurrency} at once`;
  const run = `bench-pay-${Date.now().toString(36)}-`;
  await options.useServer(concurrency === undefined);
  const database = options.connect();
  const secret = await loadAuthSecret(database.db, options.env.AUTH_SECRET);
  const jobs = await startJobs(database.pool, (error) => console.warn(`Job queue: ${error.message}`));
  try {
    console.log(`Placing ${fmt(options.payments)} orders to pay (workers: ${label})…`);
    const placed = await placeOrders(database, jobs, options.base, secret, options.payments, run);
    if (await pendingJobs(database))
      console.warn("Jobs of an earlier burst are still waiting; they will slow this one");

    if (concurrency !== undefined) {
      await startWorkers({
        jobs,
        db: database.db,
        config: parseConfig({ ...options.env, RUN_JOBS: "true" }),
        secret,
        logger: pino({ level: "warn" }),
        concurrency: Object.fromEntries(BURST_QUEUES.map((name) => [name, concurrency])),
        restoreDemoShop,
      });
    }
    const accepted = new Map<string, number>();
    const paidAt = new Map<string, number>();
    const numbers = placed.map((order) => order.number);
    let paying = true;
    // Polls until every accepted payment's order is paid; gives up a while after the last payment
    // (long enough for workers that deliver 2 a second, as they once did).
    const poll = (async () => {
      const deadline = () => performance.now() + 60_000 + options.payments * 1_000;
      let giveUp = deadline();
      while (paying || (paidAt.size < accepted.size && performance.now() < giveUp)) {
        const waiting = numbers.filter((number) => !paidAt.has(number));
        const rows = await database.db
          .select({ number: orders.number })
          .from(orders)
          .where(and(inArray(orders.number, waiting), isNotNull(orders.paidAt)));
        const seen = performance.now();
        for (const { number } of rows) paidAt.set(number, seen);
        if (paying) giveUp = deadline();
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    })();

    console.log(`Paying ${fmt(placed.length)} orders, ${PAY_IN_FLIGHT} payments in flight…`);
    const payments = await inFlight(PAY_IN_FLIGHT, eachOf(placed), async (order) => {
      await pay(options.base, order.paymentUrl, clients.next++);
      accepted.set(order.number, performance.now());
    });
    paying = false;
    await poll;

    const latencies = [...accepted].flatMap(([number, at]) => {
      const paid = paidAt.get(number);
      return paid === undefined ? [] : [Math.max(0, paid - at)];
    });
    const first = Math.min(...accepted.values());
    const span = paidAt.size > 0 ? (Math.max(...paidAt.values()) - first) / 1000 : Number.NaN;
    const drainDeadline = performance.now() + 60_000 + options.payments * 1_000;
    while ((await pendingJobs(database)) > 0 && performance.now() < drainDeadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const drained = (await pendingJobs(database)) === 0 ? (performance.now() - first) / 1000 : undefined;
    const [twice] = await database.db.select({ n: sql<number>`count(*)::int` }).from(
      database.db
        .select({ orderId: paymentEvents.orderId })
        .from(paymentEvents)
        .innerJoin(orders, eq(orders.id, paymentEvents.orderId))
        .where(and(eq(paymentEvents.outcome, "paid"), inArray(orders.number, numbers)))
        .groupBy(paymentEvents.orderId)
        .having(sql`count(*) > 1`)
        .as("twice"),
    );
    return {
      label,
      latencies: latencies.sort((a, b) => a - b),
      payingSeconds: payments.seconds,
      spanSeconds: span,
      paid: paidAt.size,
      failures: payments.failures,
      firstFailure: payments.firstFailure,
      paidTwice: twice!.n,
      drainedSeconds: drained,
      deliveries: await deliveryTimes(database, numbers),
    };
  } finally {
    await jobs.stop();
    await database.close();
  }
}

/** Runs one burst per concurrency on the server and returns the lines of its summary. */
export async function benchPayments(options: PaymentBenchOptions): Promise<string[]> {
  const clients = { next: 1 };
  const bursts: Burst[] = [];
  for (const concurrency of options.concurrencies) bursts.push(await burst(options, concurrency, clients));
  const seconds = (ms: number) => fmt(ms / 1000, 2);
  const rows = bursts.map((b) => [
    b.label,
    fmt(b.latencies.length / b.payingSeconds, 0),
    ...[50, 95, 99, 100].map((p) => seconds(percentile(b.latencies, p))),
    fmt(b.paid / b.spanSeconds, 1),
    `${fmt(b.paid)} / ${fmt(options.payments)}`,
    fmt(b.paidTwice),
    b.drainedSeconds === undefined ? "not yet" : fmt(b.drainedSeconds, 1),
  ]);
  const failures = bursts.filter((b) => b.failures > 0);
  return [
    `Payment confirmations: bursts of ${fmt(options.payments)} payments on the hosted payment page, ${PAY_IN_FLIGHT} in flight; ` +
      "from the page accepting a payment to its order being paid (its webhook delivered by a job and applied), " +
      `seen by polling every ${POLL_MS} ms:`,
    ...table(
      [
        "workers (deliveries, receipts, emails at once)",
        "accepted/s",
        "p50 s",
        "p95 s",
        "p99 s",
        "max s",
        "paid/s",
        "paid",
        "paid twice",
        "jobs done after s",
      ],
      rows,
    ),
    ...failures.map((b) => `  ${b.label}: ${fmt(b.failures)} payments failed; first: ${b.firstFailure}`),
    "Their webhook delivery jobs: waiting for a worker, and delivering (the request to the shop, which applies the payment):",
    ...table(
      ["workers", "waited p50 s", "p99 s", "delivered in p50 s", "p99 s", "jobs"],
      bursts.map(({ label, deliveries: { waited, ran } }) => [
        label,
        seconds(percentile(waited, 50)),
        seconds(percentile(waited, 99)),
        seconds(percentile(ran, 50)),
        seconds(percentile(ran, 99)),
        fmt(ran.length),
      ]),
    ),
  ];
}
