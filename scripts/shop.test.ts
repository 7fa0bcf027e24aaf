import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// ./shop runs the README's commands with Node 24 even where the machine's own node is older: the
// npm scripts alone (npm run make-admin) ran the machine's Node 20 and failed.

const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "shop-command-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/**
 * A machine whose `node` on PATH is Node 20 and whose ~/.node24 holds this Node 24 (as ./shop start
 * leaves it): a stand-in `node` that says 20 comes first on PATH.
 */
function machineWithNode20() {
  const home = path.join(scratch, "home");
  const old = path.join(scratch, "old-node");
  fs.mkdirSync(path.join(home, ".node24/bin"), { recursive: true });
  fs.mkdirSync(old, { recursive: true });
  fs.symlinkSync(process.execPath, path.join(home, ".node24/bin/node"));
  fs.writeFileSync(path.join(old, "node"), '#!/bin/sh\necho "20"\n', { mode: 0o755 });
  // npm itself comes from the folder of this Node (it runs on whichever node PATH finds first).
  return { HOME: home, PATH: [old, path.dirname(process.execPath), "/usr/bin", "/bin"].join(":") };
}

function shop(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(path.join(root, "shop"), args, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("./shop", () => {
  it("names every command it runs when given none it knows", () => {
    const answer = shop(["nothing"]);
    expect(answer.status).toBe(2);
    for (const command of ["start", "test", "make-admin EMAIL", "backup", "restore BACKUP", "payouts"]) {
      expect(answer.output).toContain(`./shop ${command}`);
    }
  });

  it("runs make-admin with Node 24 where the machine's node is older", () => {
    const answer = shop(["make-admin", "nobody@example.com"], {
      ...machineWithNode20(),
      DATA_DIR: path.join(scratch, "data"),
      DATABASE_URL: "",
    });
    // The script itself ran (on Node 24: it would not start on 20) and answered about the account.
    expect(answer.output).toContain("No account has the address nobody@example.com");
  });
});
