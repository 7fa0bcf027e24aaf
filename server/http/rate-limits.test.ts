import { sql } from "drizzle-orm";
import express from "express";
import { rateLimit } from "express-rate-limit";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { serveForTests } from "../../tests/support/test-server.ts";
import { PostgresRateLimitStore } from "./rate-limit-store.ts";
import { rateLimits } from "./rate-limits.ts";

const database = setUpTestDatabase();
const server = serveForTests(() => {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(rateLimits(database.db));
  app.all("/{*path}", (_req, res) => {
    res.send("ok");
  });
  return app;
});

const post = (path: string, forwardedFor = "203.0.113.7") =>
  fetch(`${server.baseUrl}${path}`, { method: "POST", headers: { "x-forwarded-for": forwardedFor } });

describe("rate limits", () => {
  it("allow 10 contact messages per client in 10 minutes, then answer 429 with a clear message", async () => {
    for (let index = 0; index < 10; index++) expect((await post("/contact")).status).toBe(200);
    const refused = await post("/contact.data");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe("Too many requests. Please wait a few minutes and try again.");
    expect(refused.headers.get("ratelimit-policy")).toContain("q=10");
    // Another client is not affected, nor are pages or other forms.
    expect((await post("/contact", "198.51.100.1")).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/contact`, { headers: { "x-forwarded-for": "203.0.113.7" } })).status).toBe(
      200,
    );
    expect((await post("/other-form")).status).toBe(200);
  });

  it("counts in PostgreSQL, shared by every app server, and starts again after the window", async () => {
    const limiter = (store: PostgresRateLimitStore) =>
      rateLimit({ windowMs: 60_000, limit: 2, store, validate: false });
    const first = new PostgresRateLimitStore(database.db, "shared");
    const second = new PostgresRateLimitStore(database.db, "shared");
    limiter(first);
    limiter(second);
    expect((await first.increment("client")).totalHits).toBe(1);
    expect((await second.increment("client")).totalHits).toBe(2);
    expect((await first.get("client"))?.totalHits).toBe(2);
    await second.decrement("client");
    expect((await first.get("client"))?.totalHits).toBe(1);
    // The window ends (PostgreSQL's clock decides, as for every app server): no waiting for it.
    await database.db.execute(sql`UPDATE rate_limit_hits SET resets_at = now() - interval '1 millisecond'`);
    expect(await first.get("client")).toBeUndefined();
    expect((await second.increment("client")).totalHits).toBe(1);
    await first.resetKey("client");
    expect(await second.get("client")).toBeUndefined();
  });
});
