import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { exchangeRates, user } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { clearRateByHand, exchangeRatesScreen, setRateByHand, updateRatesNow } from "./rates-screen.ts";

// What the admin's Exchange rates page shows and does, at set times: the stand-in's sample file is
// dated the latest weekday of the time it is read at.

const database = setUpTestDatabase();
const SOLD = ["USD", "EUR", "GBP", "JPY"];
const FRIDAY = new Date("2026-11-27T16:00:00Z");
const OWNER = "owner-of-the-rates";
const lines: string[] = [];
const log = (level: string, message: string) => lines.push(`${level}: ${message}`);
const sample = { kind: "sample" } as const;

beforeAll(async () => {
  await database.db.insert(user).values({ id: OWNER, name: "Olive Owner", email: "olive@example.com" });
});
beforeEach(async () => {
  await database.db.delete(exchangeRates);
  lines.length = 0;
});

describe("the exchange rates screen", () => {
  it("says why a currency is not offered: no feed yet, then a feed too old", async () => {
    const empty = await exchangeRatesScreen(database.db, { sold: SOLD, now: FRIDAY });
    expect(empty.feed).toBeNull();
    expect(empty.currencies.map((row) => row.code)).toEqual(SOLD);
    expect(empty.currencies[0]).toMatchObject({ code: "USD", inForce: { rate: "1", source: "same" } });
    expect(empty.currencies[1]!.notOffered).toBe(
      "Not offered to buyers: the feed has given no rates yet, and no rate is set by hand.",
    );

    expect(await updateRatesNow(database.db, { feed: sample, sold: SOLD, log, now: FRIDAY })).toBe(
      "Updated: the ECB's rates of Nov 27, 2026 are in force, 30 rates read from the shop's sample file.",
    );
    const weekLater = new Date("2026-12-05T09:00:00Z");
    const stale = await exchangeRatesScreen(database.db, { sold: SOLD, now: weekLater });
    expect(stale.feed).toEqual({ day: "2026-11-27", from: "sample", current: false });
    expect(stale.currencies[2]).toMatchObject({
      code: "GBP",
      inForce: null,
      notOffered:
        "Not offered to buyers: the feed's latest rates, of Nov 27, 2026, are more than 7 days old, and no rate is set by hand.",
      // Still shown, for the owner to compare with.
      feed: { rate: "0.7906398879", day: "2026-11-27" },
      example: null,
    });
  });

  it("shows the owner's rate with who set it and when, the feed's beside it", async () => {
    await updateRatesNow(database.db, { feed: sample, sold: SOLD, log, now: FRIDAY });
    await setRateByHand(database.db, { currency: "GBP", rate: "0.8", sold: SOLD, setBy: OWNER, now: FRIDAY });
    const screen = await exchangeRatesScreen(database.db, { sold: SOLD, now: FRIDAY });
    expect(screen.currencies[2]).toEqual({
      code: "GBP",
      name: "Pound sterling",
      inForce: { rate: "0.8", source: "manual", day: "2026-11-27" },
      notOffered: null,
      manual: { rate: "0.8", setBy: "Olive Owner", setAt: FRIDAY.toISOString() },
      feed: { rate: "0.7906398879", day: "2026-11-27" },
      example: { priceMinor: 2399, exactMinor: 2399 },
    });
    expect(await clearRateByHand(database.db, { currency: "GBP", sold: SOLD, clearedBy: OWNER, now: FRIDAY })).toEqual({
      cleared: true,
      after: { base: "USD", quote: "GBP", rate: "0.7906398879", source: "ecb", day: "2026-11-27" },
    });
  });

  it("refuses a rate for a currency the shop does not sell in (400), storing nothing", async () => {
    const refused = await setRateByHand(database.db, {
      currency: "CAD",
      rate: "1.4",
      sold: SOLD,
      setBy: OWNER,
      now: FRIDAY,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect(refused).toMatchObject({
      status: 400,
      field: "currency",
      message: "The shop does not sell in CAD. Choose one of USD, EUR, GBP, JPY.",
    });
    expect(await database.db.select().from(exchangeRates)).toEqual([]);
  });

  it("reads the feed now as the job does, logging the same lines, and says when nothing was new", async () => {
    await updateRatesNow(database.db, { feed: sample, sold: SOLD, log, now: FRIDAY });
    expect(await updateRatesNow(database.db, { feed: sample, sold: SOLD, log, now: FRIDAY })).toBe(
      "Nothing new: the ECB's rates of Nov 27, 2026 from the shop's sample file were held already.",
    );
    expect(lines).toEqual([
      "info: Exchange rates: stored 30 rates of 2026-11-27 from sample",
      "info: Exchange rates: those of 2026-11-27 from sample are held already",
    ]);
    // A file older than the rates held is refused in words, those held kept.
    const refused = await updateRatesNow(database.db, {
      feed: sample,
      sold: SOLD,
      log,
      now: new Date("2026-11-20T16:00:00Z"),
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 502,
      message:
        "The feed's file was refused: the shop's sample file is for 2026-11-20, before the rates held (2026-11-27). The rates of Nov 27, 2026 are kept.",
    });
  });
});
