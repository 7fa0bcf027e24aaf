// Starts the marketplace (run by server/main.ts): configuration, database (embedded or
// DATABASE_URL), sample catalogue on first start (a demo shop), then the HTTP server. Stops cleanly
// on SIGTERM and SIGINT.
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import express from "express";
import { loadAuthSecret } from "./accounts/auth-secret.ts";
import { prepareLiveShop } from "./catalogue/shop-mode.ts";
import { type Config, ConfigError, parseConfig } from "./config/env.ts";
import { isDatabaseUnavailable, reportDatabaseAway, reportDatabaseReturn } from "./db/availability.ts";
import { type OpenedDatabase, openDatabase } from "./db/open.ts";
import { answerConnectRequests } from "./http/connect-method.ts";
import { isLoopbackUrl } from "./http/loopback-address.ts";
import { type RunningJobs, startJobs } from "./jobs/queue.ts";
import { startWorkers } from "./jobs/workers.ts";
import { saveCompileCache } from "./lib/module-loading.ts";
import { createLogger } from "./ops/logger.ts";
import { type RunningMetrics, startMetrics } from "./ops/metrics-server.ts";
import { type SearchLog, startSearchLog } from "./search/search-log.ts";
import { type SearchService, useSearchService } from "./search/search-service.ts";
import { plainConnection, startSearchWorker } from "./search/search-worker-client.ts";
import { fileStoreFor } from "./storage/file-store.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

let config: Config;
try {
  config = parseConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const logger = createLogger(config.logLevel);
const log = (message: string) => logger.info(message);

// What a demo shop adds: the sample catalogue, its files and the shared demo accounts. Loaded only
// in a demo shop: a live one runs none of server/demo/ (docs/decisions/049).
const demo = config.shopMode === "demo" ? await import("./demo/demo-shop.ts") : undefined;

let database: OpenedDatabase;
let authSecret: string;
let jobs: RunningJobs;
let monitoring: RunningMetrics;
let searchLog: SearchLog;
let search: SearchService;
try {
  database = await openDatabase(config, log);
  // Once, here, where the pool is made (not in createApp, which development runs per request): the
  // end of an outage that the requests or the job queue met, at the pool's first connection after it.
  reportDatabaseReturn(database.pool, logger);
  authSecret = await loadAuthSecret(database.db, config.authSecret);
  const prepared = demo
    ? await demo.prepareDemoShop(database.db, database.pool)
    : await prepareLiveShop(database.db, database.pool);
  for (const done of prepared) log(done);
  const files = demo ? await demo.ensureSampleProductFiles(database.db, fileStoreFor(config)) : 0;
  if (files) log(`Wrote ${files} sample product files`);
  // The job queue polls the database: while it is away, the outage's one warning, not an error a poll.
  jobs = await startJobs(database.pool, (error) =>
    isDatabaseUnavailable(error) ? reportDatabaseAway(logger, error) : logger.error({ err: error }, "Job queue error"),
  );
  const previews = demo ? await demo.queueSamplePreviews(database.db, jobs) : 0;
  if (previews) log(`Queued the previews of ${previews} sample PDFs`);
  if (config.runJobs) {
    await startWorkers({
      jobs,
      db: database.db,
      config,
      secret: authSecret,
      logger,
      restoreDemoShop: demo?.restoreDemoShop,
    });
  } else log("RUN_JOBS=false: background jobs run on other servers");
  monitoring = await startMetrics(config.metrics, database.db, logger);
  searchLog = startSearchLog(database.db, {
    onError: (error) => logger.warn({ err: error }, "The search log could not be written"),
  });
  // This server's search index, in a worker thread of its own, is built in the background;
  // PostgreSQL answers searches meanwhile. It reads the products where the catalogue pages do (the
  // replica, if any) and hears of changes from the primary (a hot standby refuses LISTEN).
  search = startSearchWorker(plainConnection(database.readPool.options), {
    listenTo: plainConnection(database.pool.options),
    log,
    onError: (error) => logger.error({ err: error }, "Search index"),
  });
  useSearchService(database.db, search);
  // The catalogue pages search through readDb: the same worker answers them.
  useSearchService(database.readDb, search);
} catch (error) {
  logger.fatal((error as Error).message);
  process.exit(1);
}

// What the app is made of, in development (loaded through Vite) as in production (the build).
const appOptions = {
  db: database.db,
  readDb: database.readDb,
  config,
  authSecret,
  logger,
  jobs,
  metrics: monitoring.metrics,
  searchLog,
  demoAccounts: demo?.DEMO_ACCOUNTS,
};
const app = express();
// The shop's own app (createApp) says nothing of what it runs on; neither does this one.
app.disable("x-powered-by");
let viteServer: import("vite").ViteDevServer | undefined;
if (config.nodeEnv === "development") {
  const vite = await import("vite");
  viteServer = await vite.createServer({ root, server: { middlewareMode: true } });
  // React Router's Vite plugin installs exit hooks that end the process on SIGTERM/SIGINT
  // at once; our own handlers below stop the HTTP server and the database in order.
  process.removeAllListeners("SIGTERM");
  process.removeAllListeners("SIGINT");
  app.use(viteServer.middlewares);
  // Load the app through Vite on each request so that edits apply without a restart.
  app.use(async (req, res, next) => {
    try {
      const { createApp } = await viteServer!.ssrLoadModule("./server/http/app.ts");
      createApp(appOptions)(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteServer!.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const serverBuild = path.join(root, "build/server/index.js");
  if (!fs.existsSync(serverBuild)) {
    logger.fatal("There is no production build. Run `npm run build` first (or `npm start`, which builds).");
    await jobs.stop();
    await database.close();
    process.exit(1);
  }
  const { createApp } = await import(pathToFileURL(serverBuild).href);
  app.use(createApp({ ...appOptions, clientBuildDir: path.join(root, "build/client") }));
}

const server: Server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  // One address to open: the one the shop's links and redirects use (decision 043).
  log(
    isLoopbackUrl(config.publicUrl)
      ? `${config.shopName} is open at ${config.publicUrl}`
      : `${config.shopName} is listening on port ${port}; shoppers open ${config.publicUrl}`,
  );
  // Written now, not only at exit: a server that is killed leaves it too.
  saveCompileCache();
});
// Idle keep-alive connections outlive a load balancer's (60 s is usual: HAProxy's `timeout server`
// in tests/e2e/load-balancer.ts, AWS's ALB): a server that closes one first races the next request
// sent on it, which then fails ("other side closed", seen once in tests/e2e/scale-out.spec.ts).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
answerConnectRequests(server, logger);
server.on("error", async (error: NodeJS.ErrnoException) => {
  logger.fatal(
    error.code === "EADDRINUSE" ? `Port ${config.port} is already in use; set PORT to another port.` : error.message,
  );
  await jobs.stop();
  await database.close();
  process.exit(1);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal} received: finishing open requests, then stopping`);
  const forceExit = setTimeout(() => {
    logger.error("Open requests did not finish within 10 s; stopping anyway");
    server.closeAllConnections();
  }, 10_000);
  forceExit.unref();
  server.close(async () => {
    await viteServer?.close();
    await monitoring.stop();
    // The searches and clicks still in memory, while the database is open.
    await searchLog.stop();
    await search.stop();
    await jobs.stop();
    await database.close();
    log("Stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
