import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Job } from "pg-boss";
import { afterAll, beforeAll, expect, it, type MockInstance, vi } from "vitest";
import { isDatabaseUnavailable } from "../db/availability.ts";
import { connect, type DatabaseHandle } from "../db/client.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres, stopEmbeddedPostgres } from "../db/embedded-postgres.ts";
import { QUEUES, type RunningJobs, startJobs } from "./queue.ts";

// The database goes away while the job queue works and comes back (docs/decisions/051): jobs wait
// and resume, none is lost or run twice. A PostgreSQL server of this file's own, stopped as an outage
// stops it (pg_ctl stop -m fast: its sessions cut, then its socket gone), not the one the other test
// files share.

const base = fs.mkdtempSync(path.join(os.tmpdir(), "shop-jobs-outage-"));
// As root, PostgreSQL runs as the postgres user, who must reach the data directory.
fs.chmodSync(base, 0o755);
const cluster = { dataDir: path.join(base, "data"), clustersDir: path.join(base, "clusters") };

/** The server while it runs: a test that fails during the outage leaves none to stop. */
let server: EmbeddedPostgres | undefined;
let database: DatabaseHandle;
let jobs: RunningJobs | undefined;
beforeAll(async () => {
  server = await startEmbeddedPostgres({ ...cluster, database: "jobs" });
  database = connect(server.connection, 4);
  // Each completed run of a job leaves a row: a job run twice leaves two.
  await database.pool.query("CREATE TABLE handled (order_id integer NOT NULL)");
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
  await server?.stop();
  fs.rmSync(base, { recursive: true, force: true });
});

/** A promise and the function that settles it. */
function signal() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** The orders whose job a worker asked pg-boss to settle (complete or fail) and the outage refused. */
function refused(settle: MockInstance<(name: string, job: Job<{ orderId: number }>) => Promise<unknown>>) {
  return new Set(
    settle.mock.settledResults.flatMap((result, call) =>
      result.type === "rejected" && isDatabaseUnavailable(result.value)
        ? [settle.mock.calls[call]![1].data.orderId]
        : [],
    ),
  );
}

async function handledRows(): Promise<number[]> {
  const { rows } = await database.pool.query<{ order_id: number }>("SELECT order_id FROM handled ORDER BY order_id");
  return rows.map((row) => row.order_id);
}

async function receiptJobStates(): Promise<Record<number, string>> {
  const { rows } = await database.pool.query<{ order_id: number; state: string }>(
    "SELECT (data->>'orderId')::int AS order_id, state FROM pgboss.job WHERE name = $1",
    [QUEUES.sendReceipt],
  );
  return Object.fromEntries(rows.map((row) => [row.order_id, row.state]));
}

it("jobs running and waiting when the database goes away are each done once after it is back", async () => {
  const errors: unknown[] = [];
  jobs = await startJobs(database.pool, (error) => errors.push(error));
  const complete = vi.spyOn(jobs.boss, "complete") as unknown as Parameters<typeof refused>[0];
  const fail = vi.spyOn(jobs.boss, "fail") as unknown as Parameters<typeof refused>[0];

  // Job 0 has done its work when the database goes away and ends during the outage: only its
  // completion meets it. Job 1 writes during the outage and fails. Jobs 2 to 5 are sent just before it
  // and wait in the queue, both workers busy.
  const DONE_BEFORE = 0;
  const WRITES_DURING = 1;
  const waiting = [2, 3, 4, 5];
  const completions = new Map<number, number>();
  const running = { [DONE_BEFORE]: signal(), [WRITES_DURING]: signal() };
  const ended = { [DONE_BEFORE]: signal(), [WRITES_DURING]: signal() };
  const away = signal();
  const record = (orderId: number) => database.pool.query("INSERT INTO handled VALUES ($1)", [orderId]);
  await jobs.work(
    QUEUES.sendReceipt,
    async ({ orderId }) => {
      if (orderId === DONE_BEFORE || orderId === WRITES_DURING) {
        try {
          if (orderId === DONE_BEFORE) await record(orderId);
          running[orderId].open();
          await away.opened;
          if (orderId === WRITES_DURING) await record(orderId);
        } finally {
          ended[orderId].open();
        }
      } else await record(orderId);
      completions.set(orderId, (completions.get(orderId) ?? 0) + 1);
    },
    { concurrency: 2 },
  );

  await jobs.send(QUEUES.sendReceipt, { orderId: DONE_BEFORE });
  await jobs.send(QUEUES.sendReceipt, { orderId: WRITES_DURING });
  await Promise.all([running[DONE_BEFORE].opened, running[WRITES_DURING].opened]);
  for (const orderId of waiting) await jobs.send(QUEUES.sendReceipt, { orderId });

  const startedAt = Date.now();
  await stopEmbeddedPostgres(cluster);
  server = undefined;
  away.open();
  await Promise.all([ended[DONE_BEFORE].opened, ended[WRITES_DURING].opened]);
  // Away until the outage has refused to settle both: job 0's completion, job 1's failure.
  await expect
    .poll(() => refused(complete).has(DONE_BEFORE) && refused(fail).has(WRITES_DURING), { timeout: 10_000 })
    .toBe(true);
  // A job sent meanwhile is refused, not dropped: its sender knows (a request answers 503).
  const sentDuring = await jobs.send(QUEUES.sendReceipt, { orderId: 99 }).catch((error: unknown) => error);
  expect(isDatabaseUnavailable(sentDuring)).toBe(true);
  server = await startEmbeddedPostgres({ ...cluster, database: "jobs" });
  const backAt = Date.now();

  const all = [DONE_BEFORE, WRITES_DURING, ...waiting];
  await expect
    .poll(receiptJobStates, { timeout: 15_000 })
    .toEqual(Object.fromEntries(all.map((orderId) => [orderId, "completed"])));
  // The workers still fetch: a job sent now is done too.
  await jobs.send(QUEUES.sendReceipt, { orderId: 6 });
  await expect.poll(() => completions.get(6), { timeout: 10_000 }).toBe(1);
  const doneAt = Date.now();

  expect(await handledRows()).toEqual([...all, 6]);
  expect(Object.fromEntries(completions)).toEqual(Object.fromEntries([...all, 6].map((orderId) => [orderId, 1])));
  // What the queue told of: the outage, and nothing else.
  expect(errors.filter((error) => !isDatabaseUnavailable(error))).toEqual([]);
  console.log(
    `away ${backAt - startedAt} ms; every job done ${doneAt - backAt} ms after the return; ${errors.length} errors told`,
  );
});
