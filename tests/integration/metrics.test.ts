import type { RouteConfigEntry } from "@react-router/dev/routes";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../../app/routes.ts";
import { parseConfig } from "../../server/config/env.ts";
import { type RunningJobs, startJobs } from "../../server/jobs/queue.ts";
import { createMetrics, type ShopMetrics } from "../../server/ops/metrics.ts";
import { startMetrics, startMetricsServer } from "../../server/ops/metrics-server.ts";
import { operationsRoutes } from "../../server/ops/operations-routes.ts";
import type { RouteEntry } from "../../server/ops/route-label.ts";
import { searchIndexOf } from "../../server/search/index-sync.ts";
import { createOrder, createProducts } from "../support/factories.ts";
import { checkoutServices, paidOrder, recordingJobs } from "../support/orders.ts";
import { setUpTestDatabase } from "../support/test-database.ts";
import { serveForTests } from "../support/test-server.ts";

const database = setUpTestDatabase();
const TOKEN = "a-metrics-token-of-at-least-32-characters";

// The route table as the server build has it: the shop's own routes (and layouts) under the root route.
const routes: Record<string, RouteEntry> = { root: { id: "root", path: "" } };
function addRoutes(entries: RouteConfigEntry[], parentId: string) {
  for (const entry of entries) {
    const id = entry.file.replace(/\.tsx?$/, "");
    routes[id] = { id, parentId, path: entry.path, index: entry.index };
    addRoutes(entry.children ?? [], id);
  }
}
addRoutes(routeConfig, "root");

let metrics: ShopMetrics;
let productIds: number[];
beforeAll(async () => {
  metrics = createMetrics(database.db);
  productIds = (await createProducts(database.db, 4)).map((product) => product.id);
});

// The shop in small: the operations routes first, a static file, an Express route, and React
// Router's part standing in as "200 for a known page, 404 for the rest".
function shopLikeApp(options: { metrics: ShopMetrics | undefined; token: string | undefined }) {
  const app = express();
  app.use(operationsRoutes({ db: database.db, metrics: options.metrics, metricsToken: options.token, routes }));
  // As express.static does: a middleware, not a route.
  app.use((req, res, next) => {
    if (req.path === "/favicon.ico") res.type("image/x-icon").send("icon");
    else next();
  });
  app.get("/media/avatars/:name", (_req, res) => {
    res.send("avatar");
  });
  app.use((req, res) => {
    res.status(/^\/(product\/\d+|category\/\w+)?$/.test(req.path) ? 200 : 404).send("page");
  });
  return app;
}

const shop = serveForTests(() => shopLikeApp({ metrics, token: TOKEN }));

async function scrape(headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) {
  return fetch(`${shop.baseUrl}/metrics`, { headers });
}

