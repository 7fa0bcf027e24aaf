// `npm run bench [-- --products N] [-- --duration S] [-- --connections C] [-- --shoppers N]
//   [-- --payments N] [-- --job-concurrency N ...] [-- --no-build]`
// Builds the app, seeds a throwaway data directory with the sample catalogue plus N generated products,
// starts the production server on a free loopback port and measures pages with autocannon (throughput
// under load), then times search requests one at a time (the p50 and p95 of a single search with facets).
// Then, still on the running server, a burst of payments on the hosted payment page and the time from
// each payment to its order being paid (scripts/bench/payments.ts): by default with the server's own
// workers; for each --job-concurrency N the server is restarted with RUN_JOBS=false and the bench runs
// the shop's workers itself at that concurrency.
// Last, with the server stopped, it opens the same database itself and measures checkout and payment
// through the domain functions (scripts/bench/checkout.ts), then the admin console's figures, a
// seller's analytics and product views on the orders it paid (scripts/bench/platform.ts).
// Figures are printed, never asserted: they depend on the machine and on what else it is running.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { connect } from "../server/db/client.ts";
import { runningShopConnection } from "../server/db/embedded-postgres.ts";
import { type OpenedDatabase, openDatabase } from "../server/db/open.ts";
import { benchCheckout } from "./bench/checkout.ts";
import { fmt, percentile, table } from "./bench/figures.ts";
import { benchPayments } from "./bench/payments.ts";
import { benchPlatform } from "./bench/platform.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = `Usage: node scripts/bench.ts [options]
  --products N         generated products on top of the sample catalogue (default 100000)
  --duration S         seconds per page target and per checkout concurrency (default 10)
  --connections C      connections for the page targets (default 20)
  --shoppers N         guest carts for the checkout section (default 200 per second of --duration, at most 2000)
  --payments N         payments in each burst of the payment confirmations section (default 500)
  --job-concurrency N  run the burst with the shop's workers in the bench, every delivery, receipt and email
                       queue at N jobs at once (the server restarted with RUN_JOBS=false), or "shop" for the
                       server's own workers (the default); repeat to compare in one run
                       (e.g. --job-concurrency 1 --job-concurrency shop)
  --no-build           use the existing production build`;
const TARGETS = [
  "/",
  "/category/planners",
  "/search?q=planner",
  "/api/v1/search?q=planner",
  "/api/v1/search/suggestions?q=plan",
  "/healthz",
];
// Searches with their facet counts, each timed alone: common words, a rare one, filters and sorts.
const SEARCHES = [
  "/api/v1/search?q=planner",
  "/api/v1/search?q=art&category=wall-art&format=PNG&sort=price-low",
  "/api/v1/search?q=zq",
  "/api/v1/search?q=minimalist&min=10&max=60&sort=rating",
  "/api/v1/search?sort=trending",
  "/api/v1/search?category=templates&format=PSD&format=AI",
];
const SEARCH_SAMPLES = 200;

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
// autocannon ships no types; this is the part of its API we use.
const autocannon = createRequire(import.meta.url)("autocannon") as (options: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<AutocannonResult>;

class UsageError extends Error {}

function parseArgs(argv: readonly string[]) {
  const options = {
    products: 100_000,
    duration: 10,
    connections: 20,
    shoppers: undefined as number | undefined,
    payments: 500,
    /** undefined: the server's own workers, at the shop's settings (server/jobs/workers.ts) */
    jobConcurrency: [] as (number | undefined)[],
    build: true,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf("=");
    const flag = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => {
      const raw = arg.startsWith("--") && eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (raw === undefined || !/^[1-9]\d*$/.test(raw.replaceAll("_", ""))) {
        throw new UsageError(
          `${flag} needs a positive whole number, got ${raw === undefined ? "nothing" : `"${raw}"`}`,
        );
      }
      return Number(raw.replaceAll("_", ""));
    };
    if (flag === "--products") options.products = value();
    else if (flag === "--duration") options.duration = value();
    else if (flag === "--connections") options.connections = value();
    else if (flag === "--shoppers") options.shoppers = value();
    else if (flag === "--payments") options.payments = value();
    else if (flag === "--job-concurrency") {
      const raw = arg.startsWith("--") && eq > 0 ? arg.slice(eq + 1) : argv[i + 1];
      if (raw === "shop") {
        options.jobConcurrency.push(undefined);
        if (eq < 0) i++;
      } else options.jobConcurrency.push(value());
    } else if (flag === "--no-build") options.build = false;
    else if (flag === "--help" || flag === "-h") options.help = true;
    else throw new UsageError(`Unknown argument "${arg}"`);
  }
  // Carts for the checkouts: 200 per second of the run, at most 2,000 (a short run needs fewer, and
  // preparing them takes time); the checkouts take them in turn.
  return {
    ...options,
    shoppers: options.shoppers ?? Math.min(2_000, 200 * options.duration),
    jobConcurrency: options.jobConcurrency.length > 0 ? options.jobConcurrency : [undefined],
  };
}

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
    console.error(`\n${signal}: stopping the server and removing the data directory`);
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

async function waitForHealth(base: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error("The server stopped before it was ready");
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer ${base}/healthz with 200 within ${timeoutMs / 1000} s`);
}

