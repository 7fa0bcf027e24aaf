import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import pg from "pg";
import { fromDrizzle, type Job, PgBoss } from "pg-boss";
import { isDatabaseUnavailable } from "../db/availability.ts";
import type { Queryable } from "../db/client.ts";
import type { OutgoingEmail } from "../email/mailer.ts";

// Background work (receipts, the hosted payment page's webhook deliveries) runs through
// pg-boss on the shop's own PostgreSQL: a job enqueued inside a transaction exists exactly when
// that transaction commits, and a failed job is retried with backoff.

export const QUEUES = {
  /** An email that could not be delivered for a day (the dead letter of the two below): the admins are told. */
  reportUndeliveredEmail: "report-undelivered-email",
  /** Send one email: notices about applications and the like. */
  sendEmail: "send-email",
  /** Email the receipt of a paid order. */
  sendReceipt: "send-receipt",
  /** Deliver one webhook event of the hosted payment page to the shop. */
  deliverHostedWebhook: "deliver-hosted-payment-webhook",
  /** Deliver one webhook event of the hosted payout stand-in (sellers' accounts, transfers) to the shop. */
  deliverHostedPayoutWebhook: "deliver-hosted-payout-webhook",
  /** Every 10 minutes: hosted payment pages past their time expire (and tell the shop). */
  expireHostedSessions: "expire-hosted-payment-sessions",
  /** Every 10 minutes: orders still unpaid when their payment session closed are expired. */
  expireUnpaidOrders: "expire-unpaid-orders",
  /** Fridays: the weekly payout run. */
  runPayouts: "run-payouts",
  /** Daily: guest carts and wishlists nobody came back to for 90 days are removed. */
  removeIdleGuests: "remove-idle-guests",
  /** Every 15 minutes: shops whose 30-day suspension is over are active again, their products back on sale. */
  liftEndedSuspensions: "lift-ended-suspensions",
  /** Hourly: each product's trending score from the last week's views and sales (server/catalogue/trending.ts). */
  refreshTrending: "refresh-trending-scores",
  /** Daily, in a demo shop: the sample products and the demo accounts are restored as published. */
  restoreDemoShop: "restore-demo-shop",
  /** Daily: searches and clicks of the search log older than 90 days are removed. */
  pruneSearchLog: "prune-search-log",
  /** Render the first pages of a PDF product file to preview images. */
  renderFilePreviews: "render-file-previews",
  /** Email each buyer of a file that a new version of it is out, once. */
  sendProductUpdateEmails: "send-product-update-emails",
  /** Email the followers who asked for it that a creator published a product, each once. */
  notifyFollowers: "notify-followers-of-product",
  /** Send a seller's broadcast to each of its recipients, once. */
  sendBroadcast: "send-broadcast",
  /** Every minute: scheduled broadcasts whose time has come are queued for sending. */
  sendDueBroadcasts: "send-due-broadcasts",
  /** Hourly: one reminder to signed-in buyers whose cart has sat for 24 hours. */
  sendCartReminders: "send-cart-reminders",
  /** Refund a paid licence upgrade that could not be applied (its licence had changed). */
  refundUnappliedUpgrade: "refund-unapplied-upgrade",
  /** Deliver one event to a seller's webhook endpoint (retried with backoff for 3 days). */
  deliverSellerWebhook: "deliver-seller-webhook",
  /** Daily, after the ECB publishes: the day's exchange rates from EXCHANGE_RATES_URL (server/currencies/update-rates.ts). */
  updateExchangeRates: "update-exchange-rates",
  /** Hourly: business buyers' VAT numbers VIES could not check, asked again; confirmed ones' VAT refunded (server/orders/vat-recheck.ts). */
  recheckVatNumbers: "recheck-vat-numbers",
  /** Nightly: invoices of orders paid before invoices existed, and credit notes of their refunds (server/invoices/backfill-invoices.ts). */
  backfillInvoices: "backfill-invoices",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** What a job of each queue carries. A scheduled queue's jobs carry nothing: pg-boss sends them with null. */
type QueuePayloads = {
  [QUEUES.reportUndeliveredEmail]: OutgoingEmail | { orderId: number };
  [QUEUES.sendEmail]: OutgoingEmail;
  [QUEUES.sendReceipt]: { orderId: number };
  [QUEUES.deliverHostedWebhook]: { eventId: string };
  [QUEUES.deliverHostedPayoutWebhook]: { eventId: string };
  [QUEUES.expireHostedSessions]: null;
  [QUEUES.expireUnpaidOrders]: null;
  [QUEUES.runPayouts]: null;
  [QUEUES.removeIdleGuests]: null;
  [QUEUES.liftEndedSuspensions]: null;
  [QUEUES.refreshTrending]: null;
  [QUEUES.restoreDemoShop]: null;
  [QUEUES.pruneSearchLog]: null;
  [QUEUES.renderFilePreviews]: { fileId: number };
  [QUEUES.sendProductUpdateEmails]: { fileId: number; version: number };
  [QUEUES.notifyFollowers]: { productId: number };
  [QUEUES.sendBroadcast]: { broadcastId: number };
  [QUEUES.sendDueBroadcasts]: null;
  [QUEUES.sendCartReminders]: null;
  [QUEUES.refundUnappliedUpgrade]: { orderItemId: number };
  [QUEUES.deliverSellerWebhook]: { deliveryId: number };
  [QUEUES.updateExchangeRates]: null;
  [QUEUES.recheckVatNumbers]: null;
  [QUEUES.backfillInvoices]: null;
};

/** A job as sent: its queue and what it carries (for a queue that keeps what it is sent, in tests). */
export type QueuedJob = { [Name in QueueName]: { name: Name; data: QueuePayloads[Name] } }[QueueName];

export interface JobQueue {
  /** Enqueues a job; inside `within` (a transaction) it is committed or rolled back with it. */
  send<Name extends QueueName>(name: Name, data: QueuePayloads[Name], within?: Queryable): Promise<void>;
}

interface WorkOptions {
  /** How many jobs of the queue this server runs at the same time (default 1). */
  concurrency?: number;
}

export interface RunningJobs extends JobQueue {
  boss: PgBoss;
  /** Enqueues a job that runs no sooner than `startAfter`. */
  sendLater<Name extends QueueName>(name: Name, data: QueuePayloads[Name], startAfter: Date): Promise<void>;
  /** Runs `name` on a cron schedule (once per tick across all servers). */
  schedule(name: QueueName, cron: string): Promise<void>;
  /** Runs `handler` for each job of the queue; a thrown error retries the job later. */
  work<Name extends QueueName>(
    name: Name,
    handler: (data: QueuePayloads[Name]) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  stop(): Promise<void>;
}

// Retries with exponential backoff (about 1 s, 2 s, 4 s ... capped at 5 min), about an hour of
// attempts; an active job whose server died is picked up again a minute or so later.
const QUEUE_OPTIONS = { retryLimit: 20, retryDelay: 1, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 60 };
// An email waits out a mail server that is down: retried every 5 minutes (after the first backoff)
// for a day (9 min of backoff + 290 x 5 min), then handed to the admins as undelivered.
const MAIL_QUEUE_OPTIONS = { ...QUEUE_OPTIONS, retryLimit: 300, deadLetter: QUEUES.reportUndeliveredEmail };
// The hosted stand-ins' webhook deliveries end within 15 s (a 10 s request and two queries); a claim
// lost to an outage (the database cut the connection that fetched the job) holds a buyer's
// payment confirmation only until this expiry and pg-boss's next monitor pass (below).
const DELIVERY_QUEUE_OPTIONS = { ...QUEUE_OPTIONS, expireInSeconds: 20 };
// The rates' file that could not be read (the feed away, a broken file) is tried again after 5 to 10
// minutes, each wait about twice the one before up to an hour: 7 more tries over 4 to 5 hours, within
// the day the rates are for.
const RATES_QUEUE_OPTIONS = { ...QUEUE_OPTIONS, retryLimit: 7, retryDelay: 300, retryDelayMax: 3600 };
// A recheck asks VIES once per order (up to 5 s each, one after another): its run may take minutes,
// and is not run again for failing (the orders it could not finish wait for the next hour's).
const RECHECK_QUEUE_OPTIONS = { ...QUEUE_OPTIONS, retryLimit: 0, expireInSeconds: 30 * 60 };
// The first backfill of invoices issues one per order paid before them, one transaction each: minutes
// for a shop with a long history. Given an hour before it counts as lost (and run again, where it
// stopped: it is idempotent, and two runs at once wait for each other's order rows).
const BACKFILL_QUEUE_OPTIONS = { ...QUEUE_OPTIONS, expireInSeconds: 60 * 60 };
const OPTIONS_OF: Partial<Record<QueueName, typeof QUEUE_OPTIONS>> = {
  [QUEUES.sendEmail]: MAIL_QUEUE_OPTIONS,
  [QUEUES.sendReceipt]: MAIL_QUEUE_OPTIONS,
  [QUEUES.deliverHostedWebhook]: DELIVERY_QUEUE_OPTIONS,
  [QUEUES.deliverHostedPayoutWebhook]: DELIVERY_QUEUE_OPTIONS,
  [QUEUES.updateExchangeRates]: RATES_QUEUE_OPTIONS,
  [QUEUES.recheckVatNumbers]: RECHECK_QUEUE_OPTIONS,
  [QUEUES.backfillInvoices]: BACKFILL_QUEUE_OPTIONS,
};

// A queue's workers each run one job at a time. pg-boss waits out a worker's polling interval after
// every job, even with more waiting (that held deliveries to 2 a second), so a worker that has
// finished a job looks for the next one at once, and one that found a job wakes a resting worker to
// look too: under a burst every worker is busy within a few fetches, and once the queue is empty
// they rest. The first worker of a queue looks every 0.5 s, so a lone job waits no longer than it
// did; the others every 5 s only as a backstop, so an idle shop does not poll for each of them.
const FIRST_POLL_SECONDS = 0.5;
const SPARE_POLL_SECONDS = 5;
/**
 * The queue's own connections. A worker holds one only while it fetches or settles a job (handlers use
 * the app's pool), so a few serve dozens of workers; sending inside a transaction uses that transaction's.
 */
const JOB_POOL_SIZE = 6;

/**
 * Starts pg-boss on the database of `appPool`, with connections of its own: sharing the app's
 * pool could leave a job sent inside a transaction waiting for a connection that only the end of
 * that transaction frees.
 */
export async function startJobs(appPool: pg.Pool, onError: (error: Error) => void): Promise<RunningJobs> {
  const pool = new pg.Pool({ ...appPool.options, max: JOB_POOL_SIZE });
  pool.on("error", onError);
  // A checked-out client that loses its server says so on itself: not a crash of the process.
  pool.on("connect", (client) => client.on("error", onError));
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    // Expired claims are found within 15 s of their expiry: pg-boss looks for them in its monitor pass
    // (both timers; 30 s and 60 s before, which held a lost delivery past two minutes). A pass also
    // counts each queue's jobs, a small aggregate at this interval.
    superviseIntervalSeconds: 15,
    monitorIntervalSeconds: 15,
  });
  boss.on("error", onError);
  await boss.start();
  // The dead letter queue first: a queue may only name one that exists. A queue made before its
  // options changed is given them (createQueue leaves an existing queue as it was).
  for (const name of Object.values(QUEUES)) {
    const options = OPTIONS_OF[name] ?? QUEUE_OPTIONS;
    await boss.createQueue(name, options);
    await boss.updateQueue(name, options);
  }
  return {
    boss,
    async send(name, data, within) {
      await boss.send(name, data, within ? { db: fromDrizzle(within, sql) } : {});
    },
    async sendLater(name, data, startAfter) {
      await boss.send(name, data, { startAfter });
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron);
    },
    async work(name, handler, { concurrency = 1 } = {}) {
      const workers: { id?: string; busy: boolean }[] = [];
      let nextToWake = 0;
      const wakeOneResting = (self: { id?: string }) => {
        for (let i = 0; i < workers.length; i++) {
          const other = workers[(nextToWake + i) % workers.length]!;
          if (other === self || other.busy || !other.id) continue;
          nextToWake = (nextToWake + i + 1) % workers.length;
          boss.notifyWorker(other.id);
          return;
        }
      };
      for (let i = 0; i < concurrency; i++) {
        const worker: { id?: string; busy: boolean } = { busy: false };
        workers.push(worker);
        const pollingIntervalSeconds = i === 0 ? FIRST_POLL_SECONDS : SPARE_POLL_SECONDS;
        // batchSize 1 (the default): each job settles on its own, and a failed one alone is retried.
        worker.id = await boss.work(name, { pollingIntervalSeconds }, async ([job]) => {
          worker.busy = true;
          wakeOneResting(worker);
          try {
            let failure: { error: unknown } | undefined;
            try {
              await handler(job!.data as QueuePayloads[typeof name]);
            } catch (error) {
              failure = { error };
            }
            // Settled here, not only by pg-boss after the handler: see settleThroughOutage.
            await settleThroughOutage(job!, onError, () =>
              failure ? boss.fail(name, job!, failure.error as object) : boss.complete(name, job!),
            );
            // pg-boss settles it again, fenced to this attempt: that finds it settled and changes nothing.
            if (failure) throw failure.error;
          } finally {
            worker.busy = false;
            if (worker.id) boss.notifyWorker(worker.id);
          }
        });
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, close: false });
      await pool.end();
    },
  };
}

