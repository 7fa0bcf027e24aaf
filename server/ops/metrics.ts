import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client.ts";
import type { SearchIndexFigures } from "../search/index-sync.ts";
import { searchServiceOf } from "../search/search-service.ts";
import { jobQueueStats } from "./job-queue-stats.ts";
import { ordersByStatus, paymentsApplied } from "./shop-figures.ts";

type RequestLabels = "route" | "method" | "status_class";

/** The shop's Prometheus metrics, on a registry of their own (never prom-client's global one). */
export interface ShopMetrics {
  registry: Registry;
  requestDuration: Histogram<RequestLabels>;
  /** The exposition text of every metric, read now. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/**
 * Request durations are observed by this process; the shop's figures (orders, payments, job
 * queues) are read from the database at each scrape, so every app server reports the same,
 * shop-wide values whichever of them a scraper reaches. A figure the database cannot give now is
 * left out of the scrape (and `shop_database_up` is 0) rather than failing it.
 */
export function createMetrics(db: Database, onError: (error: Error) => void = () => {}): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram<RequestLabels>({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route pattern, method and status class",
    labelNames: ["route", "method", "status_class"],
    registers: [registry],
  });

  const fromDatabase = async (read: () => Promise<void>) => {
    try {
      await read();
    } catch (error) {
      onError(error as Error);
    }
  };

  new Gauge({
    name: "shop_database_up",
    help: "1 when the database answered this scrape, else 0",
    registers: [registry],
    async collect() {
      this.set(
        await db.execute(sql`SELECT 1`).then(
          () => 1,
          () => 0,
        ),
      );
    },
  });

  new Gauge<"status">({
    name: "shop_orders",
    help: "Orders in each state, counted in the database at scrape time",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      this.reset();
      await fromDatabase(async () => {
        for (const [status, count] of Object.entries(await ordersByStatus(db))) this.set({ status }, count);
      });
    },
  });

  new Counter<"provider">({
    name: "shop_payments_applied_total",
    help: "Payment confirmations that paid an order, from the payment_events table (all app servers)",
    labelNames: ["provider"],
    registers: [registry],
    async collect() {
      this.reset();
      await fromDatabase(async () => {
        for (const [provider, count] of Object.entries(await paymentsApplied(db))) this.inc({ provider }, count);
      });
    },
  });

  new Gauge<"queue" | "state">({
    name: "shop_job_queue_jobs",
    help: "Jobs per pg-boss queue: waiting (due, not started), deferred (retry or start later), active",
    labelNames: ["queue", "state"],
    registers: [registry],
    async collect() {
      this.reset();
      await fromDatabase(async () => {
        for (const queue of await jobQueueStats(db)) {
          this.set({ queue: queue.name, state: "waiting" }, queue.waiting);
          this.set({ queue: queue.name, state: "deferred" }, queue.deferred);
          this.set({ queue: queue.name, state: "active" }, queue.active);
        }
      });
    },
  });
  new Gauge<"queue">({
    name: "shop_job_queue_oldest_waiting_seconds",
    help: "Age of the oldest waiting job per pg-boss queue (0 when none waits)",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      this.reset();
      await fromDatabase(async () => {
        for (const queue of await jobQueueStats(db)) this.set({ queue: queue.name }, queue.oldestWaitingSeconds);
      });
    },
  });

  // This app server's own search index (server/search/search-service.ts): each server has one.
  const indexGauge = (name: string, help: string, read: (figures: SearchIndexFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(read(await searchServiceOf(db).figures()));
      },
    });
  indexGauge("search_index_ready", "1 once this app server's search index is built, else 0", (f) => Number(f.ready));
  indexGauge("search_index_documents", "Products in this app server's search index", (f) => f.documents);
  indexGauge(
    "search_index_memory_bytes",
    "Memory held by this app server's search index (an estimate)",
    (f) => f.bytes,
  );
  indexGauge(
    "search_index_build_seconds",
    "How long this app server's last full index build took",
    (f) => f.buildSeconds,
  );

  return {
    registry,
    requestDuration,
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
