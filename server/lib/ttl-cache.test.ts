import { afterEach, describe, expect, it, vi } from "vitest";
import { ttlCache } from "./ttl-cache.ts";

afterEach(() => vi.useRealTimers());

describe("ttlCache", () => {
  it("computes once per period, then again after it", async () => {
    vi.useFakeTimers();
    let calls = 0;
    const get = ttlCache(1000, async () => ++calls);
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    vi.advanceTimersByTime(1001);
    expect(await get()).toBe(2);
  });

  it("does not keep a failure", async () => {
    let fail = true;
    const get = ttlCache(60_000, async () => {
      if (fail) throw new Error("database down");
      return 42;
    });
    await expect(get()).rejects.toThrow("database down");
    fail = false;
    expect(await get()).toBe(42);
  });
});
