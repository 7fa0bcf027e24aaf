import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import express from "express";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { oneRouteBuild } from "../../tests/support/one-route-build.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { creators, products, reviews } from "../db/schema.ts";
import {
  CATALOGUE_CHANGED,
  cachedPageOf,
  inlineScriptHashes,
  PageCache,
  pageCacheOf,
  servePageFromCache,
} from "./page-cache.ts";
import { reactRouterHandler } from "./react-router-handler.ts";

const page = (text: string) =>
  cachedPageOf({ status: 200, headers: new Headers({ "content-type": "text/html" }), rendered: Buffer.from(text) });

describe("the page cache", () => {
  it("keeps nothing until it listens, and drops everything when it stops", () => {
    const cache = new PageCache();
    cache.set("/", page("home"), cache.mark());
    expect(cache.get("/")).toBeUndefined();
    cache.setListening(true);
    cache.set("/", page("home"), cache.mark());
    expect(cache.get("/")?.body.toString()).toBe("home");
    cache.setListening(false);
    cache.setListening(true);
    expect(cache.get("/")).toBeUndefined();
  });

  it("does not keep a page whose rendering began before the catalogue changed", () => {
    const cache = new PageCache();
    cache.setListening(true);
    const mark = cache.mark();
    cache.clear();
    cache.set("/product/1", page("old price"), mark);
    expect(cache.get("/product/1")).toBeUndefined();
  });

  it("takes out the nonce a page was rendered with: two renderings are the same bytes", () => {
    const rendered = (nonce: string) =>
      cachedPageOf({
        status: 200,
        headers: new Headers({ "content-type": "text/html" }),
        rendered: Buffer.from(`<p>hi</p><script nonce="${nonce}">go()</script>`),
        nonce,
      });
    expect(rendered("n1").body.toString()).toBe("<p>hi</p><script>go()</script>");
    expect(rendered("n1").etag).toBe(rendered("n2").etag);
  });

  it("gives equal pages one ETag and different pages another", () => {
    expect(page("a").etag).toBe(page("a").etag);
    expect(page("a").etag).not.toBe(page("b").etag);
    expect(page("a").etag).toMatch(/^"[\w-]{32}"$/);
  });

  it("hashes the inline scripts a CSP must allow, not scripts by address nor JSON-LD data", () => {
    const html =
      '<script src="/assets/a.js"></script><script>alert(1)</script>' +
      '<script type="application/ld+json">{"@type":"Product"}</script><script nonce="x" type="module">alert(1)</script>';
    expect(inlineScriptHashes(html)).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
    const policy = (type: string) =>
      cachedPageOf({
        status: 200,
        headers: [
          ["content-type", type],
          ["Content-Security-Policy", "default-src 'self';script-src 'self' 'nonce-x';object-src 'none'"],
        ],
        rendered: Buffer.from(html),
        nonce: "x",
      }).headers.find(([name]) => name === "Content-Security-Policy")?.[1];
    expect(policy("text/html")).toBe(
      "default-src 'self';script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=';object-src 'none'",
    );
    expect(policy("text/x-script")).toBe("default-src 'self';script-src 'self';object-src 'none'");
  });
});

