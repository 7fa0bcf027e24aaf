// The server of one Playwright run, in a data directory of its own under test-data/, so
// that two runs never share (or wipe) each other's database. Directories of earlier runs
// whose server is gone are removed first, after stopping a PostgreSQL a killed run left.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { dataDirOwner } from "../server/db/data-dir-lock.ts";

const root = path.resolve("test-data");
fs.mkdirSync(root, { recursive: true });
for (const name of fs.readdirSync(root)) {
  const dir = path.join(root, name);
  if (!name.startsWith("e2e-") || dataDirOwner(dir)) continue;
  const postmaster = path.join(dir, "postgres", "postmaster.pid");
  if (fs.existsSync(postmaster)) {
    const pid = Number.parseInt(fs.readFileSync(postmaster, "utf8"), 10);
    try {
      process.kill(pid, "SIGINT"); // PostgreSQL's fast shutdown
      execFileSync("sh", ["-c", `while kill -0 ${pid} 2>/dev/null; do sleep 0.1; done`], { timeout: 30_000 });
    } catch {
      // already gone
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

process.env.DATA_DIR = path.join(root, `e2e-${process.pid}`);
await import("../server/main.ts");
