import { Readable } from "node:stream";
import express from "express";
import { describe, expect, it } from "vitest";
import { serveForTests } from "../../tests/support/test-server.ts";
import { BodyTooLargeError, bodyLimitFor, boundedBody, refuseOversizedBodies } from "./body-limit.ts";

const LIMIT = 1024;
let handled = 0;
const server = serveForTests(() =>
  express()
    .use(refuseOversizedBodies(LIMIT, /^\/whole\//))
    .all("/{*path}", async (req, res) => {
      handled++;
      try {
        const text = await new Response(boundedBody(req, bodyLimitFor(req.path, LIMIT))).text();
        res.json({ ok: true, length: text.length });
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) throw error;
        res.status(413).json({ ok: false, message: error.message });
      }
    }),
);

const post = (path: string, body: BodyInit, headers: HeadersInit = {}) =>
  fetch(`${server.baseUrl}${path}`, { method: "POST", body, headers, duplex: "half" } as RequestInit);

function chunked(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(256).fill(97);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("request bodies", () => {
  it("up to the bound are read whole", async () => {
    const response = await post("/api/v1/cart", "a".repeat(LIMIT));
    expect(await response.json()).toEqual({ ok: true, length: LIMIT });
  });

  it("declared larger than the bound are refused with 413 before the route reads a byte", async () => {
    const before = handled;
    const response = await post("/api/v1/cart", "a".repeat(LIMIT + 1), { accept: "application/json" });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      ok: false,
      message: "This request is too large: the shop accepts at most 1 KB here.",
    });
    expect(handled).toBe(before);
  });

  it("sent without a length are counted as they stream and refused once past the bound, the answer still arriving", async () => {
    const response = await post("/api/v1/cart", chunked(5 * 1024 * 1024));
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/at most 1 KB/);
  });

  it("without a length are refused (411) where a handler reads them whole", async () => {
    const response = await post("/whole/thing", chunked(10));
    expect(response.status).toBe(411);
  });

  it("of upload forms may carry their file", () => {
    expect(bodyLimitFor("/seller/products/12", LIMIT)).toBeGreaterThan(100 * 1024 * 1024);
    expect(bodyLimitFor("/seller/products/12.data", LIMIT)).toBeGreaterThan(100 * 1024 * 1024);
    expect(bodyLimitFor("/account/profile", LIMIT)).toBeGreaterThan(5 * 1024 * 1024);
    expect(bodyLimitFor("/api/v1/cart", LIMIT)).toBe(LIMIT);
    expect(bodyLimitFor("/seller/products/12/other", LIMIT)).toBe(LIMIT);
  });

  it("are passed through as they come, in order", async () => {
    const text = await new Response(boundedBody(Readable.from([Buffer.from("ab"), Buffer.from("cd")]), 10)).text();
    expect(text).toBe("abcd");
  });
});
