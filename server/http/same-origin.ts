import type { RequestHandler } from "express";

export const CROSS_SITE_REFUSED = "This request came from another site and was not carried out.";

/**
 * Refuses a request that would change something (anything but GET, HEAD and OPTIONS) when a
 * browser says it comes from another site: its Origin is neither the shop's public address nor
 * the address it was sent to, or, without an Origin, Sec-Fetch-Site says cross-site. Session
 * cookies are SameSite=Lax, but the guest cart's cookie could still be replaced from another site
 * without this. Clients that are not browsers send neither header and are not concerned.
 */
export function sameOriginWrites(publicUrl: string): RequestHandler {
  const shopOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const crossSite = origin
      ? origin !== shopOrigin && origin !== ownOrigin
      : req.get("sec-fetch-site") === "cross-site";
    if (crossSite) {
      res.status(403).type("text/plain").send(CROSS_SITE_REFUSED);
      return;
    }
    next();
  };
}
