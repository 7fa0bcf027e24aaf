import { describe, expect, it } from "vitest";
import { publicPageHeaders } from "./public-page.ts";

type HeadersArgs = Parameters<typeof publicPageHeaders>[0];
const headersOf = (args: Partial<HeadersArgs>) =>
  new Headers(
    publicPageHeaders({ loaderHeaders: new Headers(), parentHeaders: new Headers(), ...args } as HeadersArgs),
  );

describe("a public page's headers", () => {
  it("let a CDN keep the page a minute", () => {
    expect(headersOf({}).get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
  });

  // Seen in the database-outage e2e: a search refused while the database was away lost its Retry-After.
  it("of a page its loader refused keep the refusal's, Retry-After of a 503 included, and are kept by nobody", () => {
    const headers = headersOf({ errorHeaders: new Headers({ "Retry-After": "5" }) });
    expect(headers.get("Retry-After")).toBe("5");
    expect(headers.get("Cache-Control")).toBeNull();
  });
});
