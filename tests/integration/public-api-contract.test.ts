import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../../server/config/env.ts";
import { createApp } from "../../server/http/app.ts";
import type { JobQueue } from "../../server/jobs/queue.ts";
import {
  type OpenApiDocument,
  type OpenApiOperation,
  openApiDocument,
  PUBLIC_API_BASE,
} from "../../server/public-api/openapi.ts";
import { PUBLIC_API_OPERATIONS } from "../../server/public-api/operations/index.ts";
import { REQUESTS_PER_MINUTE } from "../../server/public-api/router.ts";
import type { SearchLog } from "../../server/search/search-log.ts";
import { revokeApiKey } from "../../server/sellers/api-keys.ts";
import { setUpTestDatabase } from "../support/test-database.ts";
import { serveForTests } from "../support/test-server.ts";
import type { ContractCase, ContractRequest } from "./public-api-cases/cases.ts";
import { CONTRACT_CASES } from "./public-api-cases/index.ts";
import { type ContractWorld, exhaustRateLimit, makeWorld } from "./public-api-cases/world.ts";

// The public API against its OpenAPI document, generically: every operation of the document is
// called through the whole shop (createApp, a real database) for its success and for each refusal
// it documents; every answer must be a status the document lists for the operation, with a body
// its schema for that status accepts. The refusals every operation may answer are made here from
// the document; an operation's own cases are in ./public-api-cases/.

vi.mock("virtual:react-router/server-build", () => ({ routes: {} }));
vi.mock("../../server/http/react-router-handler.ts", () => ({
  reactRouterHandler: (): RequestHandler => (_req, res) => {
    res.status(404).type("text/plain").send("a page");
  },
}));

const SHOP_URL = "http://shop.test";
const document = openApiDocument(PUBLIC_API_OPERATIONS, SHOP_URL);
const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ route, method, operation })),
);
type Operation = (typeof operations)[number];

const database = setUpTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "public-api-contract-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const server = serveForTests(() =>
  createApp({
    db: database.db,
    config: parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: SHOP_URL }),
    authSecret: "a-test-secret-of-at-least-32-characters!",
    logger: pino({ level: "silent" }),
    jobs: { send: async () => null } as unknown as JobQueue,
    searchLog: {} as SearchLog,
  }),
);
let world: ContractWorld;
beforeAll(async () => {
  world = await makeWorld(database.db, () => server.baseUrl);
});

// ---- Validating answers against the document.

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

/** The schema with the document's `#/components/schemas/...` references put in place. */
function inlined(schema: unknown, doc: OpenApiDocument): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, doc));
  if (schema && typeof schema === "object") {
    const ref = (schema as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
      return inlined(doc.components.schemas[ref.slice("#/components/schemas/".length)], doc);
    }
    return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value, doc)]));
  }
  return schema;
}

const validators = new Map<string, ValidateFunction>();
function validatorFor(operation: OpenApiOperation, status: string): ValidateFunction {
  const id = `${operation.operationId} ${status}`;
  let validate = validators.get(id);
  if (!validate) {
    const [content] = Object.values(operation.responses[status]!.content);
    const schema = content!.schema;
    validate = ajv.compile(inlined(schema, document) as object);
    validators.set(id, validate);
  }
  return validate;
}

// ---- Calling an operation.

async function call({ route, method }: Operation, request: ContractRequest) {
  const pathname = route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? "1"));
  const url = new URL(`${PUBLIC_API_BASE}${pathname}`, world.baseUrl);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = {};
  const key = request.key === undefined ? world.keys.write : request.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (request.rawBody) {
    headers["content-type"] = request.rawBody.contentType;
    body = request.rawBody.text;
  } else if (request.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.body);
  }
  const response = await fetch(url, { method: method.toUpperCase(), headers, body });
  const text = await response.text();
  return { response, text };
}

/** Runs a case: the answer's status is the case's, is documented, and its body fits the schema. */
async function runCase({ route, method, operation }: Operation, contractCase: ContractCase) {
  const request = await contractCase.request(world);
  const { response, text } = await call({ route, method, operation }, request);
  const documented = Object.keys(operation.responses);
  expect(
    documented,
    `${operation.operationId} answered ${response.status}, which its document does not list: ${text}`,
  ).toContain(String(response.status));
  expect(response.status, text).toBe(contractCase.status);
  expect(response.headers.get("content-type")).toMatch(
    response.ok ? /^application\/json/ : /^application\/problem\+json/,
  );
  expect(response.headers.get("cache-control")).toBe("no-store");
  const body: unknown = JSON.parse(text);
  const validate = validatorFor(operation, String(response.status));
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  await contractCase.check?.(body, world);
  return response;
}

// ---- The refusals every operation may answer, made from its document.