describe("dropping the pages when the catalogue changes", () => {
  const database = setUpTestDatabase();

  /** Which statements notify catalogue_changed: a marker on another channel comes after any they sent. */
  async function notifies(change: () => Promise<unknown>): Promise<boolean> {
    const client = new pg.Client(database.pool.options);
    await client.connect();
    try {
      const heard: string[] = [];
      client.on("notification", (message) => heard.push(message.channel));
      await client.query(`LISTEN ${CATALOGUE_CHANGED}; LISTEN test_marker`);
      await change();
      await database.pool.query("NOTIFY test_marker");
      await expect.poll(() => heard.includes("test_marker")).toBe(true);
      return heard.includes(CATALOGUE_CHANGED);
    } finally {
      await client.end();
    }
  }

  it.each([
    ["a price", () => database.db.update(products).set({ priceCents: 1234 }).where(eq(products.id, 1))],
    ["a product's status", () => database.db.update(products).set({ status: "hidden" }).where(eq(products.id, 2))],
    ["a creator's name", () => database.db.update(creators).set({ name: "Renamed Studio" }).where(eq(creators.id, 1))],
    ["a review", () => database.db.update(reviews).set({ body: "Changed my mind." }).where(eq(reviews.productId, 1))],
    ["a category", () => database.db.execute(sql`UPDATE categories SET description = 'New words' WHERE id = 1`)],
    [
      "a product's pictures",
      () => database.db.execute(sql`UPDATE product_images SET position = position WHERE product_id = 1`),
    ],
  ])("is notified when %s changes", async (_what, change) => {
    expect(await notifies(change)).toBe(true);
  });

  it("is not notified for a download counted (pages showing counts are kept a minute at most)", async () => {
    const counted = () =>
      database.db
        .update(products)
        .set({ downloads: sql`${products.downloads} + 1` })
        .where(eq(products.id, 1));
    expect(await notifies(counted)).toBe(false);
  });

  it("drops every page of this app server when notified", async () => {
    const cache = pageCacheOf(database.db);
    // Kept once the cache listens.
    await expect
      .poll(() => {
        cache.set("/p", page("p"), cache.mark());
        return cache.get("/p");
      })
      .toBeDefined();
    await database.db.update(products).set({ priceCents: 999 }).where(eq(products.id, 3));
    await expect.poll(() => cache.get("/p"), { timeout: 2_000 }).toBeUndefined();
  });

  it("after a write answered here, knows of every change it committed before the next page is looked up", async () => {
    const cache = pageCacheOf(database.db);
    await expect
      .poll(() => {
        cache.set("/creator/1", page("12 followers"), cache.mark());
        return cache.get("/creator/1");
      })
      .toBeDefined();
    await database.db.update(creators).set({ followers: 13 }).where(eq(creators.id, 1));
    cache.noteWrite();
    await cache.caughtUp();
    // No waiting: the change's notification came before the write's catch-up token.
    expect(cache.get("/creator/1")).toBeUndefined();
  });
});

describe("pages asked for while a write catches up", () => {
  it("are looked up once it has: the writer's next page is never the one from before its write", async () => {
    let caughtUp: () => void = () => {};
    const cache = new PageCache(() => new Promise<void>((resolve) => (caughtUp = resolve)));
    cache.setListening(true);
    const app = express()
      .use(servePageFromCache(cache))
      .post("/follow", (_req, res) => void res.send("followed"))
      .get("/creator/1", (_req, res) => void res.send("13 followers"));
    const listening = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listening.once("listening", resolve));
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    cache.set(`${base}/creator/1`, page("12 followers"), cache.mark());
    try {
      expect(await (await fetch(`${base}/creator/1`)).text()).toBe("12 followers");
      await fetch(`${base}/follow`, { method: "POST" });
      // The page's request finds the write catching up, and waits for it.
      let found!: () => void;
      const foundCatchingUp = new Promise<void>((resolve) => (found = resolve));
      const caughtUpSoFar = cache.caughtUp.bind(cache);
      cache.caughtUp = () => {
        const catchingUp = caughtUpSoFar();
        if (catchingUp) found();
        return catchingUp;
      };
      const next = fetch(`${base}/creator/1`).then((response) => response.text());
      await foundCatchingUp;
      // The write's notification arrives (the page is dropped), then its catch-up.
      cache.clear();
      caughtUp();
      expect(await next).toBe("13 followers");
    } finally {
      listening.close();
    }
  });

  it("leave nothing behind when their visitor gives up meanwhile: the next visitor of the address is answered", async () => {
    // React Router cancels a reload of the page's data that a newer one replaces: the shopper's
    // parts were asked for again after adding to the cart, and the first request went away while
    // the write caught up. Its address then hung for everyone (found by hand).
    let caughtUp: () => void = () => {};
    const cache = new PageCache(() => new Promise<void>((resolve) => (caughtUp = resolve)));
    cache.setListening(true);
    let arrived = 0;
    let closed = 0;
    const app = express()
      .use((_req, res, next) => {
        arrived++;
        res.once("close", () => closed++);
        next();
      })
      .use(servePageFromCache(cache))
      .post("/api/v1/cart", (_req, res) => void res.send("added"))
      .get("/api/v1/shopper", (_req, res) => void res.set("Cache-Control", "private, no-store").send("2 items"));
    const listening = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listening.once("listening", resolve));
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    try {
      await fetch(`${base}/api/v1/cart`, { method: "POST" });
      const catchingUp = cache.caughtUp();
      const cancelled = new AbortController();
      const given = fetch(`${base}/api/v1/shopper`, { signal: cancelled.signal }).catch(() => "cancelled");
      await expect.poll(() => arrived).toBe(2); // the POST's and this one, waiting for the catch-up
      cancelled.abort();
      expect(await given).toBe("cancelled");
      await expect.poll(() => closed).toBe(2);
      caughtUp();
      await catchingUp;
      const next = await fetch(`${base}/api/v1/shopper`, { signal: AbortSignal.timeout(5_000) });
      expect(await next.text()).toBe("2 items");
    } finally {
      listening.close();
    }
  });
});

