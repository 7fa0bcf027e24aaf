// The pages section of `npm run bench`: each page the issue names under load (autocannon), beside a raw
// node:http server sending the very same bytes (scripts/bench/raw-server.ts), measured in turn in one
// run so that their ratio holds however busy the machine is; then the same pages for a signed-in buyer
// with a cart, whose page view is the page and the visitor's own parts (/api/v1/shopper).
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_ACCOUNTS } from "../../server/demo/accounts/demo-accounts.ts";
import { fmt, percentile, table } from "./figures.ts";
import { type LoadResult, loadTest } from "./load.ts";

const PAGES = ["/", "/category/planners", "/product/1", "/browse", "/search?q=planner"];
const SHOPPER = "/api/v1/shopper";
// Headers that belong to one response, not to the page.
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

interface Options {
  base: string;
  connections: number;
  duration: number;
  /** Starts a child process the bench stops when it ends (or is interrupted). */
  track: (child: ChildProcess) => void;
}

/**
 * `visitors` requests at once for a page the shop does not keep yet (an address of its own: a query
 * parameter the page ignores), as after the catalogue changed: how long until each is answered.
 */
async function visitorsAtOnce(base: string, page: string, visitors: number) {
  const address = `${base}${page}?bench=${Date.now()}`;
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: visitors }, async () => {
      const response = await fetch(address);
      await response.arrayBuffer();
      return { ok: response.status === 200, ms: performance.now() - started };
    }),
  );
  return {
    visitors,
    firstMs: Math.min(...answers.map((answer) => answer.ms)),
    allMs: Math.max(...answers.map((answer) => answer.ms)),
    failed: answers.filter((answer) => !answer.ok).length,
  };
}

const perSecond = (result: LoadResult) => result.latencies.length / result.seconds;
const latency = (result: LoadResult, p: number) => fmt(percentile(result.latencies, p), 1);
const failures = (result: LoadResult) => `${fmt(result.errors)} / ${fmt(result.non2xx)}`;

/** What the shop sends for each page (uncompressed, as autocannon asks), to be sent again by the raw server. */
async function recordPages(base: string, file: string) {
  const recorded: Record<string, unknown> = {};
  for (const page of PAGES) {
    const response = await fetch(`${base}${page}`, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) console.warn(`GET ${page} answered ${response.status} before the run`);
    recorded[page] = {
      status: response.status,
      headers: [...response.headers.entries()].filter(([name]) => !PER_RESPONSE.has(name)),
      body: body.toString("base64"),
    };
  }
  fs.writeFileSync(file, JSON.stringify(recorded));
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

/** Signs the demo buyer in and fills their cart: the cookie of their session. */
async function signedInBuyer(base: string): Promise<string> {
  const buyer = DEMO_ACCOUNTS.find((account) => !account.isSeller)!;
  const response = await fetch(`${base}/account/sign-in`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: buyer.email, password: buyer.password }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (!response.ok || !cookie) throw new Error(`The demo buyer could not sign in (${response.status})`);
  for (const productId of ["1", "2"]) {
    await fetch(`${base}/api/v1/cart`, {
      method: "POST",
      headers: { origin: base, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", productId }),
    });
  }
  return cookie;
}

export async function benchPages({ base, connections, duration, track }: Options): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-pages-"));
  const file = path.join(dir, "pages.json");
  const rawPort = Number(new URL(base).port) + 2;
  let raw: ChildProcess | undefined;
  try {
    await recordPages(base, file);
    raw = await startRawServer(file, rawPort, track);
    const rawBase = `http://127.0.0.1:${rawPort}`;
    const rows: string[][] = [];
    for (const page of PAGES) {
      console.log(
        `Measuring ${page} (the shop, then the raw server) for ${duration} s each, ${connections} connections…`,
      );
      await loadTest(base, [page], connections, 2); // warms up the page cache and the JIT
      const shop = await loadTest(base, [page], connections, duration);
      await loadTest(rawBase, [page], connections, 1);
      const alone = await loadTest(rawBase, [page], connections, duration);
      rows.push([
        page,
        fmt(perSecond(shop), 0),
        latency(shop, 50),
        latency(shop, 99),
        fmt(perSecond(alone), 0),
        latency(alone, 50),
        latency(alone, 99),
        `${fmt((100 * perSecond(shop)) / perSecond(alone), 1)}%`,
        failures(shop),
      ]);
    }

    const cookie = await signedInBuyer(base);
    const signedRows: string[][] = [];
    for (const page of PAGES) {
      console.log(`Measuring ${page} with the visitor's own parts for a signed-in buyer…`);
      const views = await loadTest(base, [page, SHOPPER], connections, duration, { cookie });
      signedRows.push([page, fmt(perSecond(views) / 2, 0), latency(views, 50), latency(views, 99), failures(views)]);
    }
    const shopper = await loadTest(base, [SHOPPER], connections, duration, { cookie });
    signedRows.push([
      `${SHOPPER} alone`,
      fmt(perSecond(shopper), 0),
      latency(shopper, 50),
      latency(shopper, 99),
      failures(shopper),
    ]);

    const herd = await visitorsAtOnce(base, "/category/planners", 50);

    return [
      `Pages at ${connections} connections, the shop beside a raw node:http server sending the same bytes`,
      "(goal: 25% of the raw server or more, p99 <= 50 ms):",
      ...table(
        ["page", "shop req/s", "p50 ms", "p99 ms", "raw req/s", "p50 ms", "p99 ms", "shop/raw", "errors / non-2xx"],
        rows,
      ).map((line) => `  ${line}`),
      "",
      `A signed-in buyer with a cart: page views a second, each the page and ${SHOPPER} (goal >= 300);`,
      "latency over both requests:",
      ...table(["page", "views/s", "p50 ms", "p99 ms", "errors / non-2xx"], signedRows).map((line) => `  ${line}`),
      "",
      `${herd.visitors} visitors at once on /category/planners while the page is not kept (rendered once, single flight):`,
      `  all answered in ${fmt(herd.allMs, 0)} ms (first ${fmt(herd.firstMs, 0)} ms), ${fmt(herd.failed)} not 200`,
    ];
  } finally {
    raw?.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
