// The licenses section of `npm run bench`: POST /api/public/v1/licenses/verify on the shop's server at
// 16 connections, the way a seller's app calls it at start-up (no API key: the licence key is the
// credential), beside a raw node:http server sending the very same answer (scripts/bench/raw-server.ts),
// measured in turn. Each request comes from a client address of its own (the server trusts
// X-Forwarded-For from loopback), so the per-address limit counts every request, as it does for a
// shop's many customers, but never refuses one; a 429 would show among the failures.
import type { ChildProcess } from "node:child_process";
import { fork } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { licenses, orderItems, orders, products } from "../../server/db/schema.ts";
import { issueLicenses } from "../../server/licenses/licenses.ts";
import { splitSale } from "../../server/orders/money.ts";
import { fmt, percentile, table } from "./figures.ts";

const LICENSE_CONNECTIONS = 16;
const VERIFY_PATH = "/api/public/v1/licenses/verify";
/**
 * Client addresses each connection's requests come from in turn. The connections go through the same
 * list, so an address gets 16 requests each time round: under the limit of 60 a minute while a
 * connection makes fewer than 3 rounds (12,288 requests) a minute. (A much longer list costs
 * autocannon seconds of the run to prepare.)
 */
const CLIENT_ADDRESSES = 4096;

interface Options {
  base: string;
  duration: number;
  connect: () => DatabaseHandle;
  /** Starts a child process the bench stops when it ends (or is interrupted). */
  track: (child: ChildProcess) => void;
}

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface AutocannonRun extends PromiseLike<AutocannonResult> {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)("autocannon") as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: { method: "POST"; path: string; headers: Record<string, string>; body: string }[];
}) => AutocannonRun;

/** A paid order of the first product, written straight to the database: its licence key, with one seat in use. */
async function benchLicense(database: DatabaseHandle, base: string): Promise<string> {
  const { db } = database;
  const [product] = await db.select().from(products).orderBy(asc(products.id)).limit(1);
  if (!product) throw new Error("The licenses section needs a product in the database");
  const number = `B${Date.now().toString(36).toUpperCase().slice(-8)}`;
  const [order] = await db
    .insert(orders)
    .values({
      number,
      email: "bench-licence@example.com",
      customerName: "Bench Licence",
      status: "paid",
      subtotalCents: product.priceCents,
      taxCents: 0,
      totalCents: product.priceCents,
      idempotencyKey: `bench-licence-${number}`,
      paidAt: new Date(),
    })
    .returning();
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId: product.id,
    creatorId: product.creatorId,
    title: product.title,
    unitPriceCents: product.priceCents,
    quantity: 1,
    lineTotalCents: product.priceCents,
    netCents: product.priceCents,
    taxCents: 0,
    taxRateTenths: 0,
    ...splitSale(product.priceCents),
  });
  await issueLicenses(db, order!.id);
  const [license] = await db
    .select({ key: licenses.key })
    .from(licenses)
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .where(eq(orderItems.orderId, order!.id));
  const activated = await fetch(`${base}/api/public/v1/licenses/activate`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.255.255.254" },
    body: JSON.stringify({ key: license!.key, instance: "bench-machine" }),
  });
  if (!activated.ok) throw new Error(`Activating the bench's licence answered ${activated.status}`);
  return license!.key;
}

async function load(base: string, body: string, duration: number) {
  const requests = Array.from({ length: CLIENT_ADDRESSES }, (_, n) => ({
    method: "POST" as const,
    path: VERIFY_PATH,
    headers: { "content-type": "application/json", "x-forwarded-for": `10.${n >> 8}.${n & 255}.1` },
    body,
  }));
  const latencies: number[] = [];
  const run = autocannon({ url: base, connections: LICENSE_CONNECTIONS, duration, requests });
  run.on("response", (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await run;
  latencies.sort((a, b) => a - b);
  return { latencies, seconds: result.duration, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

async function startRawServer(file: string, port: number, track: Options["track"]): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, "raw-server.ts"), [file, String(port)], { stdio: "inherit" });
  track(child);
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the raw server stopped (exit code ${code})`)));
  });
  return child;
}

export async function benchLicenses({ base, duration, connect, track }: Options): Promise<string[]> {
  console.log(`Licence verification at ${LICENSE_CONNECTIONS} connections…`);
  const database = connect();
  let key: string;
  try {
    key = await benchLicense(database, base);
  } finally {
    await database.close();
  }
  const body = JSON.stringify({ key });
  const answer = await fetch(`${base}${VERIFY_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.255.255.253" },
    body,
  });
  const answerBody = Buffer.from(await answer.arrayBuffer());
  if (answer.status !== 200) throw new Error(`verify answered ${answer.status}: ${answerBody.toString("utf8")}`);

  const shop = await load(base, body, duration);

  // The same bytes from a raw node:http server: what the network and autocannon alone allow.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-licenses-"));
  const file = path.join(dir, "verify.json");
  const headers = [...answer.headers.entries()].filter(
    ([name]) => !["date", "content-length", "ratelimit"].includes(name),
  );
  fs.writeFileSync(
    file,
    JSON.stringify({ [VERIFY_PATH]: { status: 200, headers, body: answerBody.toString("base64") } }),
  );
  const port = Number(new URL(base).port) + 2;
  const raw = await startRawServer(file, port, track);
  let baseline: Awaited<ReturnType<typeof load>>;
  try {
    baseline = await load(`http://127.0.0.1:${port}`, body, duration);
  } finally {
    raw.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const row = (what: string, result: typeof shop) => [
    what,
    fmt(result.latencies.length / result.seconds),
    fmt(percentile(result.latencies, 50), 1),
    fmt(percentile(result.latencies, 99), 1),
    `${fmt(result.errors)} / ${fmt(result.non2xx)}`,
  ];
  return [
    `Licence verification: POST ${VERIFY_PATH} at ${LICENSE_CONNECTIONS} connections, ${duration} s each, a client address per request`,
    ...table(
      ["", "requests/s", "p50 ms", "p99 ms", "errors / non-2xx"],
      [row("the shop (key-less, limited per address)", shop), row("raw node:http, same answer", baseline)],
    ),
  ];
}
