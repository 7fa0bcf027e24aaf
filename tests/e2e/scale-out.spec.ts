import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type Browser, type BrowserContext, expect, test } from "@playwright/test";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../../server/db/embedded-postgres.ts";
import { parseMime } from "../support/mime.ts";
import { type S3StandIn, startS3StandIn } from "../support/s3-stand-in.ts";
import { waitForHydration } from "./fixtures.ts";
import { findHaproxy, HAPROXY_MISSING, type LoadBalancer, startLoadBalancer } from "./load-balancer.ts";
import { buyAsGuestOver, exited, type OwnServer, startServer, waitUntilHealthy } from "./own-server.ts";

// Scale-out: three app servers against one PostgreSQL, behind HAProxy. Everything they
// share is shared as in production: the database (one embedded PostgreSQL that this test starts
// through the shop's own code), AUTH_SECRET, PUBLIC_URL (the balancer's address), the file store
// (an S3 bucket: the stand-in of tests/support) and the mail server (an SMTP catcher in this
// process). Each has its own port and DATA_DIR, and all three run the background jobs.
//
// HAProxy has a round-robin frontend (the shop's public address) and one frontend per app server
// that sends everything to that server alone, so a step can be pinned to "one", "a second" or "a
// third" server while still going through the balancer. Browsers scope cookies by host, not port:
// a browser signed in on one frontend is signed in on all of them.

test.describe.configure({ mode: "serial" });

const root = path.resolve("test-data/scale-out");
const SERVER_PORTS = [4211, 4212, 4213];
const BALANCER_PORT = 4200;
const PINNED_PORTS = [4201, 4202, 4203];
const STATS_PORT = 4209;
const SHOP_NAME = "Scale Market";

const haproxy = findHaproxy();
// A developer's machine without HAProxy skips this file; CI must run it.
test.skip(!haproxy && !process.env.CI, HAPROXY_MISSING);

interface Mail {
  to: string;
  subject: string;
}

let database: EmbeddedPostgres;
let s3: S3StandIn;
let smtp: SMTPServer;
const mails: Mail[] = [];
let servers: OwnServer[] = [];
let databaseUrl = "";
let balancer: LoadBalancer;
/** The order of the browser journey (the second test). */
let journeyOrder = "";

async function startSmtpCatcher(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk) => (raw += chunk));
      stream.on("end", () => {
        const { headers } = parseMime(raw);
        mails.push({ to: headers.get("to") ?? "", subject: headers.get("subject") ?? "" });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return (smtp.server.address() as AddressInfo).port;
}

/** Stops a PostgreSQL that a killed run of this test left running on its cluster, before the cluster is deleted. */
async function stopLeftoverDatabase(dataDir: string) {
  if (!fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))) return;
  // Starting it stops a running one first (as after a kill -9 of a shop); then it is stopped for good.
  await (await startEmbeddedPostgres({ dataDir })).stop();
}

