import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";

export interface QueueStats {
  name: string;
  /** Due and not started: created or waiting for a retry whose time has come. */
  waiting: number;
  /** Not due yet: a retry's backoff, or a job sent to start later. */
  deferred: number;
  active: number;
  /** How long the oldest waiting job has existed; 0 when none waits. */
  oldestWaitingSeconds: number;
}

/**
 * Every pg-boss queue, counted now from its job table (schema `pgboss`, server/jobs/queue.ts).
 * pg-boss's own getQueueStats serves counts its monitor cached up to an hour ago; a scrape wants
 * the present. Job states are an enum ordered created < retry < active < completed ...
 */
export async function jobQueueStats(db: Database): Promise<QueueStats[]> {
  const { rows } = await db.execute<{
    name: string;
    waiting: number;
    deferred: number;
    active: number;
    oldest_waiting_seconds: number;
  }>(sql`
    SELECT q.name,
      (count(j.id) FILTER (WHERE j.state < 'active' AND j.start_after <= now()))::int AS waiting,
      (count(j.id) FILTER (WHERE j.state < 'active' AND j.start_after > now()))::int AS deferred,
      (count(j.id) FILTER (WHERE j.state = 'active'))::int AS active,
      COALESCE(EXTRACT(EPOCH FROM now() - min(j.created_on)
        FILTER (WHERE j.state < 'active' AND j.start_after <= now())), 0)::float8 AS oldest_waiting_seconds
    FROM pgboss.queue q
    LEFT JOIN pgboss.job j ON j.name = q.name AND j.state <= 'active'
    GROUP BY q.name
    ORDER BY q.name`);
  return rows.map((row) => ({
    name: row.name,
    waiting: row.waiting,
    deferred: row.deferred,
    active: row.active,
    oldestWaitingSeconds: Math.max(0, row.oldest_waiting_seconds),
  }));
}