/** The shop's page middleware and React Router handler, as app.ts mounts them, around `build`. */
function pagesServedBy(app: express.Express, cache: PageCache, build: ReturnType<typeof oneRouteBuild>) {
  return app.use(servePageFromCache(cache)).use(
    reactRouterHandler({
      build,
      mode: "production",
      bodyLimit: 1024,
      pageCache: cache,
      getLoadContext: () => new RouterContextProvider(),
    }),
  );
}

describe("a page asked for by many at once while it is not kept", () => {
  /** The shop's page middleware and React Router handler around a page whose rendering waits for `release`. */
  function shopWith(cache: PageCache, cacheControl: string) {
    const state = { renders: 0, arrived: 0, release: () => {} };
    const released = new Promise<void>((resolve) => (state.release = resolve));
    const build = oneRouteBuild(async () => {
      state.renders++;
      await released;
      return new Response("<p>Planners</p>", {
        headers: { "Content-Type": "text/html", "Cache-Control": cacheControl },
      });
    });
    const counting = express().use((_req, _res, next) => {
      state.arrived++;
      next();
    });
    return { app: pagesServedBy(counting, cache, build), state };
  }

  async function askAtOnce(cacheControl: string, visitors: number) {
    const cache = new PageCache();
    cache.setListening(true);
    const { app, state } = shopWith(cache, cacheControl);
    const listening = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listening.once("listening", resolve));
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/category/planners`;
    try {
      const answers = Array.from({ length: visitors }, () =>
        fetch(url).then(async (response) => ({ status: response.status, body: await response.text() })),
      );
      // Every request has reached the page cache (it looks up synchronously) before the first rendering ends.
      await expect.poll(() => state.arrived, { timeout: 10_000 }).toBe(visitors);
      state.release();
      return { answers: await Promise.all(answers), renders: state.renders, kept: cache.get(url) };
    } finally {
      listening.close();
    }
  }

  it("is rendered once, and all 50 visitors get it (single flight)", async () => {
    const { answers, renders, kept } = await askAtOnce("public, max-age=60", 50);
    expect(renders).toBe(1);
    expect(answers).toHaveLength(50);
    expect(answers.every((answer) => answer.status === 200 && answer.body === "<p>Planners</p>")).toBe(true);
    expect(kept?.body.toString()).toBe("<p>Planners</p>");
  });

  it("when it is not the same for everyone, is rendered for each visitor once the first is done", async () => {
    const { answers, renders, kept } = await askAtOnce("private, no-cache", 5);
    expect(renders).toBe(5);
    expect(answers.every((answer) => answer.status === 200 && answer.body === "<p>Planners</p>")).toBe(true);
    expect(kept).toBeUndefined();
  });
});

describe("a page for everyone that cannot be rendered now", () => {
  it("is answered from its last copy while the database is away, and again as usual once it is back", async () => {
    const cache = new PageCache();
    cache.setListening(true);
    let away = false;
    const build = oneRouteBuild(() => {
      // What a loader meets when PostgreSQL is stopped.
      if (away) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      return new Response("<p>12 planners</p>", {
        headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=0, s-maxage=60" },
      });
    });
    const listening = pagesServedBy(express(), cache, build).listen(0, "127.0.0.1");
    await new Promise((resolve) => listening.once("listening", resolve));
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    const ask = async (path: string) => {
      const response = await fetch(`${base}${path}`);
      return { status: response.status, body: await response.text() };
    };
    try {
      expect(await ask("/category/planners")).toEqual({ status: 200, body: "<p>12 planners</p>" });
      // The database goes away: its notifications are no longer heard, so nothing is current.
      away = true;
      cache.setListening(false);
      expect(cache.get(`${base}/category/planners`)).toBeUndefined();
      expect(await ask("/category/planners")).toEqual({ status: 200, body: "<p>12 planners</p>" });
      // A page never rendered has no copy: the failure is answered.
      expect((await ask("/category/wall-art")).status).toBe(500);
      // Back: rendered again.
      away = false;
      cache.setListening(true);
      expect(await ask("/category/wall-art")).toEqual({ status: 200, body: "<p>12 planners</p>" });
      // A catalogue change drops the last copies too: a hidden product never comes back in one.
      cache.clear();
      away = true;
      expect((await ask("/category/planners")).status).toBe(500);
    } finally {
      listening.close();
    }
  });
});
