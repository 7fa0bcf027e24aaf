import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { bodyLimitFor, boundedBody, discardBody } from "./body-limit.ts";
import { formOnlyAddresses, PAGE_ALLOW, PAGE_METHODS } from "./methods.ts";
import { cachedPageOf, type PageCache, sendCachedPage } from "./page-cache.ts";
import { requestUrl } from "./request-url.ts";

interface Options {
  build: ServerBuild;
  mode: "development" | "production";
  getLoadContext: (req: ExpressRequest, res: Parameters<RequestHandler>[1]) => RouterContextProvider;
  /** The largest body read for a route without an upload (see body-limit.ts). */
  bodyLimit: number;
  /** Where pages the same for every visitor are kept (none in development). */
  pageCache?: PageCache;
}

/**
 * React Router behind Express, as @react-router/express does it, but with every request body
 * bounded while it streams in: past its route's bound, reading the body fails with a
 * BodyTooLargeError (app/lib/form.server.ts answers 413) and the rest is discarded, so an endless
 * upload is never buffered. See docs/decisions/018-bounded-bodies-and-one-refusal-path.md.
 */
export function reactRouterHandler({ build, mode, getLoadContext, bodyLimit, pageCache }: Options): RequestHandler {
  const handle = createRequestHandler(build, mode);
  const takesOnlyForms = formOnlyAddresses(build);
  return async (req, res, next) => {
    try {
      // Any other method Node accepts (TRACE, PROPFIND, OPTIONS...) is a client's mistake: a fetch
      // Request cannot even carry TRACE or TRACK (it threw: a 500), and React Router has nothing for the rest.
      if (!PAGE_METHODS.has(req.method)) {
        discardBody(req);
        res
          .status(405)
          .set("Allow", PAGE_ALLOW)
          .type("text/plain")
          .send(`This address does not take ${req.method} requests.`);
        return;
      }
      // Before the body is touched: Node discards a body nobody started reading.
      const url = requestUrl(req);
      if (!url) {
        res.status(400).type("text/plain").send("The Host header of this request is not valid.");
        return;
      }
      const reading = req.method === "GET" || req.method === "HEAD";
      if (reading && takesOnlyForms(req.path)) {
        res
          .status(405)
          .set("Allow", "POST")
          .type("text/plain")
          .send(`This address does not take ${req.method} requests: it takes a form sent with POST.`);
        return;
      }
      // What the page cache holds was sent before this (servePageFromCache).
      const mark = pageCache?.mark();
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const init: RequestInit & { duplex?: "half" } = {
        method: req.method,
        headers: headersOf(req),
        signal: controller.signal,
      };
      if (req.method !== "GET" && req.method !== "HEAD") {
        init.body = boundedBody(req, bodyLimitFor(req.path, bodyLimit));
        init.duplex = "half";
      }
      const response = await handle(new Request(url, init), getLoadContext(req, res));
      // A body the route did not read to its end (a visitor sent away before reading it) is read
      // and thrown away, or the connection could not carry the next request.
      if (init.body) discardBody(req);
      if (req.method === "GET" && isPublic(response)) {
        // The same for everyone: sent whole, with an ETag, and kept for the next visitor.
        const body = Buffer.from(await response.arrayBuffer());
        const headers = [...Object.entries(res.getHeaders()), ...response.headers.entries()].map(
          ([name, value]): [string, string] => [name, Array.isArray(value) ? value.join(", ") : String(value)],
        );
        const page = cachedPageOf({
          status: response.status,
          headers,
          rendered: body,
          nonce: res.locals.cspNonce as string,
        });
        if (pageCache && mark !== undefined) pageCache.set(url, page, mark);
        sendCachedPage(req, res, page);
        return;
      }
      // A page for everyone that cannot be rendered now (its database away, a fault): its last
      // copy, however old, rather than an error page (stale-if-error).
      const lastGood = reading && response.status >= 500 ? pageCache?.lastGoodCopy(url) : undefined;
      if (lastGood) {
        await response.body?.cancel();
        sendCachedPage(req, res, lastGood);
        return;
      }
      if (reading && !response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-cache");
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** A page for everyone: a 200 that says `public` and sets no cookie. */
function isPublic(response: Response): boolean {
  return (
    response.status === 200 &&
    /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "") &&
    !response.headers.has("Set-Cookie")
  );
}

const ADDING_UP = new Set(["set-cookie", "vary", "link"]);

async function send(res: Parameters<RequestHandler>[1], response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The route's word replaces what the middleware said (helmet's nosniff said again by a download
  // was sent as "nosniff, nosniff"); cookies, Vary and Link add up.
  for (const [name, value] of response.headers.entries()) {
    if (ADDING_UP.has(name)) res.append(name, value);
    else res.setHeader(name, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}
