import { describe, expect, it } from "vitest";
import { Refusal, refusalKindOf } from "./refusal.ts";

describe("a refusal's kind", () => {
  it("gives its HTTP status from the one table", () => {
    const statuses = (
      [
        "invalid",
        "unauthenticated",
        "forbidden",
        "not-found",
        "conflict",
        "gone",
        "too-large",
        "unsupported-type",
        "rate-limited",
        "upstream-failed",
        "unavailable",
      ] as const
    ).map((kind) => new Refusal("No.", kind).status);
    expect(statuses).toEqual([400, 401, 403, 404, 409, 410, 413, 415, 429, 502, 503]);
  });

  it("is found for a status another library answered with, a 4xx it does not name being invalid", () => {
    expect(refusalKindOf(401)).toBe("unauthenticated");
    expect(refusalKindOf(429)).toBe("rate-limited");
    expect(refusalKindOf(422)).toBe("invalid");
    expect(refusalKindOf(500)).toBe("upstream-failed");
  });
});
