import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import type { MetricsOptions } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { createMetrics, type ShopMetrics } from "./metrics.ts";

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** A listener of its own that answers GET /metrics and nothing else (no token: keep it on a private address). */
export async function startMetricsServer(
  metrics: ShopMetrics,
  { host, port }: { host: string; port: number },
): Promise<MetricsServer> {
  const server = http.createServer(async (req, res) => {
    const pathname = (req.url ?? "").split("?")[0];
    if (pathname !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    try {
      const { contentType, body } = await metrics.scrape();
      res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body);
    } catch {
      res.writeHead(500, { "Content-Type": "text/plain" }).end("The metrics could not be read");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "EADDRINUSE"
            ? `METRICS_PORT ${port} is already in use on ${host}; set METRICS_PORT to another port.`
            : `The metrics server could not listen on ${host}:${port}: ${error.message}`,
        ),
      ),
    );
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface RunningMetrics {
  /** For the app: undefined when metrics are off. */
  metrics: ShopMetrics | undefined;
  stop(): Promise<void>;
}

/** The metrics as configured: none, a listener of their own, and/or (in the app) /metrics behind a token. */
export async function startMetrics(
  options: MetricsOptions | undefined,
  db: Database,
  logger: Logger,
): Promise<RunningMetrics> {
  if (!options) return { metrics: undefined, stop: async () => {} };
  const metrics = createMetrics(db, (error) => logger.warn({ err: error }, "A metric could not be read"));
  const server = options.listen ? await startMetricsServer(metrics, options.listen) : undefined;
  if (server && options.listen) logger.info(`Metrics at http://${options.listen.host}:${server.port}/metrics`);
  if (options.token) logger.info("Metrics at /metrics for a scraper with the METRICS_TOKEN bearer token");
  return { metrics, stop: async () => server?.close() };
}