/** Waits until the server answers /healthz; fails at once, with its output, if it exits. */
async function waitUntilServing(server: OwnServer, port: number, name: string) {
  const exit = exited(server.child).then((code) => {
    throw new Error(`${name} exited (${code}) before it served:\n${server.output()}`);
  });
  const healthy = waitUntilHealthy(port, 1200).catch(() => {
    throw new Error(`${name} did not become healthy in 2 minutes:\n${server.output()}`);
  });
  // The race handles both outcomes, also the exit that comes when the server is stopped after the tests.
  await Promise.race([healthy, exit]);
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  if (!haproxy) throw new Error(HAPROXY_MISSING);
  const dbDir = path.join(root, "database");
  await stopLeftoverDatabase(dbDir);
  fs.rmSync(root, { recursive: true, force: true });

  database = await startEmbeddedPostgres({ dataDir: dbDir });
  const { host, port, user, database: name } = database.connection;
  // The socket directory as the host: DATABASE_URL takes it as libpq does, in ?host=.
  databaseUrl = `postgresql://${user}@localhost:${port}/${name}?host=${encodeURIComponent(host)}`;
  const smtpPort = await startSmtpCatcher();
  s3 = await startS3StandIn({ buckets: ["scale-out-files"] });

  const shared = {
    DATABASE_URL: databaseUrl,
    // The sample catalogue and the demo accounts (a shop with DATABASE_URL is live unless told).
    SHOP_MODE: "demo",
    AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
    PUBLIC_URL: `http://127.0.0.1:${BALANCER_PORT}`,
    SHOP_NAME,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.url,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    RUN_JOBS: "true",
  };
  // All three at once, as a deploy starts them: one migrates and seeds, the others wait for it.
  servers = SERVER_PORTS.map((port, index) =>
    startServer({ dataDir: path.join(root, `app-${index + 1}`), port, env: shared }),
  );
  await Promise.all(
    SERVER_PORTS.map((port, index) => waitUntilServing(servers[index]!, port, `App server ${index + 1}`)),
  );

  balancer = startLoadBalancer({
    binary: haproxy,
    dir: path.join(root, "haproxy"),
    servers: SERVER_PORTS,
    port: BALANCER_PORT,
    pinnedPorts: PINNED_PORTS,
    statsPort: STATS_PORT,
  });
  await expect
    .poll(() => balancer.states().catch(() => ({})), { timeout: 20_000, message: "HAProxy sees every server up" })
    .toEqual({ s1: "UP", s2: "UP", s3: "UP" });
});

test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const [index, server] of servers.entries()) {
    await testInfo.attach(`app-server-${index + 1}.log`, { body: server.output(), contentType: "text/plain" });
  }
  if (balancer) await testInfo.attach("haproxy.log", { body: balancer.output(), contentType: "text/plain" });
});

test.afterAll(async () => {
  await balancer?.stop();
  await Promise.all(
    servers.map(async (server) => {
      server.child.kill("SIGTERM");
      await exited(server.child);
    }),
  );
  await database?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await s3?.close();
  // Stopped cleanly: nothing here is worth keeping (a failed test has the logs attached).
  fs.rmSync(root, { recursive: true, force: true });
});

/** The sign-in attempts one client address may make in 15 minutes (server/accounts/credentials.ts). */
const SIGN_IN_LIMIT = 30;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const total = (counts: number[]) => counts.reduce((sum, n) => sum + n, 0);

/** A person in a browser of their own, on the shop's public address. */
function shopper(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: balancer.url,
    viewport: { width: 1280, height: 800 },
    // Not the config's Origin of the main e2e shop: Chromium refuses to load a page's scripts with another.
    extraHTTPHeaders: {},
  });
}

async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client(database.connection);
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The receipts of an order that reached the mail server. */
function receiptsFor(orderNumber: string): Mail[] {
  return mails.filter((mail) => mail.subject === `Your ${SHOP_NAME} receipt for order ${orderNumber}`);
}

/** What a server logged, message by message (its log is JSON, one entry a line). */
function logMessages(server: OwnServer): string[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? "");
}

/** Each server's request log from now on: how many requests it answered whose address matches. */
function requestCounter() {
  const marks = servers.map((server) => server.output().length);
  return (url: RegExp, method = "GET") =>
    servers.map(
      (server, index) =>
        server
          .output()
          .slice(marks[index])
          .split("\n")
          .filter((line) => {
            if (!line.startsWith("{")) return false;
            const entry = JSON.parse(line) as { req?: { method: string; url: string } };
            return entry.req?.method === method && url.test(entry.req.url);
          }).length,
    );
}

test("three app servers share one database, seeded once, and the balancer spreads requests over all of them", async () => {
  // One of them loaded the sample catalogue (they started together); the others found it there.
  const seeded = servers.flatMap((server) =>
    logMessages(server).filter((message) => message.startsWith("Loaded the sample catalogue")),
  );
  expect(seeded).toEqual([expect.stringMatching(/^Loaded the sample catalogue \(\d+ products\)$/)]);
  const [products] = await query<{ n: number }>("SELECT count(*)::int AS n FROM products");
  expect(seeded[0]).toBe(`Loaded the sample catalogue (${products!.n} products)`);

  const count = requestCounter();
  for (let i = 0; i < 30; i++) {
    const response = await fetch(`${balancer.url}/help`);
    expect(response.status).toBe(200);
  }
  // Round robin: one request in three to each (the log line is written as the answer ends).
  await expect.poll(() => count(/^\/help$/)).toEqual([10, 10, 10]);
});

