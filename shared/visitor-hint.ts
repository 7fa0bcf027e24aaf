/**
 * Whether this browser was signed in when the shop last answered it: a cookie the page can read
 * (the session cookie cannot), so that the header shows Login or the account's place with the
 * page's first paint, before any script has loaded (decision 044). Only a hint: the visitor's own
 * parts (app/lib/shopper.ts) say who is visiting and replace what it showed.
 */
export const VISITOR_HINT_COOKIE = "shop_signed_in";

/**
 * Run in the page's head before the header is drawn: `<html data-visitor="member">` when the hint
 * says signed in, "guest" otherwise (app.css shows the matching part of the account area). Its
 * text is allowed by its hash in the Content-Security-Policy (server/http/security-headers.ts).
 */
export const VISITOR_HINT_SCRIPT = `document.documentElement.dataset.visitor=/(?:^|;\\s*)${VISITOR_HINT_COOKIE}=1(?:;|$)/.test(document.cookie)?"member":"guest"`;
