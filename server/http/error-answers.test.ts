import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Refusal } from "../lib/refusal.ts";
import { answerApiErrors, asRefusal, PROBLEM_CODES, problemDocument, problemSchema } from "./error-answers.ts";
import { requestLog } from "./request-log.ts";

// The JSON APIs' one error handler, on a real Express server: every error becomes an RFC 9457
// problem document with the request's id, a fault is logged once with that id, the database away
// is a 503 with Retry-After.

const logged: { level: number; msg: string; requestId?: string; req?: { id?: string } }[] = [];
const logger = pino({ level: "info" }, { write: (line: string) => void logged.push(JSON.parse(line)) });
let baseUrl: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(requestLog(logger));
  const api = express.Router();
  api.get("/fault", () => {
    throw new Error("a bug");
  });
  api.get("/database-away", () => {
    throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  });
  api.get("/refused", () => {
    throw new Refusal("No product has this id.", "not-found");
  });
  api.post("/json", express.json({ limit: 16 }), (_req, res) => void res.json({ ok: true }));
  api.use(answerApiErrors(logger));
  app.use("/api", api);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  close = () => server.close();
});
afterAll(() => close());

async function problemAt(path: string, init?: RequestInit) {
  const response = await fetch(`${baseUrl}${path}`, init);
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  expect(problemSchema.safeParse(body).success).toBe(true);
  expect(body.requestId).toBe(response.headers.get("x-request-id"));
  return { response, body };
}

describe("the APIs' answers to errors", () => {
  it("answers a fault 500 without its message, and logs it once with the request's id", async () => {
    logged.length = 0;
    const { response, body } = await problemAt("/fault");
    expect(response.status).toBe(500);
    expect(body).toMatchObject({ status: 500, code: "internal_error", title: "Internal Server Error" });
    expect(JSON.stringify(body)).not.toContain("a bug");
    const faults = logged.filter((line) => line.msg === "Request failed");
    expect(faults).toEqual([expect.objectContaining({ level: 50, requestId: body.requestId })]);
  });

  it("answers the database away 503 with Retry-After, as no fault", async () => {
    logged.length = 0;
    const { response, body } = await problemAt("/database-away");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(body).toMatchObject({ code: "unavailable" });
    expect(logged.filter((line) => line.msg === "Request failed")).toEqual([]);
  });

  it("answers a refusal with its kind's status and its message", async () => {
    const { response, body } = await problemAt("/refused");
    expect(response.status).toBe(404);
    expect(body).toMatchObject({ code: "not_found", detail: "No product has this id." });
  });

  it("answers what the body parser refuses as the client's mistake: not JSON (400, naming the body), too large (413)", async () => {
    const post = (body: string) => ({ method: "POST", headers: { "content-type": "application/json" }, body });
    const notJson = await problemAt("/json", post("{nope"));
    expect(notJson.response.status).toBe(400);
    expect(notJson.body).toMatchObject({
      code: "invalid_request",
      field: "body",
      detail: "The body is not valid JSON.",
    });
    const tooLarge = await problemAt("/json", post(JSON.stringify({ text: "x".repeat(100) })));
    expect(tooLarge.response.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: "payload_too_large" });
  });
});

describe("asRefusal", () => {
  it("finds a refusal that another error wraps as its cause", () => {
    const refusal = new Refusal("Too late.", "gone");
    expect(asRefusal(new Error("form parser", { cause: refusal }))).toBe(refusal);
  });

  it("takes a value PostgreSQL refused as data (SQLSTATE class 22) as invalid, not as a fault", () => {
    expect(asRefusal(Object.assign(new Error("invalid input syntax"), { code: "22P02" }))?.kind).toBe("invalid");
  });

  it("leaves any other error a fault", () => {
    expect(asRefusal(new Error("a bug"))).toBeUndefined();
  });
});

describe("problemDocument", () => {
  it("has a code for every kind of refusal, each its own", () => {
    const codes = Object.values(PROBLEM_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const kind of Object.keys(PROBLEM_CODES) as (keyof typeof PROBLEM_CODES)[]) {
      const document = problemDocument(new Refusal("No.", kind), "id-1");
      expect(problemSchema.safeParse(document).success).toBe(true);
      expect(document.status).toBe(new Refusal("No.", kind).status);
    }
  });
});
