// `npm run restore -- <backup.tar.gz> [--yes]`: replaces the shop's database and file store with a
// backup's (npm run backup). Refuses while the shop runs on DATA_DIR; verifies the whole backup
// first; asks before replacing anything (or --yes); sets what it replaces aside instead of deleting it.
// Exit codes: 0 restored, 1 refused or failed, 2 bad arguments, 3 not confirmed.
import path from "node:path";
import readline from "node:readline/promises";
import { type RestorePlan, restoreBackup } from "../server/ops/backup/restore-backup.ts";
import { readShopConfig } from "./shop-database.ts";

const USAGE = "Usage: npm run restore -- <backup.tar.gz> [--yes]";

function describe(plan: RestorePlan): string {
  const { orders, accounts, products } = plan.restored;
  const { manifest } = plan;
  const files = manifest.files.included ? `, ${manifest.files.count} files` : "";
  return [
    `The backup of ${manifest.createdAt} is complete and sound: ${orders} orders, ${accounts} accounts, ${products} products${files}.`,
    ...plan.notes,
    "Restoring it replaces (what is there now is set aside, not deleted):",
    ...plan.replaces.map((line) => `  - ${line}`),
  ].join("\n");
}

async function ask(plan: RestorePlan): Promise<boolean> {
  console.log(describe(plan));
  const prompt = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await prompt.question('Type "yes" to restore: ')).trim().toLowerCase() === "yes";
  } finally {
    prompt.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const yes = argv.includes("--yes");
  const rest = argv.filter((arg) => arg !== "--yes");
  if (rest.length !== 1 || rest[0]!.startsWith("-")) {
    console.error(USAGE);
    return 2;
  }
  if (!yes && !process.stdin.isTTY) {
    console.error("A restore replaces the shop's data: run it in a terminal to be asked, or add --yes.");
    return 2;
  }
  const config = readShopConfig();
  if (!config) return 1;
  try {
    const result = await restoreBackup({
      config,
      archive: path.resolve(rest[0]!),
      pgBin: process.env.PG_BIN,
      log: console.log,
      confirm: async (plan) => {
        if (!yes) return ask(plan);
        console.log(describe(plan));
        return true;
      },
    });
    if (!result.restored) {
      console.log("Nothing was changed.");
      return 3;
    }
    console.log("Restored.");
    for (const aside of result.setAside)
      console.log(`What it replaced is in ${aside}: delete it once the shop is checked.`);
    console.log("Start the shop (./shop start or npm start): it applies any newer migrations.");
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
