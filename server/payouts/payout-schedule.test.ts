import { describe, expect, it } from "vitest";
import {
  fundsAvailableOn,
  latestPayoutFriday,
  nextPayoutFriday,
  payoutFriday,
  payoutRunTime,
} from "./payout-schedule.ts";

describe("the payout schedule", () => {
  it("finds the latest Friday, today included", () => {
    expect(latestPayoutFriday(new Date("2026-11-22T10:00:00Z"))).toBe("2026-11-20"); // a Sunday
    expect(latestPayoutFriday(new Date("2026-11-27T00:30:00Z"))).toBe("2026-11-27"); // a Friday
    expect(latestPayoutFriday(new Date("2026-11-26T23:59:00Z"))).toBe("2026-11-20"); // a Thursday
    expect(latestPayoutFriday(new Date("2026-11-28T08:00:00Z"))).toBe("2026-11-27"); // a Saturday
  });

  it("runs a missed Friday at the scheduled hour, which the payout run takes for that Friday", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    const time = payoutRunTime(undefined, now);
    expect(time.toISOString()).toBe("2026-11-20T09:00:00.000Z");
    expect(payoutFriday(time)).toBe("2026-11-20");
    expect(payoutRunTime("2026-11-13", now).toISOString()).toBe("2026-11-13T09:00:00.000Z");
    expect(fundsAvailableOn("2026-11-20")).toBe("2026-11-25");
  });

  it("refuses a day that is not a Friday, a day to come, and what is not a date", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    expect(() => payoutRunTime("2026-11-19", now)).toThrow("2026-11-19 is not a Friday: payouts run on Fridays.");
    expect(() => payoutRunTime("2026-11-27", now)).toThrow("2026-11-27 has not come yet.");
    expect(() => payoutRunTime("2026-02-30", now)).toThrow('"2026-02-30" is not a date: write it as YYYY-MM-DD.');
    expect(() => payoutRunTime("next friday", now)).toThrow("is not a date");
  });
});

describe("the next payout's Friday", () => {
  it("is today on a Friday before the run, else the coming Friday", () => {
    expect(nextPayoutFriday(new Date("2026-11-27T08:59:00Z"))).toBe("2026-11-27");
    expect(nextPayoutFriday(new Date("2026-11-27T09:00:00Z"))).toBe("2026-12-04");
    expect(nextPayoutFriday(new Date("2026-11-28T12:00:00Z"))).toBe("2026-12-04");
    expect(nextPayoutFriday(new Date("2026-12-03T23:59:00Z"))).toBe("2026-12-04");
  });
});