// ---------------------------------------------------------------------------------------------------------------
// The sections of the benchmark

type Options = ReturnType<typeof parseArgs>;

/** Throughput and latency of each page under load: one table row per target. */
async function measurePages(base: string, options: Options): Promise<string[][]> {
  const rows: string[][] = [];
  for (const target of TARGETS) {
    const url = `${base}${target}`;
    const check = await fetch(url);
    await check.arrayBuffer();
    if (check.status !== 200) console.warn(`GET ${target} answered ${check.status} before the run`);
    for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer(); // warm up caches and the JIT
    console.log(`Measuring ${target} for ${options.duration} s with ${options.connections} connections…`);
    const result = await autocannon({ url, connections: options.connections, duration: options.duration });
    rows.push([
      target,
      fmt(result.requests.average, 1),
      fmt(result.latency.p50, 1),
      fmt(result.latency.p99, 1),
      `${fmt(result.errors + result.timeouts)} / ${fmt(result.non2xx)}`,
    ]);
  }
  return rows;
}

/**
 * One search at a time. Each timed search is asked for the first time (a price bound of its own), so
 * that its facet counts are computed, not taken from the minute-long cache; then the same ones again.
 */
async function measureSearches(base: string): Promise<{ firstTime: string; again: string }> {
  console.log(`Timing ${SEARCH_SAMPLES} single searches (with facet counts), then the same again…`);
  const timeSearches = async () => {
    const latencies: number[] = [];
    for (let i = 0; i < SEARCH_SAMPLES; i++) {
      const target = `${SEARCHES[i % SEARCHES.length]}${SEARCHES[i % SEARCHES.length]!.includes("?") ? "&" : "?"}max=${100 + (i % 100)}`;
      const started = performance.now();
      const response = await fetch(`${base}${target}`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 200) console.warn(`GET ${target} answered ${response.status}`);
    }
    latencies.sort((a, b) => a - b);
    const at = (p: number) => fmt(percentile(latencies, p), 1);
    return `p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms`;
  };
  const firstTime = await timeSearches();
  const again = await timeSearches();
  return { firstTime, again };
}

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

  if (options.build) {
    console.log("Building the app (skip with --no-build)…");
    await run("npx", ["react-router", "build"]);
  }

  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  fs.chmodSync(tempDir, 0o755); // as root, the embedded PostgreSQL runs as "postgres" and must enter it
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: tempDir };
  if (process.env.DATABASE_URL) {
    console.warn(
      `DATABASE_URL is set: the benchmark adds ${fmt(options.products)} products, ${fmt(options.shoppers)} guest carts ` +
        "and the orders of its checkouts to that database.",
    );
  }

  console.log(`Seeding the sample catalogue and ${fmt(options.products)} generated products…`);
  await run(process.execPath, ["scripts/seed.ts", "--products", String(options.products)], env);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    LOG_LEVEL: "warn",
  };
  let server: ChildProcess | undefined;
  let serverRunsJobs = true;
  /** Starts the server, or restarts it when it should (not) run the background jobs itself. */
  const useServer = async (runJobs: boolean) => {
    if (server && serverRunsJobs === runJobs) return;
    if (server) await stop(server);
    const child = spawn(process.execPath, ["server/main.ts"], {
      cwd: root,
      stdio: "inherit",
      env: { ...serverEnv, RUN_JOBS: String(runJobs) },
    });
    children.add(child);
    child.on("exit", () => children.delete(child));
    server = child;
    serverRunsJobs = runJobs;
    await waitForHealth(base, child);
  };
  await useServer(true);
  console.log(`Server ready at ${base}`);

  const pageRows = await measurePages(base, options);
  const searches = await measureSearches(base);
  const paymentLines = await benchPayments({
    base,
    env: serverEnv,
    payments: options.payments,
    concurrencies: options.jobConcurrency,
    useServer,
    connect: () =>
      connect(
        process.env.DATABASE_URL ? { connectionString: process.env.DATABASE_URL } : runningShopConnection(tempDir!),
      ),
  });

  // The embedded PostgreSQL belongs to one process at a time (DATA_DIR is locked), so the server
  // stops before the bench opens the same database; it would only add noise to the checkout figures anyway.
  console.log("Stopping the server and opening its database for the checkout section…");
  if (server) await stop(server);
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: tempDir });
  const checkoutLines = await benchCheckout(database, { shoppers: options.shoppers, duration: options.duration });
  const platformLines = await benchPlatform(database);

  console.log(
    `\n${fmt(options.products)} generated ${options.products === 1 ? "product" : "products"}, ${options.duration} s per target, ${options.connections} connections, ` +
      `${os.availableParallelism()} cores, Node ${process.version}`,
  );
  for (const line of table(["target", "requests/s (avg)", "p50 ms", "p99 ms", "errors / non-2xx"], pageRows)) {
    console.log(line);
  }
  console.log(`\nSearch with facets, one request at a time (${SEARCH_SAMPLES} different searches):`);
  console.log(`  first time: ${searches.firstTime}`);
  console.log(`  again (facet counts cached): ${searches.again}`);
  console.log(`\n${paymentLines.join("\n")}`);
  console.log(`\n${checkoutLines.join("\n")}`);
  console.log(`\n${platformLines.join("\n")}`);
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
