import type { AddressInfo } from "node:net";
import type express from "express";
import { afterAll, beforeAll } from "vitest";

/**
 * Serves the Express app that `build` returns on a free loopback port for this test file.
 * `server.baseUrl` is set in beforeAll; the server closes after the file's tests.
 */
export function serveForTests(build: () => express.Express | Promise<express.Express>) {
  const server = { baseUrl: "" };
  let close = () => {};
  beforeAll(async () => {
    const listening = (await build()).listen(0, "127.0.0.1");
    await new Promise((resolve) => listening.once("listening", resolve));
    server.baseUrl = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    close = () => listening.close();
  });
  afterAll(() => close());
  return server;
}
