import crypto from "node:crypto";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import { VISITOR_HINT_SCRIPT } from "../../shared/visitor-hint.ts";

// The one inline script a page carries of its own, in its head (shared/visitor-hint.ts).
const VISITOR_HINT_SCRIPT_HASH = `'sha256-${crypto.createHash("sha256").update(VISITOR_HINT_SCRIPT).digest("base64")}'`;

// A fresh nonce per response lets React Router's inline hydration scripts run while
// every other inline script is refused.
export const assignNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
};

export function securityHeaders({ development }: { development: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      // Vite's dev server injects its own inline scripts; production is enforced.
      reportOnly: development,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", VISITOR_HINT_SCRIPT_HASH, (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: development ? ["'self'", "ws:"] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // With "no-referrer" Chromium sends `Origin: null` on form posts, which React Router's
    // cross-site request check rightly refuses.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
