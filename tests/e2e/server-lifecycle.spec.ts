import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type pg from "pg";
import {
  buyAsGuestOver,
  exited,
  queryShop,
  startServer as startOwnServer,
  waitUntilHealthy as waitForOwnServer,
} from "./own-server.ts";

// The promises of the foundation: data survives a restart and a kill -9, and a second
// server on the same data directory refuses to start. Each test runs its own servers.
test.describe.configure({ mode: "serial" });

const dataDir = path.resolve("test-data/lifecycle");
const port = 4180;

const startServer = (env: Record<string, string> = {}) => startOwnServer({ dataDir, port, env });
const waitUntilHealthy = (targetPort = port) => waitForOwnServer(targetPort);

async function sendContactMessage(subject: string) {
  const body = new URLSearchParams({
    name: "Lifecycle",
    email: "life@example.com",
    subject,
    message: "A message that must survive.",
  });
  const response = await fetch(`http://127.0.0.1:${port}/contact`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { origin: `http://127.0.0.1:${port}` },
  });
  expect(response.status).toBe(200);
}

const query = <Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  queryShop<Row>(dataDir, text, values);

async function storedSubjects(): Promise<string[]> {
  const rows = await query<{ subject: string }>("SELECT subject FROM contact_messages ORDER BY id");
  return rows.map((row) => row.subject);
}

test.beforeAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test("a restart keeps all data", async () => {
  const first = startServer();
  await waitUntilHealthy();
  await sendContactMessage("before restart");
  first.child.kill("SIGTERM");
  expect(await exited(first.child)).toBe(0);
  expect(first.output()).toContain("Stopped");

  const second = startServer();
  await waitUntilHealthy();
  expect(await storedSubjects()).toEqual(["before restart"]);
  second.child.kill("SIGTERM");
  expect(await exited(second.child)).toBe(0);
});

test("a second server on the same data directory refuses with a clear message", async () => {
  const first = startServer();
  await waitUntilHealthy();
  const second = startServer({ PORT: String(port + 1) });
  expect(await exited(second.child)).toBe(1);
  expect(second.output()).toContain("is already using the data directory");
  // The first server is untouched.
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  first.child.kill("SIGTERM");
  expect(await exited(first.child)).toBe(0);
});

test("kill -9 and a restart lose nothing that was acknowledged", async () => {
  const first = startServer();
  await waitUntilHealthy();
  for (let index = 0; index < 5; index++) await sendContactMessage(`acknowledged ${index}`);
  first.child.kill("SIGKILL");
  await exited(first.child);

  const second = startServer();
  await waitUntilHealthy();
  expect(second.output()).toContain("did not stop cleanly");
  expect(await storedSubjects()).toEqual([
    "before restart",
    "acknowledged 0",
    "acknowledged 1",
    "acknowledged 2",
    "acknowledged 3",
    "acknowledged 4",
  ]);
  second.child.kill("SIGTERM");
  expect(await exited(second.child)).toBe(0);
});

test("a bad setting stops the server with a message that names it", async () => {
  const server = startServer({ PORT: "not-a-port" });
  expect(await exited(server.child)).toBe(1);
  expect(server.output()).toContain("Invalid configuration:");
  expect(server.output()).toContain("PORT: must be a number");
});

test("killing the server in the middle of checkouts and restarting loses no paid order", async () => {
  test.setTimeout(180_000);
  // This server takes payments but runs no background jobs, so that their confirmations are still
  // on the way to the shop when it is killed.
  const first = startServer({ PUBLIC_URL: `http://127.0.0.1:${port}`, RUN_JOBS: "false" });
  await waitUntilHealthy();
  const numbers = await Promise.all(
    [1, 2, 3, 4, 5, 6].map((productId) => buyAsGuestOver(`http://127.0.0.1:${port}`, productId, { tag: "lifecycle" })),
  );
  const waiting = await query<{ n: number }>(
    "SELECT count(*)::int AS n FROM hosted_payment_webhooks WHERE delivered_at IS NULL",
  );
  expect(waiting[0]!.n).toBe(6);
  expect(await query("SELECT 1 FROM orders WHERE status = 'paid'")).toEqual([]);
  first.child.kill("SIGKILL");
  await exited(first.child);

  const second = startServer({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  await waitUntilHealthy();
  // The payment page's webhooks are jobs in the database: they are delivered after the restart.
  await expect
    .poll(
      async () =>
        (await query<{ number: string }>("SELECT number FROM orders WHERE status = 'paid' ORDER BY number")).map(
          (row) => row.number,
        ),
      { timeout: 120_000, intervals: [500] },
    )
    .toEqual([...numbers].sort());
  // Each fulfilled once: one licence per item, one receipt each.
  const keys = await query<{ n: number }>("SELECT count(*)::int AS n FROM licenses");
  expect(keys[0]!.n).toBe(6);
  second.child.kill("SIGTERM");
  expect(await exited(second.child)).toBe(0);
});

test("a page's fault, even from a form posted without JavaScript, shows the error screen inside the shop's frame", async () => {
  const server = startServer({ SHOP_NAME: "Fault Market" });
  await waitUntilHealthy();
  // A fault the shop cannot foresee: the table the contact form writes to is gone.
  await query("ALTER TABLE contact_messages RENAME TO contact_messages_away");
  try {
    const base = `http://127.0.0.1:${port}`;
    const response = await fetch(`${base}/contact`, {
      method: "POST",
      headers: { origin: base },
      body: new URLSearchParams({
        name: "Fault",
        email: "fault@example.com",
        subject: "A fault",
        message: "This message finds no table to go to.",
      }),
    });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("<title>Something went wrong | Fault Market</title>");
    expect(html).toContain('href="/category/planners"'); // the category bar
    // The header with its cart (the visitor's account and counts come after the page, in the browser).
    expect(html).toContain('<span class="sr-only">Cart</span>');
    expect(html).not.toContain("Marketplace");
  } finally {
    await query("ALTER TABLE contact_messages_away RENAME TO contact_messages");
    server.child.kill("SIGTERM");
    expect(await exited(server.child)).toBe(0);
  }
});
