import type { RequestHandler } from "express";

export const CROSS_SITE_REFUSED = "This request came from another site and was not carried out.";

// Payment providers post their signed webhooks from their own servers: no browser, no Origin.
// So do mail providers a one-click unsubscribe (RFC 8058), to the signed link of the email.
const SERVER_TO_SERVER = /^\/api\/v1\/payments\/webhook\/|^\/email-preferences$/;

/**
 * Carries out a request that would change something (anything but GET, HEAD and OPTIONS) only
 * when it says it comes from the shop's own pages: its Origin is the shop's public address or
 * the address it was sent to. Browsers send Origin with every such request; a request without
 * one (or with `Origin: null`, or only a Sec-Fetch-Site that says same-site) is refused, so no
 * other site, sibling subdomain or stripped-header trick can post in a visitor's name.
 * Signed provider webhooks and signed unsubscribe links are the exceptions: what they change is
 * decided by their signature, which no other site has.
 */
export function sameOriginWrites(publicUrl: string): RequestHandler {
  const shopOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (SERVER_TO_SERVER.test(req.path)) return next();
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    if (origin !== shopOrigin && origin !== ownOrigin) {
      res.status(403).type("text/plain").send(CROSS_SITE_REFUSED);
      return;
    }
    next();
  };
}