/** The value of one sample in the exposition text, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    const match = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? "").split(",");
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

describe("request durations", () => {
  it("are labelled by route pattern, never by the address", async () => {
    for (const address of ["/product/17", "/product/18", "/category/planners", "/"]) {
      expect((await fetch(shop.baseUrl + address)).status).toBe(200);
    }
    await fetch(`${shop.baseUrl}/no/such/page-4242`);
    await fetch(`${shop.baseUrl}/favicon.ico`);
    await fetch(`${shop.baseUrl}/media/avatars/u1.webp`);
    await fetch(`${shop.baseUrl}/creator/%E0%A4`);

    const text = await (await scrape()).text();
    const count = (route: string, statusClass: string) =>
      sample(text, "http_request_duration_seconds_count", { route, method: "GET", status_class: statusClass });
    expect(count("/product/:id", "2xx")).toBe(2);
    expect(count("/category/:category", "2xx")).toBe(1);
    expect(count("/", "2xx")).toBe(1);
    expect(count("unmatched", "4xx")).toBe(2);
    expect(count("static", "2xx")).toBe(1);
    expect(count("/media/avatars/:name", "2xx")).toBe(1);
    expect(
      sample(text, "http_request_duration_seconds_bucket", {
        route: "/product/:id",
        method: "GET",
        status_class: "2xx",
        le: "+Inf",
      }),
    ).toBe(2);
    expect(text).not.toContain("/product/17");
    expect(text).not.toContain("page-4242");
    expect(text).toContain("process_cpu_user_seconds_total");
  });
});

describe("the shop's figures", () => {
  it("counts orders by state as the database has them", async () => {
    await createOrder(database.db, { status: "paid", productIds: [productIds[0]!] });
    await createOrder(database.db, { status: "paid", productIds: [productIds[1]!] });
    await createOrder(database.db, { status: "refunded", productIds: [productIds[2]!] });
    await createOrder(database.db, { status: "pending_payment", productIds: [productIds[3]!] });
    const text = await (await scrape()).text();
    const { rows } = await database.pool.query<{ status: string; count: number }>(
      "SELECT status, count(*)::int AS count FROM orders GROUP BY status",
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(sample(text, "shop_orders", { status: row.status })).toBe(row.count);
    expect(sample(text, "shop_orders", { status: "expired" })).toBe(0);
    expect(text).toMatch(/^shop_database_up 1$/m);
  });

  it("shows this app server's search index: ready, its products, its memory and its build time", async () => {
    await searchIndexOf(database.db).current();
    const text = await (await scrape()).text();
    const { rows } = await database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM product_search WHERE published",
    );
    expect(sample(text, "search_index_ready", {})).toBe(1);
    expect(sample(text, "search_index_documents", {})).toBe(rows[0]!.n);
    expect(sample(text, "search_index_memory_bytes", {})).toBeGreaterThan(0);
    expect(sample(text, "search_index_build_seconds", {})).toBeGreaterThan(0);
  });

  it("counts the payments applied from payment_events", async () => {
    const before = sample(await (await scrape()).text(), "shop_payments_applied_total", { provider: "hosted" }) ?? 0;
    const services = checkoutServices(database.db, recordingJobs());
    await paidOrder(services, [productIds[0]!]);
    await paidOrder(services, [productIds[1]!]);
    const text = await (await scrape()).text();
    expect(sample(text, "shop_payments_applied_total", { provider: "hosted" })).toBe(before + 2);
  });

  describe("job queues", () => {
    let jobs: RunningJobs;
    beforeAll(async () => {
      jobs = await startJobs(database.pool, () => {});
    });
    afterAll(() => jobs.stop());

    it("shows the depth and the age of the oldest waiting job per queue", async () => {
      for (const to of ["a@example.com", "b@example.com"]) {
        await jobs.send("send-email", { to, subject: "Waiting", text: "Waiting.", html: "<p>Waiting.</p>" });
      }
      await jobs.boss.send("send-receipt", { orderId: 1 }, { startAfter: 3600 });
      const text = await (await scrape()).text();
      expect(sample(text, "shop_job_queue_jobs", { queue: "send-email", state: "waiting" })).toBe(2);
      expect(sample(text, "shop_job_queue_jobs", { queue: "send-receipt", state: "deferred" })).toBe(1);
      expect(sample(text, "shop_job_queue_jobs", { queue: "send-receipt", state: "waiting" })).toBe(0);
      expect(sample(text, "shop_job_queue_jobs", { queue: "run-payouts", state: "waiting" })).toBe(0);
      const age = sample(text, "shop_job_queue_oldest_waiting_seconds", { queue: "send-email" });
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(60);
      expect(sample(text, "shop_job_queue_oldest_waiting_seconds", { queue: "send-receipt" })).toBe(0);

      await database.pool.query(
        "UPDATE pgboss.job SET created_on = now() - interval '5 minutes' WHERE name = 'send-email'",
      );
      const later = await (await scrape()).text();
      expect(sample(later, "shop_job_queue_oldest_waiting_seconds", { queue: "send-email" })).toBeGreaterThanOrEqual(
        300,
      );
    });
  });
});

describe("who may read the metrics", () => {
  it("refuses /metrics on the shop's port without the token, or with another", async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: TOKEN },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` },
    ];
    for (const headers of refused) {
      const response = await scrape(headers);
      expect(response.status).toBe(401);
      expect(await response.text()).toBe("Unauthorized");
    }
    expect((await scrape()).status).toBe(200);
  });

  it("exposes nothing when neither METRICS_PORT nor METRICS_TOKEN is set", async () => {
    const config = parseConfig({});
    expect(config.metrics).toBeUndefined();
    const running = await startMetrics(config.metrics, database.db, pino({ level: "silent" }));
    expect(running.metrics).toBeUndefined();
    const app = shopLikeApp({ metrics: running.metrics, token: undefined }).listen(0, "127.0.0.1");
    await new Promise((resolve) => app.once("listening", resolve));
    const { port } = app.address() as { port: number };
    try {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("http_request_duration_seconds");
      // /readyz stays.
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    } finally {
      app.close();
      await running.stop();
    }
  });

  it("keeps /metrics off the shop's port when only METRICS_PORT is set, and serves it on that port", async () => {
    const config = parseConfig({ METRICS_PORT: "9464" });
    expect(config.metrics).toEqual({ listen: { host: "127.0.0.1", port: 9464 }, token: undefined });
    const server = await startMetricsServer(metrics, { host: "127.0.0.1", port: 0 });
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/plain");
      expect(await response.text()).toContain("shop_orders{");
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    } finally {
      await server.close();
    }
    const app = shopLikeApp({ metrics, token: config.metrics?.token }).listen(0, "127.0.0.1");
    await new Promise((resolve) => app.once("listening", resolve));
    try {
      const { port } = app.address() as { port: number };
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    } finally {
      app.close();
    }
  });
});

describe("the metrics settings", () => {
  it("are checked at start", () => {
    expect(parseConfig({ METRICS_TOKEN: TOKEN }).metrics).toEqual({ listen: undefined, token: TOKEN });
    expect(parseConfig({ METRICS_PORT: "9100", METRICS_HOST: "0.0.0.0" }).metrics?.listen).toEqual({
      host: "0.0.0.0",
      port: 9100,
    });
    expect(() => parseConfig({ METRICS_TOKEN: "short" })).toThrow("METRICS_TOKEN: must be at least 32 characters");
    expect(() => parseConfig({ METRICS_PORT: "http" })).toThrow("METRICS_PORT: must be a number");
    expect(() => parseConfig({ METRICS_PORT: "3000" })).toThrow("METRICS_PORT: must differ from PORT");
    expect(() => parseConfig({ METRICS_HOST: "127.0.0.1" })).toThrow(
      "METRICS_HOST: means nothing without METRICS_PORT",
    );
  });
});
