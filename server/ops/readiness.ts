import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import journal from "../db/migrations/meta/_journal.json" with { type: "json" };
import { sqlStateOf } from "../db/sql-state.ts";
import { settledWithin } from "../lib/time-limit.ts";

export type Readiness =
  | { ready: true; database: "ok"; migrations: "applied" }
  | { ready: false; database: "unreachable" }
  | { ready: false; database: "ok"; migrations: "pending"; pending: string[] };

/** The migrations this code expects, as drizzle records them: its `created_at` is the journal's `when`. */
const expected = journal.entries.map((entry) => ({ tag: entry.tag, when: entry.when }));

const UNDEFINED_TABLE = "42P01";

/** The migrations applied, or a refusal when the database does not answer within `ms`. */
async function appliedWithin(db: Database, ms: number): Promise<Set<number>> {
  const applied = await settledWithin(appliedMigrations(db), ms, null);
  if (!applied) throw new Error(`no answer within ${ms} ms`);
  return applied;
}

/**
 * Ready: the database answers and every migration of this build is applied (drizzle's table
 * `drizzle.__drizzle_migrations`). A server whose database is behind its code, or out of reach,
 * should get no traffic. A probe gets its answer within `timeoutMs` even when the pool is exhausted.
 */
export async function checkReadiness(db: Database, { timeoutMs = 2000 } = {}): Promise<Readiness> {
  let applied: Set<number>;
  try {
    applied = await appliedWithin(db, timeoutMs);
  } catch {
    return { ready: false, database: "unreachable" };
  }
  const pending = expected.filter((migration) => !applied.has(migration.when)).map((migration) => migration.tag);
  return pending.length === 0
    ? { ready: true, database: "ok", migrations: "applied" }
    : { ready: false, database: "ok", migrations: "pending", pending };
}

async function appliedMigrations(db: Database): Promise<Set<number>> {
  try {
    const { rows } = await db.execute<{ created_at: string }>(sql`SELECT created_at FROM drizzle.__drizzle_migrations`);
    return new Set(rows.map((row) => Number(row.created_at)));
  } catch (error) {
    // Reachable, but never migrated.
    if (sqlStateOf(error) === UNDEFINED_TABLE) return new Set();
    throw error;
  }
}
