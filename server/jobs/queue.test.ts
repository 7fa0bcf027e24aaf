import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { QUEUES, type RunningJobs, startJobs } from "./queue.ts";

const database = setUpTestDatabase();
let jobs: RunningJobs;
beforeEach(async () => {
  jobs = await startJobs(database.pool, (error) => console.error(error));
});
afterEach(async () => {
  await jobs.stop();
});

/** A promise and the function that settles it. */
function signal() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

async function send(count: number) {
  for (let i = 0; i < count; i++) await jobs.send(QUEUES.sendReceipt, { orderId: i });
}

describe("work with a concurrency", () => {
  it.each([1, 4])(
    "with a concurrency of %i, runs that many jobs of a queue at the same time, and never more",
    async (concurrency) => {
      const total = concurrency + 3;
      let inside = 0;
      let most = 0;
      const done = new Set<number>();
      const allInside = signal();
      const allDone = signal();
      await jobs.work(
        QUEUES.sendReceipt,
        async ({ orderId: n }) => {
          inside++;
          most = Math.max(most, inside);
          // A barrier: the first jobs wait until `concurrency` of them run together.
          if (inside === concurrency) allInside.open();
          await allInside.opened;
          inside--;
          done.add(n);
          if (done.size === total) allDone.open();
        },
        { concurrency },
      );
      // Sent once every worker has looked at the empty queue and rests: the one that finds the first
      // job wakes the others.
      await expect
        .poll(
          () => jobs.boss.getWipData().filter((worker) => worker.name === QUEUES.sendReceipt && worker.lastFetchedOn),
          {
            timeout: 10_000,
          },
        )
        .toHaveLength(concurrency);
      await send(total);
      await allInside.opened;
      await allDone.opened;
      expect(most).toBe(concurrency);
      expect([...done].sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i));
    },
  );

  it("retries a failed job while the others of the queue go on", async () => {
    const attempts = new Map<number, number>();
    const failedOnceThenDone = signal();
    const othersDone = new Set<number>();
    await jobs.work(
      QUEUES.sendReceipt,
      async ({ orderId: n }) => {
        const attempt = (attempts.get(n) ?? 0) + 1;
        attempts.set(n, attempt);
        if (n === 0 && attempt === 1) throw new Error("the mail server is down");
        if (n === 0) failedOnceThenDone.open();
        else othersDone.add(n);
      },
      { concurrency: 4 },
    );
    await send(6);
    await failedOnceThenDone.opened;
    expect(attempts.get(0)).toBe(2);
    await expect.poll(() => othersDone.size).toBe(5);
    // Each of the others ran once: a failure retries its own job only.
    expect([...attempts].filter(([n]) => n !== 0).every(([, count]) => count === 1)).toBe(true);
  });
});

// Type assertions: tsc (npm run typecheck) fails when a queue takes a payload that is not its own.
describe("payloads", () => {
  it("are each queue's own, when sending and when working", () => {
    expectTypeOf(jobs.send<typeof QUEUES.sendReceipt>)
      .parameter(1)
      .toEqualTypeOf<{ orderId: number }>();
    expectTypeOf(jobs.send<typeof QUEUES.runPayouts>)
      .parameter(1)
      .toEqualTypeOf<null>();
    expectTypeOf(jobs.work<typeof QUEUES.renderFilePreviews>)
      .parameter(1)
      .parameter(0)
      .toEqualTypeOf<{ fileId: number }>();
    // @ts-expect-error a receipt's job carries its order's id, not a file's
    expectTypeOf(jobs.send<typeof QUEUES.sendReceipt>).toBeCallableWith(QUEUES.sendReceipt, { fileId: 1 });
  });
});
