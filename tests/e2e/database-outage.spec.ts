import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startEmbeddedPostgres, stopEmbeddedPostgres } from "../../server/db/embedded-postgres.ts";
import { buyAsGuestOver, exited, queryShop, startServer, waitUntilHealthy } from "./own-server.ts";

// The shop's PostgreSQL stopped under a steady load and started again (docs/decisions/046 and
// 047): while it is away every answer is a 503 with Retry-After or a page the shop kept, never a
// 500; the shop answers again within 5 seconds of its return, on its own; no paid order is lost.

const dataDir = path.resolve("test-data/database-outage");
const port = 4195;
const base = `http://127.0.0.1:${port}`;

interface Answer {
  at: number;
  address: string;
  status: number;
  retryAfter: string | null;
  /** Why no answer came (status 0): the connection cut, or none in ANSWER_WITHIN_MS (TimeoutError). */
  error?: string;
}

// Pages every visitor shares (kept by the page cache once seen), the visitor's own data, a search
// no one made before (never kept) and the public API (no page cache at all).
const ADDRESSES = [
  "/",
  "/browse",
  "/category/planners",
  "/product/1",
  "/product/2",
  "/product/3",
  "/api/v1/shopper",
  "/api/public/v1/products",
];

// No request may go unanswered: one that waits this long counts as not answered (status 0).
const ANSWER_WITHIN_MS = 30_000;

test("the database stopped under load: 503s with Retry-After or kept pages, never a 500, and back within 5 s of its return", async () => {
  const testInfo = test.info();
  test.setTimeout(240_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  // Each attempt's own log, written as it comes: a retry must not hide what the first attempt met.
  const server = startServer({
    dataDir,
    port,
    env: { PUBLIC_URL: base },
    logFile: testInfo.outputPath(`server-attempt-${testInfo.retry + 1}.log`),
  });
  // Where the test is, for whoever reads a time-out: each step's start, after the test's start.
  const startedAt = Date.now();
  const reached = (step: string) => console.log(`database outage: ${step} at ${Date.now() - startedAt} ms`);
  try {
    await waitUntilHealthy(port);
    reached("serving");
    for (const address of ADDRESSES) await fetch(`${base}${address}`);

    const answers: Answer[] = [];
    let loading = true;
    let searches = 0;
    // Eight visitors, one request after another each.
    const visitors = Array.from({ length: 8 }, async (_, visitor) => {
      for (let request = 0; loading; request++) {
        const address =
          request % 3 === 2
            ? `/search?q=outage${visitor}x${searches++}`
            : ADDRESSES[(visitor + request) % ADDRESSES.length]!;
        // A connection cut without an answer counts as status 0: the shop must answer every request.
        const answer = await fetch(`${base}${address}`, {
          headers: address.startsWith("/api/public") ? { authorization: "Bearer dgm_live_notAKeyTheShopMade" } : {},
          signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
        })
          .then(async (response) => {
            await response.arrayBuffer();
            return { status: response.status, retryAfter: response.headers.get("retry-after") };
          })
          .catch((error: Error) => ({ status: 0, retryAfter: null, error: error.name }));
        answers.push({ at: Date.now(), address, ...answer });
      }
    });

    // Orders paid just before the outage: their payment's confirmation is a job that may meet it.
    const orders = await Promise.all([1, 2, 3].map((productId) => buyAsGuestOver(base, productId, { tag: "outage" })));

    reached("orders paid");
    const stoppedAt = Date.now();
    await stopEmbeddedPostgres({ dataDir });
    const awayFrom = Date.now();
    reached("database stopped");
    // Away until the shop has answered 200 requests without it.
    await expect
      .poll(() => answers.filter((answer) => answer.at > awayFrom).length, { timeout: 60_000 })
      .toBeGreaterThan(200);
    const awayUntil = Date.now();
    await startEmbeddedPostgres({ dataDir });
    const backAt = Date.now();
    reached("database started again");
    // Back: a search nobody made before (no kept copy) is answered by the database again.
    await expect
      .poll(async () => (await fetch(`${base}/search?q=returned${Date.now()}`)).status, {
        timeout: 30_000,
        intervals: [100],
      })
      .toBe(200);
    const answeringAgainAfterMs = Date.now() - backAt;
    reached("answering again");
    loading = false;
    await Promise.all(visitors);
    reached("visitors done");

    const during = answers.filter((answer) => answer.at > awayFrom && answer.at < awayUntil);
    console.log(
      `${answers.length} answers, ${during.length} while the database was away ` +
        `(${during.filter((answer) => answer.status === 503).length} of them 503); ` +
        `stopping took ${awayFrom - stoppedAt} ms; answering again ${answeringAgainAfterMs} ms after its return`,
    );
    expect(answers.filter((answer) => answer.status === 0 || (answer.status >= 500 && answer.status !== 503))).toEqual(
      [],
    );
    expect(during.filter((answer) => answer.status !== 503 && answer.status !== 200)).toEqual([]);
    expect(during.filter((answer) => answer.status === 503 && answer.retryAfter === null)).toEqual([]);
    // The API and the searches need the database: they said so.
    expect(during.some((answer) => answer.address.startsWith("/search") && answer.status === 503)).toBe(true);
    expect(during.some((answer) => answer.address.startsWith("/api/public") && answer.status === 503)).toBe(true);
    expect(answeringAgainAfterMs).toBeLessThanOrEqual(5_000);

    // No paid order lost: each is paid once the confirmations go through.
    const paidOrders = async () =>
      (
        await queryShop<{ number: string }>(dataDir, "SELECT number FROM orders WHERE status = 'paid' ORDER BY number")
      ).map((row) => row.number);
    await expect
      .poll(paidOrders, { timeout: 120_000, intervals: [500] })
      .toEqual([...orders].sort())
      .catch(async (error: Error) => {
        // Where the confirmations are, for whoever reads the failure: each delivery's attempts and its job.
        const deliveries = await queryShop(
          dataDir,
          `SELECT w.event_id, w.attempts, w.delivered_at, j.state, j.retry_count, j.start_after, j.started_on
           FROM hosted_payment_webhooks w
           LEFT JOIN pgboss.job j ON j.data->>'eventId' = w.event_id
           ORDER BY w.created_at, j.created_on`,
        );
        throw new Error(`${error.message}\nDeliveries of the payment webhooks: ${JSON.stringify(deliveries, null, 1)}`);
      });
    reached("orders paid after the outage");
    // A 503 is no fault: nothing was logged as one.
    expect(server.output()).not.toContain("Request failed");
    server.child.kill("SIGTERM");
    expect(await exited(server.child)).toBe(0);
    reached("server stopped");
  } finally {
    // No server left holding the port.
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await exited(server.child);
      await stopEmbeddedPostgres({ dataDir }).catch(() => {});
    }
  }
});