function exampleBody(operation: OpenApiOperation): unknown {
  return operation.requestBody?.content["application/json"].example;
}

/** Path parameters that name nothing (an integer no record has, or a string no record is called). */
function missingParams(operation: OpenApiOperation): Record<string, string> {
  return Object.fromEntries(
    operation.parameters
      .filter((parameter) => parameter.in === "path")
      .map((parameter) => [parameter.name, parameter.schema.type === "integer" ? "2147483646" : "no-such-thing"]),
  );
}

/** A request the operation refuses with 400, if one can be made from its document. */
function invalidRequest(operation: OpenApiOperation): ContractRequest | undefined {
  if (operation.requestBody) return { params: missingParams(operation), body: 42 };
  for (const parameter of operation.parameters) {
    const bad =
      parameter.schema.type === "integer"
        ? "not-a-number"
        : Array.isArray(parameter.schema.enum)
          ? "not-one-of-them"
          : parameter.schema.format === "date-time" || parameter.schema.format === "date"
            ? "yesterday"
            : undefined;
    if (bad === undefined) continue;
    return parameter.in === "path" ? { params: { [parameter.name]: bad } } : { query: { [parameter.name]: bad } };
  }
  return undefined;
}

function genericCases(operation: OpenApiOperation): ContractCase[] {
  const { operationId } = operation;
  const cases: ContractCase[] = [
    { operationId, name: "refuses a request without a key", status: 401, request: () => ({ key: null }) },
    {
      operationId,
      name: "refuses a key that is not one",
      status: 401,
      request: () => ({ key: "dgm_live_thisKeyWasNeverMadeByTheShopAtAll000" }),
    },
    {
      operationId,
      name: "refuses the key of a suspended shop",
      status: 403,
      request: (world) => ({
        key: world.keys.suspendedShop,
        params: missingParams(operation),
        body: exampleBody(operation),
      }),
    },
    {
      operationId,
      name: "answers 429 with Retry-After once the key's limit is reached",
      status: 429,
      async request(world) {
        const { id, key } = await world.freshKey("write");
        await exhaustRateLimit(world.db, id, REQUESTS_PER_MINUTE);
        return { key, params: missingParams(operation), body: exampleBody(operation) };
      },
    },
  ];
  if (operation["x-scope"] === "write") {
    cases.push({
      operationId,
      name: "refuses a read key",
      status: 403,
      request: (world) => ({ key: world.keys.read, params: missingParams(operation), body: exampleBody(operation) }),
    });
  }
  const invalid = invalidRequest(operation);
  if (invalid)
    cases.push({
      operationId,
      name: "refuses an invalid request, naming the field",
      status: 400,
      request: () => invalid,
    });
  if (operation.parameters.some((parameter) => parameter.in === "path")) {
    cases.push({
      operationId,
      name: "does not find what is not there",
      status: 404,
      request: () => ({ params: missingParams(operation), body: exampleBody(operation) }),
    });
  }
  if (operation.requestBody) {
    cases.push(
      {
        operationId,
        name: "refuses a body that is not JSON",
        status: 415,
        request: () => ({ params: missingParams(operation), rawBody: { contentType: "text/plain", text: "title=x" } }),
      },
      {
        operationId,
        name: "refuses a body that is too large",
        status: 413,
        request: () => ({
          params: missingParams(operation),
          body: { title: "x".repeat(100 * 1024) },
        }),
      },
    );
  }
  return cases;
}

