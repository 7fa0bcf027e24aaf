import { describe, expect, it } from "vitest";
import { type ValidViesAnswer, viesAnswerCache } from "./vies-answer-cache.ts";

const answer = (vatNumber: string): ValidViesAnswer => ({
  status: "valid",
  countryCode: "DE",
  vatNumber,
  consultationNumber: "WAPI000000000001",
  checkedAt: "2026-11-28T10:00:00.000Z",
});

describe("viesAnswerCache", () => {
  it("keeps a valid answer for a day, then forgets it", () => {
    let now = 1_000_000;
    const cache = viesAnswerCache({ now: () => now });
    expect(cache.get("DE", "100000008")).toBeUndefined();
    cache.keep(answer("100000008"));
    now += 24 * 3600_000 - 1;
    expect(cache.get("DE", "100000008")).toEqual(answer("100000008"));
    now += 2;
    expect(cache.get("DE", "100000008")).toBeUndefined();
  });

  it("keeps each number apart, by member state and number", () => {
    const cache = viesAnswerCache();
    cache.keep(answer("100000008"));
    expect(cache.get("DE", "100000016")).toBeUndefined();
    expect(cache.get("AT", "100000008")).toBeUndefined();
  });

  it("keeps at most `max` numbers, forgetting the least recently asked", () => {
    const cache = viesAnswerCache({ max: 2 });
    cache.keep(answer("100000008"));
    cache.keep(answer("100000016"));
    cache.get("DE", "100000008");
    cache.keep(answer("100000024"));
    expect(cache.get("DE", "100000016")).toBeUndefined();
    expect(cache.get("DE", "100000008")).toBeDefined();
    expect(cache.get("DE", "100000024")).toBeDefined();
  });
});