// How long a worker waits between tries at settling a job while the database is away.
const SETTLE_RETRY_FIRST_MS = 250;
const SETTLE_RETRY_MOST_MS = 5_000;

/**
 * Settles a job (`settle`: complete or fail it, fenced to the attempt this worker fetched), trying
 * again while the database is away. pg-boss settles once, after the handler: a job whose handler
 * ended during an outage stayed active until its claim expired (a minute, then the supervisor's next
 * pass) and ran again, its receipt sent twice (server/jobs/queue-outage.test.ts). Tried until the
 * database answers, or until pg-boss gives up on the handler (`job.signal`: its claim has run out, or
 * the queue is stopping); a job still active then is run again once its claim expires, so a handler
 * must bear a second run of a job after an outage longer than that.
 */
async function settleThroughOutage(
  job: Job<unknown>,
  onError: (error: Error) => void,
  settle: () => Promise<unknown>,
): Promise<void> {
  for (let waitMs = SETTLE_RETRY_FIRST_MS; ; waitMs = Math.min(waitMs * 2, SETTLE_RETRY_MOST_MS)) {
    try {
      await settle();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || job.signal.aborted) throw error;
      onError(error as Error);
    }
    await sleep(waitMs, undefined, { signal: job.signal }).catch(() => {});
    if (job.signal.aborted) return;
  }
}
