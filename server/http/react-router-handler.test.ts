import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import express from "express";
import { pino } from "pino";
import { isRouteErrorResponse, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oneRouteBuild } from "../../tests/support/one-route-build.ts";
import { answerConnectRequests } from "./connect-method.ts";
import { type RequestServices, servicesContext } from "./context.ts";
import { PAGE_METHODS } from "./methods.ts";
import { reactRouterHandler } from "./react-router-handler.ts";

// Every method Node's parser lets through, sent to the shop's React Router handler with a same-site
// Origin: a method the shop does not take is the client's mistake (405, saying what is allowed),
// never a fault (TRACE made `new Request` throw: a 500). What reaches React Router's handleError
// is only its own 405 (app/lib/log-fault.server.ts writes that at info).

const logged: { level: number; msg: string }[] = [];
const logger = pino(
  { level: "debug" },
  { write: (line: string) => void logged.push(JSON.parse(line) as { level: number; msg: string }) },
);

/** A request's context without services: these routes use none. */
function noServices() {
  const context = new RouterContextProvider();
  context.set(servicesContext, {} as RequestServices);
  return context;
}

/** What the build's handleError was given. */
const handled: unknown[] = [];

/** One page without a form (no action). */
const build = oneRouteBuild(
  () => new Response("the page"),
  (error) => void handled.push(error),
);

const server = http.createServer(
  express().use(
    reactRouterHandler({
      build,
      mode: "production",
      bodyLimit: 1024,
      getLoadContext: noServices,
    }),
  ),
);
answerConnectRequests(server, logger);
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One request by Node's own client (fetch refuses TRACE and CONNECT): its status, Allow and body. */
function send(method: string, path = "/"): Promise<{ status: number; allow?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      agent: false,
      method,
      path: method === "CONNECT" ? `127.0.0.1:${port}` : path,
      headers: { origin: `http://127.0.0.1:${port}`, "content-type": "text/plain" },
    });
    const answered = (response: http.IncomingMessage, socket?: Duplex, head?: Buffer) => {
      const chunks: Buffer[] = head ? [head] : [];
      const body = socket ?? response;
      body.on("data", (chunk: Buffer) => chunks.push(chunk));
      body.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          allow: response.headers.allow,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    };
    request.on("response", (response) => answered(response));
    // A CONNECT's answer comes as a tunnel's opening, whatever its status.
    request.on("connect", (response, socket, head) => answered(response, socket, head));
    request.on("error", reject);
    request.end(method === "GET" || method === "HEAD" || method === "CONNECT" ? undefined : "x=1");
  });
}

describe("every method Node can receive", () => {
  it.each(http.METHODS)("%s is answered without a fault", async (method) => {
    const answer = await send(method);
    expect(answer.status).toBeLessThan(500);
    if (method === "GET") expect(answer).toMatchObject({ status: 200, body: "the page" });
    else if (method === "HEAD") expect(answer.status).toBe(200);
    else if (PAGE_METHODS.has(method)) expect(answer.status).toBeGreaterThanOrEqual(400);
    else expect(answer).toMatchObject({ status: 405, allow: "GET, HEAD, POST" });
  });

  it.each(["TRACE", "CONNECT", "PROPFIND", "OPTIONS", "M-SEARCH"])(
    "%s, which no page takes, is 405 with what is allowed",
    async (method) => {
      const answer = await send(method);
      expect(answer).toMatchObject({ status: 405, allow: "GET, HEAD, POST" });
      expect(answer.body).toMatch(/does not take .*requests/);
    },
  );

  it("hands React Router's error handler only its own refusals (a form sent to a page without one), no fault", async () => {
    handled.length = 0;
    logged.length = 0;
    for (const method of http.METHODS) await send(method);
    expect(handled.length).toBeGreaterThan(0);
    expect(handled.filter((error) => !(isRouteErrorResponse(error) && error.status < 500))).toEqual([]);
    // CONNECT's refusal is logged, at info.
    expect(logged).toContainEqual(expect.objectContaining({ level: 30, msg: "CONNECT refused" }));
  });
});

describe("an address that only takes a form (an action, no loader, no page)", () => {
  const formOnly = oneRouteBuild(() => new Response("the page"));
  formOnly.routes["review-reply"] = {
    id: "review-reply",
    parentId: "root",
    path: "reviews/:id/reply",
    module: { action: () => new Response("replied") },
  } as unknown as (typeof formOnly.routes)[string];
  formOnly.routes.root = { ...formOnly.routes.root!, path: "" };
  formOnly.routes.anywhere = {
    id: "anywhere",
    parentId: "root",
    path: "*",
    module: { loader: () => new Response("the page") },
  } as unknown as (typeof formOnly.routes)[string];
  const handler = reactRouterHandler({
    build: formOnly,
    mode: "production",
    bodyLimit: 1024,
    getLoadContext: noServices,
  });
  const formServer = http.createServer(express().use(handler));
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => formServer.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(formServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => formServer.close(() => resolve())));

  it("answers a GET or HEAD 405, saying it takes POST, where React Router said only 'Unexpected Server Error'", async () => {
    const get = await fetch(`${base}/reviews/7/reply`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(await get.text()).toBe("This address does not take GET requests: it takes a form sent with POST.");
    expect((await fetch(`${base}/reviews/7/reply`, { method: "HEAD" })).status).toBe(405);
  });

  it("still takes the form, and answers the pages beside it", async () => {
    const post = await fetch(`${base}/reviews/7/reply`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: "x=1",
    });
    expect(await post.text()).toBe("replied");
    expect(await (await fetch(`${base}/reviews/7`)).text()).toBe("the page");
  });
});

describe("a route's headers beside the middleware's", () => {
  const route = oneRouteBuild(() => {
    const headers = new Headers({ "X-Content-Type-Options": "nosniff", Vary: "Cookie" });
    headers.append("Set-Cookie", "a=1");
    headers.append("Set-Cookie", "b=2");
    return new Response("a download", { headers });
  });
  const headerServer = http.createServer(
    express()
      .use((_req, res, next) => {
        // As helmet and the compression middleware do before a route answers.
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Vary", "Accept-Encoding");
        res.setHeader("Set-Cookie", "session=x");
        next();
      })
      .use(
        reactRouterHandler({
          build: route,
          mode: "production",
          bodyLimit: 1024,
          getLoadContext: noServices,
        }),
      ),
  );
  beforeAll(() => new Promise<void>((resolve) => headerServer.listen(0, "127.0.0.1", resolve)));
  afterAll(() => new Promise<void>((resolve) => headerServer.close(() => resolve())));

  it("replace them once each, where cookies, Vary and Link add up", async () => {
    const response = await fetch(`http://127.0.0.1:${(headerServer.address() as AddressInfo).port}/`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    expect(response.headers.getSetCookie()).toEqual(["session=x", "a=1", "b=2"]);
  });
});
