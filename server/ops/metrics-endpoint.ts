import crypto from "node:crypto";
import type { RequestHandler } from "express";
import type { ShopMetrics } from "./metrics.ts";

const digest = (text: string) => crypto.createHash("sha256").update(text).digest();

/**
 * /metrics on the shop's own port, for a scraper that sends `Authorization: Bearer <token>`.
 * Both sides are hashed before the constant-time comparison, so neither the token's bytes nor
 * its length show in the time of a refusal; a refusal says nothing but 401.
 */
export function metricsEndpoint(metrics: ShopMetrics, token: string): RequestHandler {
  const expected = digest(`Bearer ${token}`);
  return async (req, res, next) => {
    res.set("Cache-Control", "no-store");
    if (!crypto.timingSafeEqual(digest(req.get("authorization") ?? ""), expected)) {
      res.status(401).set("WWW-Authenticate", "Bearer").type("text/plain").send("Unauthorized");
      return;
    }
    try {
      const { contentType, body } = await metrics.scrape();
      res.type(contentType).send(body);
    } catch (error) {
      next(error);
    }
  };
}
