import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { describe, expect, it } from "vitest";
import { serveForTests } from "../../tests/support/test-server.ts";
import { buildAssets } from "./build-assets.ts";

const script = Buffer.from(`export const greeting = ${JSON.stringify("hello ".repeat(200))};\n`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-assets-"));
fs.writeFileSync(path.join(dir, "entry-Abc123.js"), script);
fs.writeFileSync(path.join(dir, "entry-Abc123.js.br"), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(dir, "entry-Abc123.js.gz"), zlib.gzipSync(script));

const server = serveForTests(() => {
  const app = express();
  app.disable("x-powered-by");
  return app.use("/assets", buildAssets(dir)).use((_req, res) => res.status(404).send("the shop's own 404 page"));
});

/** A GET asking for `encoding`, with the raw bytes (fetch would undo the encoding). */
function rawGet(address: string, encoding: string) {
  return new Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    http
      .get(`${server.baseUrl}${address}`, { headers: { "accept-encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: response.headers }),
        );
      })
      .on("error", reject);
  });
}

describe("the build's files", () => {
  it("are sent as the brotli file the build made when the browser takes it, else gzip, else as they are", async () => {
    const br = await rawGet("/assets/entry-Abc123.js", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body)).toEqual(script);
    const gz = await rawGet("/assets/entry-Abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body)).toEqual(script);
    const plain = await rawGet("/assets/entry-Abc123.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toEqual(script);
    for (const { headers } of [br, gz, plain]) {
      expect(headers["content-type"]).toMatch(/^text\/javascript/);
      expect(headers.vary).toBe("Accept-Encoding");
      expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("that do not exist are left to the shop, and an undecodable name is refused with a 400", async () => {
    const missing = await rawGet("/assets/entry-Old999.js", "br");
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toBe("the shop's own 404 page");
    expect((await rawGet("/assets/%E0%A4.js", "br")).status).toBe(400);
    expect((await rawGet("/assets/..%2f..%2fetc%2fpasswd", "br")).status).toBe(404);
  });
});
