import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLoopbackUrl, oneLoopbackAddress } from "./loopback-address.ts";

// A shop tried out on this machine answers under PUBLIC_URL's name only: browsed at 127.0.0.1, the
// payment page opened on localhost (PUBLIC_URL's default), another site for the shopper's cookies.

let publicUrl = "";
const server = http.createServer((req, res) =>
  express()
    .use(oneLoopbackAddress(publicUrl))
    .all("/{*path}", (_req, answer) => void answer.send("page"))(req, res),
);
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A request with this Host header: its status and Location. */
function ask(host: string, path: string, method = "GET"): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method, headers: { host }, agent: false });
    request.on("response", (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    request.on("error", reject);
    request.end();
  });
}

describe("a shop whose PUBLIC_URL is this machine (the default, http://localhost:PORT)", () => {
  beforeAll(() => {
    publicUrl = `http://localhost:${port}`;
  });

  it("sends a page asked for under another name of this machine to the same page at PUBLIC_URL", async () => {
    expect(await ask(`127.0.0.1:${port}`, "/pay/hps_1?from=cart")).toEqual({
      status: 302,
      location: `http://localhost:${port}/pay/hps_1?from=cart`,
    });
    expect(await ask(`[::1]:${port}`, "/")).toEqual({ status: 302, location: `http://localhost:${port}/` });
    expect(await ask(`127.0.0.1:${port}`, "/product/1", "HEAD")).toMatchObject({ status: 302 });
  });

  it("answers at PUBLIC_URL's own name, and leaves any other host, port, form or machine path alone", async () => {
    expect(await ask(`localhost:${port}`, "/pay/hps_1")).toEqual({ status: 200 });
    // A Host header that is not this machine's never becomes an address the shop sends anyone to.
    expect(await ask(`evil.example:${port}`, "/")).toEqual({ status: 200 });
    expect(await ask(`127.0.0.1:${port + 1}`, "/")).toEqual({ status: 200 });
    expect(await ask(`127.0.0.1:${port}`, "/cart", "POST")).toEqual({ status: 200 });
    expect(await ask(`127.0.0.1:${port}`, "/healthz")).toEqual({ status: 200 });
    expect(await ask(`127.0.0.1:${port}`, "/api/v1/cart")).toEqual({ status: 200 });
  });
});

describe("a shop with a public PUBLIC_URL", () => {
  beforeAll(() => {
    publicUrl = "https://shop.example";
  });

  it("sends nobody anywhere by their Host header", async () => {
    expect(await ask(`127.0.0.1:${port}`, "/pay/hps_1")).toEqual({ status: 200 });
    expect(await ask("localhost", "/")).toEqual({ status: 200 });
  });
});

describe("isLoopbackUrl", () => {
  it("knows this machine's names", () => {
    expect(["http://localhost:3000", "http://127.0.0.1:4173", "http://[::1]:3000"].map(isLoopbackUrl)).toEqual([
      true,
      true,
      true,
    ]);
    expect(["https://shop.example", "http://192.168.1.5:3000"].map(isLoopbackUrl)).toEqual([false, false]);
  });
});