test("sign in on one server, fill the cart on a second, pay, and find the order and its files on a third", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await shopper(browser);
  const page = await context.newPage();
  const [one, two, three] = balancer.pinned as [string, string, string];

  // One: the demo buyer signs in from the login modal.
  let count = requestCounter();
  await page.goto(one);
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Welcome" });
  await login.getByRole("button", { name: "Use buyer demo" }).click();
  await login.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Successfully logged in as buyer")).toBeVisible();
  await expect.poll(() => count(/^\/account\/sign-in/, "POST")).toEqual([1, 0, 0]);

  // A second: signed in there too (the session is in the database, the cookie signed with the
  // shared secret), and the cart filled from the product pages.
  count = requestCounter();
  for (const productId of [3, 4]) {
    await page.goto(`${two}/product/${productId}`);
    await waitForHydration(page);
    await expect(page.getByRole("banner").getByRole("button", { name: "buyer", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added to cart").first()).toBeVisible();
  }
  await page.reload();
  await waitForHydration(page);
  const cartButton = page.getByRole("banner").getByRole("button", { name: "Cart, 2 items" });
  await expect(cartButton).toBeVisible();
  await expect.poll(() => count(/^\/api\/v1\/cart/, "POST")).toEqual([0, 2, 0]);

  // Pay: the payment page is at the shop's public address, the balancer's round robin, and its
  // webhook comes back through it too.
  const paying = requestCounter();
  await cartButton.click();
  const [tab] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("dialog", { name: "Shopping Cart" }).getByRole("button", { name: "Checkout" }).click(),
  ]);
  await tab.waitForURL(`${balancer.url}/pay/hps_*`);
  await waitForHydration(tab);
  await tab.getByLabel("Name on card").fill("Scale Buyer");
  await tab.getByLabel("Card number").fill("4242 4242 4242 4242");
  await tab.getByLabel("Expiry (MM/YY)").fill("12/39");
  await tab.getByLabel("CVC").fill("123");
  await tab.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByText("Order placed successfully!").first()).toBeVisible({ timeout: 30_000 });
  await tab.waitForURL(/\/account\/orders\/[A-Z0-9]{9}$/);
  const orderNumber = /orders\/([A-Z0-9]{9})$/.exec(tab.url())![1]!;
  await tab.close();
  await expect.poll(() => total(paying(/^\/api\/v1\/payments\/webhook\/hosted$/, "POST"))).toBe(1);
  journeyOrder = orderNumber;

  // A third: the order, paid, and its two files, downloaded from the shared file store.
  count = requestCounter();
  await page.goto(`${three}/account/orders/${orderNumber}`);
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await page.goto(`${three}/account/downloads`);
  const bought = page.getByRole("listitem").filter({ hasText: orderNumber });
  await expect(bought).toHaveCount(2);
  const links = bought.getByRole("link", { name: /^Download / });
  await expect(links).toHaveCount(2);
  const s3Mark = s3.requests.length;
  for (const link of await links.all()) {
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(await download.failure()).toBeNull();
    expect(fs.statSync(await download.path()).size).toBeGreaterThan(0);
  }
  await expect.poll(() => count(/^\/downloads\//)).toEqual([0, 0, 2]);
  // Read from the bucket (a server started after the one that wrote them has no files of its own).
  // The bought files' keys, once each; the previews job may be reading sample PDFs meanwhile.
  const read = s3.requests
    .slice(s3Mark)
    .filter((request) => request.method === "GET" && request.status === 200 && /^products\/[34]\//.test(request.key));
  expect(read.map((request) => request.key).sort()).toEqual([
    expect.stringMatching(/^products\/3\//),
    expect.stringMatching(/^products\/4\//),
  ]);
  await expect.poll(() => count(/^\/account\//)).toEqual([0, 0, 2]);

  // The receipt, once.
  await expect.poll(() => receiptsFor(orderNumber).length, { timeout: 20_000 }).toBe(1);
  expect(receiptsFor(orderNumber)[0]!.to).toBe("buyer@demo.example");
  await context.close();
});

test("each job runs once: orders paid through the balancer get one webhook delivery and one receipt each", async () => {
  test.setTimeout(60_000);
  const products = Array.from({ length: 24 }, (_, index) => 5 + index);
  const numbers = await Promise.all(
    products.map((productId, index) =>
      buyAsGuestOver(balancer.url, productId, {
        tag: "scale-out",
        headers: { "x-forwarded-for": `198.18.1.${index + 1}` },
      }),
    ),
  );

  // Wait until every order is paid and no job of theirs is left to run (or to run again).
  await expect
    .poll(
      async () => {
        const [row] = await query<{ paid: number; receipts: number; pending: number }>(
          `SELECT (SELECT count(*) FROM orders WHERE number = ANY($1) AND status = 'paid')::int AS paid,
                  (SELECT count(*) FROM orders WHERE number = ANY($1) AND receipt_sent_at IS NOT NULL)::int AS receipts,
                  (SELECT count(*) FROM pgboss.job WHERE name = ANY($2) AND state IN ('created', 'retry', 'active'))::int AS pending`,
          [numbers, ["send-receipt", "deliver-hosted-payment-webhook"]],
        );
        return row;
      },
      { timeout: 30_000 },
    )
    .toEqual({ paid: numbers.length, receipts: numbers.length, pending: 0 });

  // One email per order, whichever server ran its job (and still one for the first test's order).
  for (const number of [journeyOrder, ...numbers]) expect(receiptsFor(number), number).toHaveLength(1);
  const sentBy = servers.map((server) => {
    const messages = logMessages(server);
    return numbers.filter((number) =>
      messages.some((message) => message.startsWith(`Sent "Your ${SHOP_NAME} receipt for order ${number}"`)),
    );
  });
  expect(sentBy.flat().sort()).toEqual([...numbers].sort());
  test.info().annotations.push({
    type: "receipts sent by server",
    description: sentBy.map((sent) => sent.length).join(", "),
  });
  // One webhook per payment, delivered at the first attempt, and one job for each.
  const deliveries = await query<{ attempts: number; delivered: boolean }>(
    `SELECT w.attempts, w.delivered_at IS NOT NULL AS delivered
       FROM hosted_payment_webhooks w JOIN hosted_payment_sessions s ON s.id = w.session_id
      WHERE s.reference = ANY($1)`,
    [numbers],
  );
  expect(deliveries).toEqual(numbers.map(() => ({ attempts: 1, delivered: true })));
  const jobs = await query<{ name: string; n: number }>(
    `SELECT name, count(*)::int AS n FROM pgboss.job
      WHERE (name = 'send-receipt' AND (data->>'orderId')::int IN (SELECT id FROM orders WHERE number = ANY($1)))
         OR (name = 'deliver-hosted-payment-webhook' AND data->>'eventId' IN (
               SELECT w.event_id FROM hosted_payment_webhooks w
                 JOIN hosted_payment_sessions s ON s.id = w.session_id WHERE s.reference = ANY($1)))
      GROUP BY name ORDER BY name`,
    [numbers],
  );
  expect(jobs).toEqual([
    { name: "deliver-hosted-payment-webhook", n: numbers.length },
    { name: "send-receipt", n: numbers.length },
  ]);
});

test("limits are shared: sign-in attempts spread over the three servers are counted together", async () => {
  // One client address of its own, so that only these attempts count against it.
  const address = "198.18.2.1";
  const attempt = (target: string, index: number) =>
    fetch(`${target}/account/sign-in`, {
      method: "POST",
      headers: { origin: balancer.url, "x-forwarded-for": address },
      body: new URLSearchParams({ email: `nobody-${index}@example.com`, password: "not-the-password" }),
    });
  const count = requestCounter();
  // Each attempt names another account, so that no account's slowdown comes into it.
  for (let index = 0; index < SIGN_IN_LIMIT; index++) {
    expect((await attempt(balancer.url, index)).status).toBe(401);
  }
  const perServer = () => count(/^\/account\/sign-in/, "POST");
  await expect.poll(() => total(perServer())).toBe(SIGN_IN_LIMIT);
  // Spread over all three (round robin: a third each): no server saw the limit's worth by itself...
  const seen = perServer();
  test.info().annotations.push({ type: "sign-in attempts by server", description: seen.join(", ") });
  for (const attempts of seen) {
    expect(attempts).toBeGreaterThan(0);
    expect(attempts).toBeLessThan(SIGN_IN_LIMIT);
  }
  // ...yet the next attempt is refused, on every one of them.
  const refused = await attempt(balancer.url, SIGN_IN_LIMIT);
  expect(refused.status).toBe(429);
  expect(await refused.text()).toContain("Too many sign-in attempts");
  for (const [index, pinned] of balancer.pinned.entries()) {
    expect((await attempt(pinned, SIGN_IN_LIMIT + 1 + index)).status, pinned).toBe(429);
  }
});

test("a price change reaches every server at once: product page and search", async ({ browser }) => {
  test.setTimeout(60_000);
  const productId = 1; // Design Studio Pro's, the demo seller's shop
  const [product] = await query<{ title: string; price_cents: number }>(
    "SELECT title, price_cents FROM products WHERE id = $1",
    [productId],
  );
  const { title, price_cents: oldCents } = product!;
  const newCents = 1234;
  expect(oldCents).not.toBe(newCents);
  // A search that finds the product only at its new price: the price filter is the search index's.
  const search = `/search?q=${encodeURIComponent(title)}&min=12&max=13`;

  const context = await shopper(browser);
  const page = await context.newPage();
  const expectPrice = async (server: string, cents: number) => {
    await page.goto(`${server}/product/${productId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator('meta[property="product:price:amount"]')).toHaveAttribute(
      "content",
      (cents / 100).toFixed(2),
    );
    await expect(page.getByText(dollars(cents), { exact: true }).first()).toBeVisible();
    await page.goto(`${server}${search}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });
    if (cents === newCents) await expect(card).toContainText(dollars(newCents));
    else await expect(card).toHaveCount(0);
  };
  // Every server has shown the old price (and searched on it) before: whatever it keeps, it has.
  for (const server of balancer.pinned) await expectPrice(server, oldCents);

  // The seller changes the price on one server...
  const seller = await shopper(browser);
  const sellerPage = await seller.newPage();
  await sellerPage.goto(balancer.url);
  await waitForHydration(sellerPage);
  await sellerPage.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const login = sellerPage.getByRole("dialog", { name: "Welcome" });
  // The shared demo seller may only look (decision 039): a real seller runs Design Studio Pro.
  const sampleShopSeller = { email: "sample-shop-seller@example.com", password: "sample-shop-seller-2026" };
  execFileSync(
    process.execPath,
    ["tests/e2e/sample-shop-seller.ts", sampleShopSeller.email, sampleShopSeller.password],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, SHOP_MODE: "demo" },
      encoding: "utf8",
    },
  );
  await login.getByLabel("Email", { exact: true }).fill(sampleShopSeller.email);
  await login.getByLabel("Password", { exact: true }).fill(sampleShopSeller.password);
  await login.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(sellerPage.getByText(/Successfully logged in/)).toBeVisible();
  await sellerPage.goto(`${balancer.pinned[0]}/seller/products/${productId}`);
  await waitForHydration(sellerPage);
  await sellerPage.getByLabel("Price (USD)").fill((newCents / 100).toFixed(2));
  await sellerPage.getByRole("button", { name: "Save changes" }).click();
  await expect(sellerPage.getByText("Your changes were saved.")).toBeVisible();
  await seller.close();

  // ...and every server shows the new one on the next page it serves, without a wait.
  for (const server of balancer.pinned) await expectPrice(server, newCents);
  await context.close();
});
