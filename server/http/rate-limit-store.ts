import { sql } from "drizzle-orm";
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import type { Database } from "../db/client.ts";

// express-rate-limit's counters in PostgreSQL, so that every app server behind a load
// balancer counts the same requests. One row per key; a row whose window has passed
// starts again at 1. Expired rows are swept now and then.
export class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  prefix: string;
  private windowMs: number;
  private db: Database;

  /** `windowMs` is for direct use; under express-rate-limit, its options set the window. */
  constructor(db: Database, prefix: string, windowMs = 60_000) {
    this.db = db;
    this.prefix = prefix;
    this.windowMs = windowMs;
  }

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  private key(key: string) {
    return `${this.prefix}:${key}`;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const window = `${this.windowMs} milliseconds`;
    const result = await this.db.execute<{ hits: number; resets_at: Date }>(sql`
      INSERT INTO rate_limit_hits (key, hits, resets_at)
      VALUES (${this.key(key)}, 1, now() + ${window}::interval)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limit_hits.resets_at <= now() THEN 1 ELSE rate_limit_hits.hits + 1 END,
        resets_at = CASE WHEN rate_limit_hits.resets_at <= now() THEN now() + ${window}::interval
                         ELSE rate_limit_hits.resets_at END
      RETURNING hits, resets_at`);
    if (Math.random() < 0.01) void this.sweep();
    const row = result.rows[0]!;
    return { totalHits: row.hits, resetTime: new Date(row.resets_at) };
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const result = await this.db.execute<{ hits: number; resets_at: Date }>(
      sql`SELECT hits, resets_at FROM rate_limit_hits WHERE key = ${this.key(key)} AND resets_at > now()`,
    );
    const row = result.rows[0];
    return row ? { totalHits: row.hits, resetTime: new Date(row.resets_at) } : undefined;
  }

  async decrement(key: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE key = ${this.key(key)} AND resets_at > now()`,
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM rate_limit_hits WHERE key = ${this.key(key)}`);
  }

  private async sweep() {
    await this.db
      .execute(sql`DELETE FROM rate_limit_hits WHERE resets_at < now() - interval '1 minute'`)
      .catch(() => {});
  }
}
