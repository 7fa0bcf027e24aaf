import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { withAdvisoryLock } from "./advisory-lock.ts";
import type { DatabaseHandle } from "./client.ts";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

// Several app instances may start at once against one database: only one migrates at a time.
export async function applyMigrations(handle: DatabaseHandle): Promise<void> {
  await withAdvisoryLock(handle.pool, "migrations", () => migrate(handle.db, { migrationsFolder }));
}
