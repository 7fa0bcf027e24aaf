import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUseError, dataDirOwner, lockDataDir } from "./data-dir-lock.ts";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("lockDataDir", () => {
  it("refuses a data directory that a live process holds, naming it", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "server.pid"), `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(`Another marketplace server (pid ${other.pid}) is already using`);
    } finally {
      other.kill();
    }
  });

  it("takes over the lock of a process that died without releasing it", async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.on("exit", resolve));
    fs.writeFileSync(path.join(dir, "server.pid"), `${dead.pid}\n`);
    const lock = lockDataDir(dir);
    expect(lock.tookOverStaleLock).toBe(true);
    expect(fs.readFileSync(path.join(dir, "server.pid"), "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("releases the lock so that the next server can start", () => {
    const dir = tempDir();
    expect(dataDirOwner(dir)).toBeNull();
    const first = lockDataDir(dir);
    expect(first.tookOverStaleLock).toBe(false);
    expect(dataDirOwner(dir)).toBe(process.pid);
    first.release();
    expect(fs.existsSync(path.join(dir, "server.pid"))).toBe(false);
    expect(dataDirOwner(dir)).toBeNull();
    lockDataDir(dir).release();
  });
});