describe("the public API's OpenAPI document", () => {
  it("is served without a key, as made from the operations", async () => {
    const response = await fetch(`${server.baseUrl}${PUBLIC_API_BASE}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it("is OpenAPI 3.1 with bearer keys, and every operation documents its refusals with the error body", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(operations.length).toBeGreaterThan(0);
    for (const { operation } of operations) {
      for (const status of ["401", "403", "429", "500", "503"]) {
        expect(operation.responses[status]?.content).toEqual({
          "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } },
        });
      }
    }
  });

  it("has examples that its own schemas accept", () => {
    for (const { operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const example = response.content["application/json"]?.example;
        if (example === undefined) continue;
        const validate = validatorFor(operation, status);
        expect(validate(example), `${operation.operationId} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
      const body = operation.requestBody?.content["application/json"];
      if (body?.example !== undefined) {
        const validate = ajv.compile(inlined(body.schema, document) as object);
        expect(validate(body.example), `${operation.operationId} body: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
    }
  });
});

describe.each(operations)("$method $route", (entry) => {
  const { operation } = entry;
  const own = CONTRACT_CASES.filter((contractCase) => contractCase.operationId === operation.operationId);
  const all = [...own, ...genericCases(operation)];

  it("has a case for every status its document lists, and a success among them", () => {
    const covered = new Set(all.map((contractCase) => String(contractCase.status)));
    // A fault (500) and the database away (503) are every operation's, answered by the router's one
    // error handler: server/http/error-answers.test.ts makes them happen.
    const ownStatuses = Object.keys(operation.responses).filter((status) => status !== "500" && status !== "503");
    expect([...covered].sort()).toEqual(expect.arrayContaining(ownStatuses.sort()));
    expect(
      own.some((contractCase) => contractCase.status < 300),
      "an operation's own cases include its success",
    ).toBe(true);
  });

  it.each(all.map((contractCase) => [`${contractCase.status}: ${contractCase.name}`, contractCase] as const))(
    "%s",
    async (_name, contractCase) => {
      const response = await runCase(entry, contractCase);
      if (contractCase.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      if (contractCase.status === 401) expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    },
  );
});

it("knows every case's operation (a case for an operation not in the document is a mistake)", () => {
  const known = new Set(operations.map(({ operation }) => operation.operationId));
  for (const contractCase of CONTRACT_CASES) expect(known).toContain(contractCase.operationId);
});

describe("the API beside its document", () => {
  const api = (path: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${PUBLIC_API_BASE}${path}`, init);
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  it("says where the key stands with its limit on every answer", async () => {
    const response = await api("/products", { headers: bearer(world.keys.read) });
    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-policy")).toMatch(
      new RegExp(`^"${REQUESTS_PER_MINUTE}-in-1min"; q=${REQUESTS_PER_MINUTE}; w=60`),
    );
    expect(response.headers.get("ratelimit")).toMatch(/r=\d+; t=\d+/);
  });

  it("counts each key on its own", async () => {
    const { id, key } = await world.freshKey("read");
    await exhaustRateLimit(world.db, id, REQUESTS_PER_MINUTE);
    expect((await api("/products", { headers: bearer(key) })).status).toBe(429);
    expect((await api("/products", { headers: bearer(world.keys.read) })).status).toBe(200);
  });

  it("refuses a key from the moment it is revoked", async () => {
    const { id, key } = await world.freshKey("read");
    expect((await api("/balance", { headers: bearer(key) })).status).toBe(200);
    const [row] = await database.db
      .execute<{ creator_id: number }>(sql`SELECT creator_id FROM api_keys WHERE id = ${id}`)
      .then((result) => result.rows);
    await revokeApiKey(database.db, row!.creator_id, id);
    const refused = await api("/balance", { headers: bearer(key) });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    expect(await refused.json()).toMatchObject({
      status: 401,
      code: "unauthorized",
      detail: "This API key is not valid or was revoked.",
      requestId: refused.headers.get("x-request-id"),
      error: { code: "unauthorized", message: "This API key is not valid or was revoked." },
    });
  });

  it("takes writes from any origin with a key (no cookie is read, so there is nothing to forge) and none with a cookie alone", async () => {
    const fromElsewhere = await api("/products", {
      method: "POST",
      headers: { ...bearer(world.keys.write), origin: "https://elsewhere.example", "content-type": "application/json" },
      body: JSON.stringify({
        title: "Made From A Script",
        description: "A product made by the seller's own tool, with the API.",
        category: world.categorySlug,
        format: "PDF",
        priceCents: 500,
      }),
    });
    expect(fromElsewhere.status).toBe(201);
    const cookieOnly = await api("/products", { headers: { cookie: "better-auth.session_token=anything" } });
    expect(cookieOnly.status).toBe(401);
  });

  it("answers an address it does not have with 404, and a method a path does not take with 405, in JSON", async () => {
    const missing = await api("/nothing-here", { headers: bearer(world.keys.read) });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: "not_found" } });
    const wrongMethod = await api("/balance", { method: "DELETE", headers: bearer(world.keys.write) });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET");
    expect(await wrongMethod.json()).toMatchObject({ error: { code: "method_not_allowed" } });
  });

  it("refuses a body that is not valid JSON with 400, never a fault", async () => {
    const response = await api("/products", {
      method: "POST",
      headers: { ...bearer(world.keys.write), "content-type": "application/json" },
      body: '{"title": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_request", field: "body" } });
  });
});

it("runs the example client of docs/public-api.md against the API", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ["docs/examples/public-api-client.ts"], {
    env: { ...process.env, DGM_API_KEY: world.keys.read, DGM_SHOP_URL: server.baseUrl },
  });
  const own = await database.db.execute(
    sql`SELECT count(*)::int AS n FROM products WHERE creator_id = ${world.creatorId} AND status <> 'deleted'`,
  );
  expect(stdout).toMatch(new RegExp(`^${(own.rows[0] as { n: number }).n} products\n`));
  expect(stdout).toMatch(/sales in the last 30 days; you earned \$[\d,.]+/);
});
