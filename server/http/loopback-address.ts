import type { RequestHandler } from "express";

// The names of this machine a browser may use for a shop started on it.
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

const MACHINE_PATHS = /^\/(?:healthz|readyz|metrics)$|^\/api\//;

/** Whether `url` (PUBLIC_URL) is an address of this machine: a shop tried out locally. */
export function isLoopbackUrl(url: string): boolean {
  return LOOPBACK_NAMES.has(new URL(url).hostname);
}

/**
 * A shop whose PUBLIC_URL is an address of this machine (http://localhost:3000 by default) has one
 * address: a page asked for under another name of this machine on the same port (127.0.0.1:3000) is
 * sent to the same page at PUBLIC_URL. Links, redirects and cookies are PUBLIC_URL's: browsed at
 * another name, the payment page opened on localhost, another site for the shopper's cookies. The
 * Host header decides nothing else: any other host is left alone (decision 043).
 */
export function oneLoopbackAddress(publicUrl: string): RequestHandler {
  const shop = new URL(publicUrl);
  if (!LOOPBACK_NAMES.has(shop.hostname)) return (_req, _res, next) => next();
  const shopPort = shop.port || (shop.protocol === "https:" ? "443" : "80");
  return (req, res, next) => {
    // Pages only: health checks, metrics and API clients get their answer wherever they ask.
    if ((req.method !== "GET" && req.method !== "HEAD") || MACHINE_PATHS.test(req.path)) return next();
    let asked: URL;
    try {
      asked = new URL(`${shop.protocol}//${req.headers.host ?? ""}`);
    } catch {
      return next();
    }
    const askedPort = asked.port || (asked.protocol === "https:" ? "443" : "80");
    if (!LOOPBACK_NAMES.has(asked.hostname) || asked.hostname === shop.hostname || askedPort !== shopPort) {
      return next();
    }
    res.redirect(302, `${shop.origin}${req.originalUrl}`);
  };
}
