import type { HeadersFunction } from "react-router";

const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/**
 * The `headers` of a page that is the same for every visitor (nothing personal in it: the header's
 * account, cart and hearts come after it, app/lib/shopper.ts). A CDN may keep it a minute and serve
 * it while asking again for ten more; browsers ask each time, and get 304 while it is unchanged.
 * The shop keeps it too, until the catalogue changes (server/http/page-cache.ts).
 */
export const publicPageHeaders: HeadersFunction = ({ errorHeaders }) => {
  // A page refused (the database away: a 503 and when to ask again) says what its refusal says, and
  // is kept by nobody.
  if (errorHeaders) return errorHeaders;
  return new Headers({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
};
