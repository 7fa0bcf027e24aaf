// The options of `npm run bench` (scripts/bench.ts): what it reads from its command line, and its usage text.
import fs from "node:fs";
import path from "node:path";
import { SEARCH_CONNECTIONS } from "./search.ts";

export const SECTIONS = [
  "search",
  "pages",
  "lighthouse",
  "payments",
  "licenses",
  "checkout",
  "platform",
  "payouts",
] as const;
export type Section = (typeof SECTIONS)[number];
/** The sections run on the shop's server; the others open its database themselves once it has stopped. */
export const SERVER_SECTIONS: readonly Section[] = ["search", "pages", "lighthouse", "payments", "licenses"];
/**
 * Run only when asked for: lighthouse (--lighthouse, or --only lighthouse), a minute or more of
 * Chromium; payouts (--only payouts), minutes, and twice --payout-sellers sellers written to the database.
 */
const ASKED_FOR_ONLY: readonly Section[] = ["lighthouse", "payouts"];
export const USAGE = `Usage: node scripts/bench.ts [options]
  --products N         generated products on top of the sample catalogue (default 100000), seeded in a
                       throwaway data directory (or in DATABASE_URL's database)
  --data-dir DIR       use this data directory as it is, seeded before (DATA_DIR=DIR npm run seed --
                       --products N): nothing is seeded or deleted; the payments and checkout sections add
                       orders to it. The shop must not be running on it
  --no-seed            with DATABASE_URL: use its database as it is
  --only SECTIONS      run only these sections (comma-separated or repeated; they run in the usual order):
                       ${SECTIONS.join(", ")} (default: all but lighthouse and payouts)
  --lighthouse         also run Lighthouse (mobile) on the main pages, with Debian's Chromium
  --duration S         seconds per page target, per search load, per licence load and per checkout concurrency
                       (default 10)
  --connections C      connections for the pages section (default 50; the search section uses ${SEARCH_CONNECTIONS})
  --shoppers N         guest carts for the checkout section (default 200 per second of --duration, at most 2000)
  --payments N         payments in each burst of the payment confirmations section (default 500)
  --job-concurrency N  run the burst with the shop's workers in the bench, every delivery, receipt and email
                       queue at N jobs at once (the server restarted with RUN_JOBS=false), or "shop" for the
                       server's own workers (the default); repeat to compare in one run
                       (e.g. --job-concurrency 1 --job-concurrency shop)
  --payout-sellers N   sellers with a balance in each batch of the payouts section (default 10000)
  --port P             the server's port (its metrics on P+1); default: free ones
  --no-build           use the existing production build
Examples:
  npm run bench                                           every section on 100,000 generated products
  DATA_DIR=/tmp/bench1m npm run seed -- --products 1000000
  npm run bench -- --data-dir /tmp/bench1m --only search  the search section on a million products`;

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[]) {
  const options = {
    products: 100_000,
    dataDir: undefined as string | undefined,
    seed: true,
    only: new Set<Section>(),
    duration: 10,
    connections: 50,
    shoppers: undefined as number | undefined,
    payments: 500,
    payoutSellers: 10_000,
    /** undefined: the server's own workers, at the shop's settings (server/jobs/workers.ts) */
    jobConcurrency: [] as (number | undefined)[],
    port: undefined as number | undefined,
    build: true,
    lighthouse: false,
    help: false,
  };
  let productsGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf("=");
    const flag = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const text = () => {
      const raw = arg.startsWith("--") && eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (raw === undefined || raw === "") throw new UsageError(`${flag} needs a value`);
      return raw;
    };
    const value = () => {
      const raw = arg.startsWith("--") && eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (raw === undefined || !/^[1-9]\d*$/.test(raw.replaceAll("_", ""))) {
        throw new UsageError(
          `${flag} needs a positive whole number, got ${raw === undefined ? "nothing" : `"${raw}"`}`,
        );
      }
      return Number(raw.replaceAll("_", ""));
    };
    if (flag === "--products") {
      options.products = value();
      productsGiven = true;
    } else if (flag === "--data-dir") options.dataDir = path.resolve(text());
    else if (flag === "--no-seed") options.seed = false;
    else if (flag === "--only") {
      for (const name of text().split(",")) {
        const section = SECTIONS.find((known) => known === name.trim());
        if (!section)
          throw new UsageError(`--only: unknown section "${name}"; the sections are ${SECTIONS.join(", ")}`);
        options.only.add(section);
      }
    } else if (flag === "--duration") options.duration = value();
    else if (flag === "--connections") options.connections = value();
    else if (flag === "--shoppers") options.shoppers = value();
    else if (flag === "--payments") options.payments = value();
    else if (flag === "--payout-sellers") options.payoutSellers = value();
    else if (flag === "--port") {
      options.port = value();
      if (options.port > 65_534) throw new UsageError("--port must be at most 65534 (its metrics use the next one)");
    } else if (flag === "--job-concurrency") {
      const raw = arg.startsWith("--") && eq > 0 ? arg.slice(eq + 1) : argv[i + 1];
      if (raw === "shop") {
        options.jobConcurrency.push(undefined);
        if (eq < 0) i++;
      } else options.jobConcurrency.push(value());
    } else if (flag === "--no-build") options.build = false;
    else if (flag === "--lighthouse") options.lighthouse = true;
    else if (flag === "--help" || flag === "-h") options.help = true;
    else throw new UsageError(`Unknown argument "${arg}"`);
  }
  if (options.dataDir) {
    if (productsGiven) throw new UsageError("--products seeds a new data directory; --data-dir uses one as it is");
    if (!fs.existsSync(options.dataDir)) throw new UsageError(`--data-dir: ${options.dataDir} does not exist`);
    options.seed = false;
  }
  if (!options.seed && productsGiven) throw new UsageError("--products and --no-seed contradict each other");
  // Carts for the checkouts: 200 per second of the run, at most 2,000 (a short run needs fewer, and
  // preparing them takes time); the checkouts take them in turn.
  return {
    ...options,
    sections: SECTIONS.filter(
      (section) =>
        (options.only.size === 0 ? !ASKED_FOR_ONLY.includes(section) : options.only.has(section)) ||
        (section === "lighthouse" && options.lighthouse),
    ),
    shoppers: options.shoppers ?? Math.min(2_000, 200 * options.duration),
    jobConcurrency: options.jobConcurrency.length > 0 ? options.jobConcurrency : [undefined],
  };
}

export type Options = ReturnType<typeof parseArgs>;
