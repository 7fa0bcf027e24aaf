import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import pg from "pg";
import { runningShopConnection } from "../../server/db/embedded-postgres.ts";

// A shop server of a test's own (a production build, its own data directory and port), for the
// specs that start, kill and restart servers or must know that nothing else touches the database.

export interface OwnServer {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
}

// Servers still running when the test worker ends (a test that failed before stopping its own) are
// asked to stop: one left behind would hold its port and answer the next run's requests.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGTERM");
});

/**
 * `logFile`: where its output is also written as it comes, for whoever reads a failure (kept even
 * when the test is stopped by its time limit, which abandons its own cleanup).
 */
export function startServer(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  logFile?: string;
}): OwnServer {
  let output = "";
  if (options.logFile) {
    fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
    fs.writeFileSync(options.logFile, "");
  }
  const keep = (chunk: Buffer) => {
    output += chunk;
    if (options.logFile) fs.appendFileSync(options.logFile, chunk);
  };
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  return { child, output: () => output };
}

// A minute at most: a first start creates its database cluster and loads the sample catalogue, slower on a busy machine.
export async function waitUntilHealthy(port: number, attempts = 600) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not become healthy");
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

/** A query on the embedded database of the server running on `dataDir`, through its socket. */
export async function queryShop<Row extends pg.QueryResultRow>(
  dataDir: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client(runningShopConnection(dataDir));
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A guest buys one product from the shop at `base` over plain HTTP: a cart, a checkout and the test
 * card on the hosted payment page. Answers the order number once the payment page took the money
 * (its webhook is then on the way). `headers`: sent with each request (a client address).
 */
export async function buyAsGuestOver(
  base: string,
  productId: number,
  { tag, headers = {} }: { tag: string; headers?: Record<string, string> },
): Promise<string> {
  const sent = { origin: base, ...headers };
  const added = await fetch(`${base}/api/v1/cart`, {
    method: "POST",
    headers: sent,
    body: new URLSearchParams({ intent: "add", productId: String(productId) }),
  });
  expect(added.status).toBe(200);
  const cookie = added.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const checkout = await fetch(`${base}/api/v1/checkout`, {
    method: "POST",
    headers: { ...sent, cookie },
    body: new URLSearchParams({
      idempotencyKey: `${tag}-${productId}-${Date.now()}`,
      name: "Guest Shopper",
      email: `${tag}-${productId}@example.com`,
    }),
  });
  expect(checkout.status).toBe(200);
  const started = (await checkout.json()) as { orderNumber: string; paymentUrl: string };
  expect(started.paymentUrl.startsWith(`${base}/pay/`)).toBe(true);
  const paid = await fetch(started.paymentUrl, {
    method: "POST",
    redirect: "manual",
    headers: sent,
    body: new URLSearchParams({ name: "Guest Shopper", number: "4242424242424242", expiry: "12/39", cvc: "123" }),
  });
  // The payment page sends the buyer back to the shop: the provider has taken the money.
  expect(paid.status).toBe(302);
  return started.orderNumber;
}
