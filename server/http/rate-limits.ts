import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import type { Database } from "../db/client.ts";
import { PostgresRateLimitStore } from "./rate-limit-store.ts";

const TOO_MANY = "Too many requests. Please wait a few minutes and try again.";

/**
 * Limits on what changes data (form posts, later the API), per client address:
 * every submission 60 a minute, the contact form 10 in 10 minutes. Pages and signed payment
 * webhooks are not limited.
 */
export function rateLimits(db: Database): RequestHandler[] {
  const common = {
    standardHeaders: "draft-8",
    legacyHeaders: false,
    message: TOO_MANY,
    skip: (req: { method: string }) => req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS",
  } as const;
  return [
    rateLimit({
      ...common,
      windowMs: 60_000,
      limit: 60,
      store: new PostgresRateLimitStore(db, "submit"),
      // Payment webhooks come from the provider's few addresses, are signed, and must never be turned away.
      // So do mail providers' one-click unsubscribes (RFC 8058), posted from their few servers for
      // many readers at once; each is to a signed link that changes only its own address's emails.
      skip: (req) =>
        common.skip(req) || req.path.startsWith("/api/v1/payments/webhook/") || req.path === "/email-preferences",
    }),
    rateLimit({
      ...common,
      windowMs: 10 * 60_000,
      limit: 10,
      store: new PostgresRateLimitStore(db, "contact"),
      skip: (req) => common.skip(req) || !/^\/contact(\.data)?$/.test(req.path),
    }),
    // Reports of listings, as many as contact messages: each one is read by an admin.
    rateLimit({
      ...common,
      windowMs: 10 * 60_000,
      limit: 10,
      store: new PostgresRateLimitStore(db, "report"),
      skip: (req) => common.skip(req) || !/^\/product\/[^/]+\/report(\.data)?$/.test(req.path),
    }),
  ];
}
