import fs from "node:fs";
import path from "node:path";

// One server per data directory: the embedded PostgreSQL and the files under DATA_DIR
// belong to a single process. The lock file holds the owner's pid; a lock whose owner
// is gone (the server was killed with -9) is stale and taken over.

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

/** Whether a process with this pid runs (one of another user counts too). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid of the live server that holds `dataDir`, or null. */
export function dataDirOwner(dataDir: string): number | null {
  let owner: number;
  try {
    owner = Number.parseInt(fs.readFileSync(path.join(dataDir, "server.pid"), "utf8"), 10);
  } catch {
    return null;
  }
  return Number.isInteger(owner) && isAlive(owner) ? owner : null;
}

export interface DataDirLock {
  release(): void;
  /** True when the previous owner died without releasing the lock. */
  tookOverStaleLock: boolean;
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "server.pid");
  let tookOverStaleLock = false;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: "wx" });
      return {
        tookOverStaleLock,
        release() {
          try {
            if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
    if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new DataDirInUseError(
        `Another marketplace server (pid ${owner}) is already using the data directory ${dataDir}. ` +
          "Stop it first, or start this one with a different DATA_DIR.",
      );
    }
    fs.rmSync(lockPath, { force: true });
    tookOverStaleLock = true;
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}; another server is starting on it.`);
}
