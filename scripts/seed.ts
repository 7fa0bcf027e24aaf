// `npm run seed [-- --products N] [-- --seed S]`: loads (or refreshes) the sample catalogue and, with
// --products, generates N more products for load testing. Uses the same database as the server: the
// embedded PostgreSQL under DATA_DIR, or DATABASE_URL. Exit codes: 0 done, 1 failed, 2 bad arguments.

import { ConfigError, parseConfig } from "../server/config/env.ts";
import { DataDirInUseError } from "../server/db/data-dir-lock.ts";
import { type OpenedDatabase, openDatabase } from "../server/db/open.ts";
import { generateCatalogue } from "../server/demo/catalogue/generate-catalogue.ts";
import { seedSampleCatalogue } from "../server/demo/catalogue/seed-sample-catalogue.ts";

const USAGE = "Usage: node scripts/seed.ts [--products N] [--seed S]";
const MAX_PRODUCTS = 10_000_000; // image seeds (id * 10 + position) must stay below 2^31

class UsageError extends Error {}

const number = (n: number) => n.toLocaleString("en-US");
const count = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;

function parseCount(flag: string, value: string | undefined, min: number, max: number): number {
  if (value === undefined || !/^\d+$/.test(value.replaceAll("_", ""))) {
    throw new UsageError(`${flag} needs a whole number, got ${value === undefined ? "nothing" : `"${value}"`}`);
  }
  const n = Number(value.replaceAll("_", ""));
  if (n < min || n > max)
    throw new UsageError(`${flag} must be between ${number(min)} and ${number(max)}, got ${value}`);
  return n;
}

function parseSeedArgs(argv: readonly string[]): { products: number | undefined; seed: number | undefined } {
  let products: number | undefined;
  let seed: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === "--products") products = parseCount("--products", value(), 1, MAX_PRODUCTS);
    else if (flag === "--seed") seed = parseCount("--seed", value(), 0, 2 ** 31 - 1);
    else if (flag === "--help" || flag === "-h") throw new UsageError("");
    else throw new UsageError(`Unknown argument "${arg}"`);
  }
  return { products, seed };
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseSeedArgs>;
  try {
    args = parseSeedArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) console.error(error.message);
    console.error(USAGE);
    return error.message ? 2 : 0;
  }

  let database: OpenedDatabase | undefined;
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= database?.close() ?? Promise.resolve());
  // Ctrl-C must still stop the embedded PostgreSQL and release DATA_DIR (if it is still starting, once it is up).
  let interruptedBy: NodeJS.Signals | undefined;
  const exitAfterClose = (signal: NodeJS.Signals) =>
    void close()
      .catch(() => {})
      .finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the database`);
    interruptedBy = signal;
    if (database) exitAfterClose(signal);
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);

  try {
    const config = parseConfig();
    // The sample catalogue comes with the demo accounts, whose passwords are published: never in a live shop.
    if (config.shopMode === "live") {
      console.error(
        "This shop is live (SHOP_MODE, or DATABASE_URL without SHOP_MODE=demo): the sample catalogue and the demo accounts are for demo shops only.",
      );
      return 1;
    }
    database = await openDatabase(config, (message) => console.log(message));
    if (interruptedBy) {
      exitAfterClose(interruptedBy);
      return 1;
    }
    console.log(`Database: ${config.databaseUrl ? "DATABASE_URL" : `embedded PostgreSQL in ${config.dataDir}`}`);

    const sample = await seedSampleCatalogue(database.db);
    console.log(
      `Loaded the sample catalogue (${sample.categories} categories, ${sample.creators} creators, ${sample.products} products)`,
    );

    if (args.products !== undefined) {
      const total = args.products;
      console.log(`Generating ${count(total, "product", "products")}…`);
      let nextTenth = 1; // report at each 10%, whatever the batch size
      const result = await generateCatalogue(database.db, database.pool, {
        products: total,
        seed: args.seed,
        onProgress(done) {
          if (done >= total || done * 10 < nextTenth * total) return;
          console.log(`  ${Math.floor((done * 100) / total)}% (${number(done)} products)`);
          nextTenth = Math.floor((done * 10) / total) + 1;
        },
      });
      const seconds = result.milliseconds / 1000;
      console.log(
        `Generated ${count(result.products, "product", "products")} (${number(result.creators)} creators, ${count(result.images, "image", "images")}) ` +
          `in ${seconds.toFixed(1)} s (${number(Math.round(result.products / Math.max(seconds, 0.001)))} products/s)`,
      );
      // Fresh statistics, so that the first searches are planned for the catalogue as it now is.
      await database.pool.query("ANALYZE");
    }
    return 0;
  } catch (error) {
    if (interruptedBy) return 1; // the database was closed under a running query; not worth a stack trace
    const known = error instanceof ConfigError || error instanceof DataDirInUseError;
    if (known || (error instanceof Error && error.name === "DataDirInUseError"))
      console.error((error as Error).message);
    else console.error(`Seeding failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    await close();
  }
}

process.exitCode = await main();
