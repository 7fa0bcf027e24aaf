import { eq, sql } from "drizzle-orm";
import express from "express";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct, createSeller } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { serveForTests } from "../../tests/support/test-server.ts";
import { licenses } from "../db/schema.ts";
import { licenseKeyApi } from "./license-key-api.ts";

// The licence-key API without an API key, over HTTP: the licence key is the credential; bad input
// is a 4xx with the public API's error body and changes nothing; a request with an API key goes on
// to the public API's router (here a stand-in answering 418).

const database = setUpTestDatabase();
const jobs = recordingJobs();
const server = serveForTests(() =>
  express()
    .use(
      "/api/public/v1/licenses",
      licenseKeyApi({ db: database.db, jobs, logger: pino({ level: "silent" }), requestsPerMinute: 1000 }),
    )
    .use((_req, res) => {
      res.status(418).json({ to: "the public API's router" });
    }),
);
const limited = serveForTests(() =>
  express().use(
    "/api/public/v1/licenses",
    licenseKeyApi({ db: database.db, jobs, logger: pino({ level: "silent" }), requestsPerMinute: 2 }),
  ),
);

let productId: number;
beforeAll(async () => {
  const seller = await createSeller(database.db);
  productId = (await createProduct(database.db, { creatorId: seller.creator.id })).id;
});

async function newLicense(seats = 1) {
  const { items } = await createOrder(database.db, { productIds: [productId] });
  const [license] = await database.db
    .update(licenses)
    .set({ seats })
    .where(eq(licenses.orderItemId, items[0]!.id))
    .returning();
  return license!;
}

async function post(path: string, body: unknown, init: { headers?: Record<string, string>; base?: string } = {}) {
  const response = await fetch(`${init.base ?? server.baseUrl}/api/public/v1/licenses${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the licence-key API without an API key", () => {
  it("verifies, activates (idempotently), refuses a seat beyond the licence's, and deactivates", async () => {
    const license = await newLicense(1);
    const verified = await post("/verify", { key: license.key, productId });
    expect(verified).toMatchObject({
      status: 200,
      body: { valid: true, status: "active", seats: 1, product: { id: productId }, activations: { active: 0 } },
    });
    expect(JSON.stringify(verified.body)).not.toContain("@");

    expect(await post("/activate", { key: license.key, instance: "laptop" })).toMatchObject({
      status: 200,
      body: { activated: true, activations: { active: 1, instances: [{ instance: "laptop" }] } },
    });
    expect(await post("/activate", { key: license.key, instance: "laptop" })).toMatchObject({
      status: 200,
      body: { activated: false, activations: { active: 1 } },
    });
    expect(await post("/activate", { key: license.key, instance: "desktop" })).toMatchObject({
      status: 409,
      body: {
        status: 409,
        error: {
          code: "conflict",
          message: "The one seat of this license is in use: deactivate its instance first.",
        },
      },
    });
    expect(await post("/deactivate", { key: license.key, instance: "laptop" })).toMatchObject({
      status: 200,
      body: { activations: { active: 0 } },
    });
    expect(await post("/activate", { key: license.key, instance: "desktop" })).toMatchObject({ status: 200 });
  });

  it("answers an unknown key, or a key of another product, 404", async () => {
    expect(await post("/verify", { key: "DGM-AAAA-BBBB-CCCC-DDDD" })).toMatchObject({
      status: 404,
      body: {
        status: 404,
        detail: "No license has this key.",
        error: { code: "not_found", message: "No license has this key." },
      },
    });
    const license = await newLicense();
    expect((await post("/verify", { key: license.key, productId: productId + 999 })).status).toBe(404);
  });

  it.each([
    ["/activate", { key: "DGM-AAAA-BBBB-CCCC-DDDD" }, 400, "instance"],
    ["/activate", { key: "DGM-AAAA-BBBB-CCCC-DDDD", instance: "" }, 400, "instance"],
    ["/activate", { key: "DGM-AAAA-BBBB-CCCC-DDDD", instance: "a\u0000b" }, 400, "instance"],
    ["/activate", { key: "DGM-AAAA-BBBB-CCCC-DDDD", instance: "x".repeat(201) }, 400, "instance"],
    ["/verify", { key: "DGM-AAAA-BBBB-CCCC-DDDD", productId: "12" }, 400, "productId"],
    ["/verify", { key: "DGM-AAAA-BBBB-CCCC-DDDD", productId: 1e12 }, 400, "productId"],
    ["/verify", { key: "DGM-AAAA-BBBB-CCCC-DDDD", email: "x@example.com" }, 400, "email"],
    ["/verify", { key: 42 }, 400, "key"],
    ["/verify", "{not json", 400, "body"],
    ["/verify", {}, 401, undefined],
    ["/verify", [], 401, undefined],
  ])("refuses POST %s %j with %i", async (path, body, status, field) => {
    const answer = await post(path, body);
    expect(answer.status).toBe(status);
    expect((answer.body.error as { field?: string }).field).toBe(field);
  });

  it("refuses a body that is not JSON, none, one too large, and a GET", async () => {
    const base = `${server.baseUrl}/api/public/v1/licenses`;
    const text = await fetch(`${base}/verify`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "key=x",
    });
    expect(text.status).toBe(415);
    expect((await fetch(`${base}/verify`, { method: "POST" })).status).toBe(401);
    const large = await post("/verify", { key: "x".repeat(10_000) });
    expect(large.status).toBe(413);
    const get = await fetch(`${base}/verify`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("changes nothing on a refused activation", async () => {
    const license = await newLicense(1);
    await post("/activate", { key: license.key, instance: "one" });
    await post("/activate", { key: license.key, instance: "two" });
    await post("/activate", { key: license.key, instance: "" });
    expect((await post("/verify", { key: license.key })).body.activations).toMatchObject({ active: 1 });
  });

  it("leaves a request with an API key to the public API's router", async () => {
    const answer = await post(
      "/verify",
      { key: "DGM-AAAA-BBBB-CCCC-DDDD" },
      { headers: { Authorization: "Bearer x" } },
    );
    expect(answer.status).toBe(418);
  });

  it("limits each client address", async () => {
    // The counter of this address (both servers here count in it) starts afresh.
    await database.db.execute(sql`DELETE FROM rate_limit_hits WHERE key LIKE 'license-key:%'`);
    const statuses = [];
    for (let n = 0; n < 3; n++) {
      statuses.push((await post("/verify", { key: "DGM-AAAA-BBBB-CCCC-DDDD" }, { base: limited.baseUrl })).status);
    }
    expect(statuses).toEqual([404, 404, 429]);
  });
});
