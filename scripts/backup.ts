// `npm run backup -- [--output <file.tar.gz or folder>]`: one archive with the shop's database and
// its file store (DATA_DIR/files; with S3_BUCKET the bucket is left to its own backup). Works while
// the shop runs. The embedded database is copied as a physical base backup, a DATABASE_URL one with
// pg_dump (PG_BIN: the folder of a pg_dump at least as new as the server). See decision 014.
// Exit codes: 0 written, 1 failed, 2 bad arguments.
import fs from "node:fs";
import path from "node:path";
import { createBackup } from "../server/ops/backup/create-backup.ts";
import { readShopConfig } from "./shop-database.ts";

const USAGE = "Usage: npm run backup -- [--output <file.tar.gz or folder>]";

function outputFile(argv: string[]): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");
  const name = `shop-${stamp}.tar.gz`;
  if (argv.length === 0) return path.resolve("backups", name);
  const [flag, value, ...rest] = argv;
  if (flag !== "--output" || !value || rest.length > 0) throw new Error(USAGE);
  const resolved = path.resolve(value);
  const isFolder = value.endsWith("/") || (fs.existsSync(resolved) && fs.statSync(resolved).isDirectory());
  return isFolder ? path.join(resolved, name) : resolved;
}

async function main(argv: string[]): Promise<number> {
  let output: string;
  try {
    output = outputFile(argv);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const config = readShopConfig();
  if (!config) return 1;
  try {
    const manifest = await createBackup({ config, output, pgBin: process.env.PG_BIN, log: console.log });
    const megabytes = (fs.statSync(output).size / 1024 / 1024).toFixed(1);
    const { orders, accounts, products } = manifest.summary;
    const files = manifest.files.included ? `, ${manifest.files.count} files` : " (files: in the S3 bucket)";
    console.log(
      `Backup written to ${output} (${megabytes} MB): ${orders} orders, ${accounts} accounts, ${products} products${files}.`,
    );
    console.log(`Restore it with: npm run restore -- ${path.relative(process.cwd(), output) || output}`);
    return 0;
  } catch (error) {
    console.error(`The backup failed: ${(error as Error).message}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
