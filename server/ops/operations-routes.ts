import express from "express";
import type { Database } from "../db/client.ts";
import { readinessCheck } from "../http/health.ts";
import type { ShopMetrics } from "./metrics.ts";
import { metricsEndpoint } from "./metrics-endpoint.ts";
import { observeRequests } from "./request-metrics.ts";
import type { RouteEntry } from "./route-label.ts";

export interface OperationsOptions {
  db: Database;
  /** Undefined when metrics are off (neither METRICS_PORT nor METRICS_TOKEN). */
  metrics: ShopMetrics | undefined;
  /** METRICS_TOKEN: /metrics on the shop's port only with it; undefined: not on this port at all. */
  metricsToken: string | undefined;
  /** React Router's route table (the server build's `routes`), whose patterns label the requests. */
  routes: Record<string, RouteEntry | undefined>;
}

/** Mounted first in the app: times every request, and answers /readyz and, behind the token, /metrics. */
export function operationsRoutes({ db, metrics, metricsToken, routes }: OperationsOptions): express.Router {
  const router = express.Router();
  if (metrics) router.use(observeRequests(metrics, routes));
  router.get("/readyz", readinessCheck(db));
  if (metrics && metricsToken) router.get("/metrics", metricsEndpoint(metrics, metricsToken));
  return router;
}
