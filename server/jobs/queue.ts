import { sql } from "drizzle-orm";
import pg from "pg";
import { fromDrizzle, PgBoss } from "pg-boss";
import type { Queryable } from "../db/client.ts";

// Background work (receipts, the hosted payment page's webhook deliveries) runs through
// pg-boss on the shop's own PostgreSQL: a job enqueued inside a transaction exists exactly when
// that transaction commits, and a failed job is retried with backoff.

export const QUEUES = {
  /** Send one email (an OutgoingEmail): notices about applications and the like. */
  sendEmail: "send-email",
  /** Email the receipt of a paid order: { orderId }. */
  sendReceipt: "send-receipt",
  /** Deliver one webhook event of the hosted payment page to the shop: { eventId }. */
  deliverHostedWebhook: "deliver-hosted-payment-webhook",
  /** Every 10 minutes: hosted payment pages past their time expire (and tell the shop). */
  expireHostedSessions: "expire-hosted-payment-sessions",
  /** Fridays: the weekly payout run. */
  runPayouts: "run-payouts",
  /** Daily: guest carts and wishlists nobody came back to for 90 days are removed. */
  removeIdleGuests: "remove-idle-guests",
  /** Every 15 minutes: shops whose 30-day suspension is over are active again, their products back on sale. */
  liftEndedSuspensions: "lift-ended-suspensions",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface JobQueue {
  /** Enqueues a job; inside `within` (a transaction) it is committed or rolled back with it. */
  send(name: QueueName, data: object, within?: Queryable): Promise<void>;
}

export interface RunningJobs extends JobQueue {
  boss: PgBoss;
  /** Runs `name` on a cron schedule (once per tick across all servers). */
  schedule(name: QueueName, cron: string): Promise<void>;
  /** Runs `handler` for each job of the queue; a thrown error retries the job later. */
  work<T extends object>(name: QueueName, handler: (data: T) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

// Retries with exponential backoff (about 1 s, 2 s, 4 s ... capped at 5 min) for a day's worth of
// attempts; an active job whose server died is picked up again after a minute.
const QUEUE_OPTIONS = { retryLimit: 20, retryDelay: 1, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 60 };

/**
 * Starts pg-boss on the database of `appPool`, with connections of its own: sharing the app's
 * pool could leave a job sent inside a transaction waiting for a connection that only the end of
 * that transaction frees.
 */
export async function startJobs(appPool: pg.Pool, onError: (error: Error) => void): Promise<RunningJobs> {
  const pool = new pg.Pool({ ...appPool.options, max: 4 });
  pool.on("error", onError);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    superviseIntervalSeconds: 30,
  });
  boss.on("error", onError);
  await boss.start();
  for (const name of Object.values(QUEUES)) await boss.createQueue(name, QUEUE_OPTIONS);
  return {
    boss,
    async send(name, data, within) {
      await boss.send(name, data, within ? { db: fromDrizzle(within, sql) } : {});
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron);
    },
    async work(name, handler) {
      await boss.work(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, close: false });
      await pool.end();
    },
  };
}
