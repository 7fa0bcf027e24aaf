import type { RequestHandler } from "express";
import type { ShopMetrics } from "./metrics.ts";
import { type RouteEntry, routeLabeller } from "./route-label.ts";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Times every request from here to its last byte (or to the client going away: status class
 * `aborted`), labelled by route pattern, method and status class: values that stay few whatever
 * addresses and methods visitors send.
 */
export function observeRequests(metrics: ShopMetrics, routes: Record<string, RouteEntry | undefined>): RequestHandler {
  const routeOf = routeLabeller(routes);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.requestDuration.observe(
        {
          route: routeOf(req, res),
          method: METHODS.has(req.method) ? req.method : "other",
          status_class: res.writableFinished ? `${Math.floor(res.statusCode / 100)}xx` : "aborted",
        },
        seconds,
      );
    });
    next();
  };
}
