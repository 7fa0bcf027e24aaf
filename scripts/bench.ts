// `npm run bench [-- --products N | --data-dir DIR | --no-seed] [-- --only SECTIONS] [-- --duration S]
//   [-- --connections C] [-- --shoppers N] [-- --payments N] [-- --job-concurrency N ...] [-- --port P]
//   [-- --no-build]`
// Builds the app, seeds a throwaway data directory with the sample catalogue plus N generated products (or
// uses an existing, seeded one: --data-dir DIR, or DATABASE_URL with --no-seed), starts the production
// server on a loopback port and runs its sections in this order:
// - search: on the freshly started server, once its search index is ready, single searches of a mix of
//   queries (each one's first time, then repeated), the mix at 16 connections with a product page timed
//   beside it, suggestions, the server's memory and the search index's figures (scripts/bench/search.ts);
// - pages: the five main pages under load beside a raw node:http server sending the same bytes, for a
//   visitor and a signed-in buyer (scripts/bench/pages.ts), then how soon a restarted server answers /;
// - payments: a burst of payments on the hosted payment page and the time from each payment to its order
//   being paid (scripts/bench/payments.ts): by default with the server's own workers; for each
//   --job-concurrency N the server is restarted with RUN_JOBS=false and the bench runs the shop's workers
//   itself at that concurrency;
// - licenses: POST /api/public/v1/licenses/verify at 16 connections (no API key, a client address per
//   request) beside a raw node:http server sending the same answer (scripts/bench/licenses.ts);
// - checkout: with the server stopped, the bench opens the same database itself and measures checkout and
//   payment through the domain functions (scripts/bench/checkout.ts);
// - platform: the admin console's figures, a seller's analytics and product views on the orders it paid
//   (scripts/bench/platform.ts);
// - payouts (only with --only payouts): the Friday run for --payout-sellers sellers with balances, as
//   `npm run payouts` runs it, then a run killed halfway and run again (scripts/bench/payouts.ts).
// Figures are printed, never asserted: they depend on the machine and on what else it is running.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { connect } from "../server/db/client.ts";
import { runningShopConnection } from "../server/db/embedded-postgres.ts";
import { type OpenedDatabase, openDatabase } from "../server/db/open.ts";
import { benchCheckout } from "./bench/checkout.ts";
import { fmt } from "./bench/figures.ts";
import { benchLicenses } from "./bench/licenses.ts";
import { benchLighthouse } from "./bench/lighthouse.ts";
import { type Options, parseArgs, SERVER_SECTIONS, type Section, USAGE, UsageError } from "./bench/options.ts";
import { benchPages } from "./bench/pages.ts";
import { benchPayments } from "./bench/payments.ts";
import { benchPayouts } from "./bench/payouts.ts";
import { benchPlatform } from "./bench/platform.ts";
import { benchSearch } from "./bench/search.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// ---------------------------------------------------------------------------------------------------------------
// Child processes, and cleaning up after them whatever happens

const children = new Set<ChildProcess>();
let tempDir: string | undefined;
/** The database the bench opens itself for the checkout section (after the server has stopped). */
let database: OpenedDatabase | undefined;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    children.add(child);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

