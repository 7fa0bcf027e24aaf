import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { parseSetCookie } from "set-cookie-parser";
import { VISITOR_HINT_COOKIE } from "../../shared/visitor-hint.ts";

// A signed-in hint outlives a session by a little at most: every page view's shopper answer
// (app/lib/shop-frame.server.ts) sets or clears it again, and it is never more than a hint.
const HINT_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** The Set-Cookie value that says signed in (or takes the hint away). */
export function visitorHintCookie({ signedIn, secure }: { signedIn: boolean; secure: boolean }): string {
  const attributes = ["Path=/", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  return signedIn
    ? [`${VISITOR_HINT_COOKIE}=1`, `Max-Age=${HINT_MAX_AGE_SECONDS}`, ...attributes].join("; ")
    : [`${VISITOR_HINT_COOKIE}=`, "Max-Age=0", ...attributes].join("; ");
}

/** Whether a request's Cookie header carries the signed-in hint. */
export function carriesVisitorHint(cookieHeader: string | null | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((cookie) => cookie.trim() === `${VISITOR_HINT_COOKIE}=1`);
}

/**
 * What a response's cookies do to the session: better-auth's session cookie set (signed in),
 * emptied or expired (signed out), or left alone (undefined).
 */
function sessionChange(setCookies: readonly string[]): { signedIn: boolean; secure: boolean } | undefined {
  const session = parseSetCookie(setCookies).find((cookie) => cookie.name.endsWith("session_token"));
  if (!session) return undefined;
  const expired =
    (session.maxAge !== undefined && session.maxAge <= 0) ||
    (session.expires !== undefined && session.expires.getTime() <= Date.now());
  return { signedIn: session.value !== "" && !expired, secure: session.secure === true };
}

/**
 * Every response that signs someone in or out (a password, Google's redirect back, a new account,
 * Logout) also sets or clears the hint, whichever of the shop's routes or better-auth's wrote it.
 */
export const keepVisitorHint: RequestHandler = (_req, res, next) => {
  onHeaders(res, function setHint() {
    const written = res.getHeader("set-cookie");
    const cookies = written === undefined ? [] : Array.isArray(written) ? written : [String(written)];
    const change = sessionChange(cookies);
    if (change) res.setHeader("set-cookie", [...cookies, visitorHintCookie(change)]);
  });
  next();
};