let cleaning: Promise<void> | undefined;
let interrupted = false;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([...children].map(stop));
    await database?.close().catch(() => {}); // stops the embedded PostgreSQL before its directory goes
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the server${tempDir ? " and removing the data directory" : ""}`);
    void cleanUp().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * Asks for `url` until it answers 200: long enough for a server to open a large catalogue's database
 * (its migrations, recovery after a crash). Often enough to time a start.
 */
async function waitForAnswer(url: string, server: ChildProcess, timeoutMs = 10 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error("The server stopped before it was ready");
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`The server did not answer ${url} with 200 within ${timeoutMs / 1000} s`);
}

// ---------------------------------------------------------------------------------------------------------------
// The sections of the benchmark

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const runs = (section: Section) => options.sections.includes(section);
  const needsServer = options.sections.some((section) => SERVER_SECTIONS.includes(section));

  if (options.build && needsServer) {
    console.log("Building the app (skip with --no-build)…");
    await run("npx", ["react-router", "build"]);
  }

  let dataDir = options.dataDir;
  if (!dataDir) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
    fs.chmodSync(tempDir, 0o755); // as root, the embedded PostgreSQL runs as "postgres" and must enter it
    dataDir = tempDir;
  }
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  const writes = runs("payments") || runs("checkout");
  if (process.env.DATABASE_URL && (options.seed || writes)) {
    console.warn(
      `DATABASE_URL is set: the benchmark adds ${options.seed ? `${fmt(options.products)} products, ` : ""}` +
        `${writes ? "guest carts and the orders of its payments and checkouts " : ""}to that database.`,
    );
  } else if (options.dataDir && writes) {
    console.warn(`The payments and checkout sections add guest carts and orders to ${options.dataDir}.`);
  }

  if (options.seed) {
    console.log(`Seeding the sample catalogue and ${fmt(options.products)} generated products…`);
    await run(process.execPath, ["scripts/seed.ts", "--products", String(options.products)], env);
  }
  const connectToShop = (poolSize = 10) =>
    connect(
      process.env.DATABASE_URL ? { connectionString: process.env.DATABASE_URL } : runningShopConnection(dataDir),
      poolSize,
    );
  const catalogueSize = async () => {
    const database = connectToShop(1);
    try {
      const { rows } = await database.pool.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM products WHERE status = 'published'",
      );
      return rows[0]!.count;
    } finally {
      await database.close();
    }
  };

  const port = options.port ?? (await freePort());
  const metricsPort = options.port ? options.port + 1 : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    LOG_LEVEL: "warn",
    // The search section reads the search index's figures and the server's memory there.
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: "127.0.0.1",
    // A live shop's server reads the ECB's rates at start: the bench reaches no other site.
    EXCHANGE_RATES_URL: "sample",
  };
  let server: ChildProcess | undefined;
  let serverStartedAt = 0;
  let serverRunsJobs = true;
  /** Starts a server (the bench stops it when it ends). */
  const startServer = (runJobs: boolean) => {
    serverStartedAt = performance.now();
    const child = spawn(process.execPath, ["server/main.ts"], {
      cwd: root,
      stdio: "inherit",
      env: { ...serverEnv, RUN_JOBS: String(runJobs) },
    });
    children.add(child);
    child.on("exit", () => children.delete(child));
    server = child;
    serverRunsJobs = runJobs;
    return child;
  };
  /** Starts the server, or restarts it when it should (not) run the background jobs itself. */
  const useServer = async (runJobs: boolean) => {
    if (server && serverRunsJobs === runJobs) return;
    if (server) await stop(server);
    await waitForAnswer(`${base}/healthz`, startServer(runJobs));
  };

  /** The server stopped and started again on its database: how soon it answers the home page. */
  const coldStart = async () => {
    if (server) await stop(server);
    console.log("Restarting the server: how soon it answers / …");
    const child = startServer(true);
    await waitForAnswer(`${base}/`, child, 120_000);
    const answered = (performance.now() - serverStartedAt) / 1000;
    await waitForAnswer(`${base}/healthz`, child);
    return [`Cold start on this database: / answered ${fmt(answered, 2)} s after the server was started (goal <= 2 s)`];
  };

  let products: number | undefined;
  let searchLines: string[] = [];
  let pageLines: string[] = [];
  let startLines: string[] = [];
  let lighthouseLines: string[] = [];
  let paymentLines: string[] = [];
  let licenseLines: string[] = [];
  if (needsServer) {
    await useServer(true);
    console.log(`Server ready at ${base} after ${fmt((performance.now() - serverStartedAt) / 1000, 1)} s`);
    products = await catalogueSize();
    if (runs("search")) {
      searchLines = await benchSearch({
        base,
        metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
        serverPid: server!.pid!,
        serverStartedAt,
        duration: options.duration,
        connect: () => connectToShop(2),
      });
    }
    if (runs("pages")) {
      pageLines = await benchPages({
        base,
        connections: options.connections,
        duration: options.duration,
        track: (child) => {
          children.add(child);
          child.on("exit", () => children.delete(child));
        },
      });
      startLines = await coldStart();
    }
    if (runs("lighthouse")) lighthouseLines = await benchLighthouse(base);
    if (runs("payments")) {
      paymentLines = await benchPayments({
        base,
        env: serverEnv,
        payments: options.payments,
        concurrencies: options.jobConcurrency,
        useServer,
        connect: () => connectToShop(),
      });
    }
    if (runs("licenses")) {
      licenseLines = await benchLicenses({
        base,
        duration: options.duration,
        connect: () => connectToShop(2),
        track: (child) => {
          children.add(child);
          child.on("exit", () => children.delete(child));
        },
      });
    }
    // The embedded PostgreSQL belongs to one process at a time (DATA_DIR is locked), so the server
    // stops before the bench opens the same database; it would only add noise to the checkout figures anyway.
    if (server) await stop(server);
  }

  let checkoutLines: string[] = [];
  let platformLines: string[] = [];
  let payoutLines: string[] = [];
  if (runs("checkout") || runs("platform") || runs("payouts")) {
    console.log("Opening the shop's database for the checkout, platform and payouts sections…");
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
    if (runs("checkout")) {
      checkoutLines = await benchCheckout(database, { shoppers: options.shoppers, duration: options.duration });
    }
    if (runs("platform")) platformLines = await benchPlatform(database);
    if (runs("payouts")) {
      payoutLines = await benchPayouts(database, {
        sellers: options.payoutSellers,
        dataDir,
        track: (child) => {
          children.add(child);
          child.on("exit", () => children.delete(child));
        },
      });
    }
  }

  console.log(
    `\n${products === undefined ? "" : `${fmt(products)} products on sale, `}${options.duration} s per load, ` +
      `${os.availableParallelism()} cores, ${fmt(os.totalmem() / 1024 ** 3, 1)} GB, Node ${process.version}; ` +
      `sections: ${options.sections.join(", ")}`,
  );
  if (runs("search")) console.log(`\n${searchLines.join("\n")}`);
  for (const lines of [
    pageLines,
    startLines,
    lighthouseLines,
    paymentLines,
    licenseLines,
    checkoutLines,
    platformLines,
    payoutLines,
  ]) {
    if (lines.length > 0) console.log(`\n${lines.join("\n")}`);
  }
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (!interrupted) console.error(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
