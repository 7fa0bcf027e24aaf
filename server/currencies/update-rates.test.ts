import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type EcbStandIn, startEcbStandIn } from "../../tests/support/ecb-stand-in.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { exchangeRates } from "../db/schema.ts";
import { ratesInForce } from "./rates.ts";
import {
  describeRatesUpdate,
  FeedUnreachable,
  latestFeedDay,
  ratesDueAtStart,
  runRatesJob,
  updateExchangeRates,
} from "./update-rates.ts";

// The daily job that reads the ECB's file (here from its stand-in on a local port) and stores the
// day's rates: a broken or stale file leaves the rates held as they were; a second run changes nothing.

const database = setUpTestDatabase();
const SOLD = ["USD", "EUR", "GBP", "CAD", "AUD", "JPY"];
const THURSDAY = new Date("2026-11-26T16:00:00Z");
const FRIDAY = new Date("2026-11-27T16:00:00Z");
let ecb: EcbStandIn;

beforeAll(async () => {
  ecb = await startEcbStandIn();
});
afterAll(async () => {
  await ecb.close();
});
beforeEach(async () => {
  await database.db.delete(exchangeRates);
});

const update = (now: Date) =>
  updateExchangeRates(database.db, { feed: { kind: "url", url: ecb.url }, sold: SOLD, now });
const usdToEur = async (now: Date) => (await ratesInForce(database.db, { sold: SOLD, now })).get("EUR")?.rate;

describe("the daily exchange rates job", () => {
  it("stores the day's rates from the feed, exactly as published, base EUR, with where they came from", async () => {
    ecb.publish("2026-11-27");
    const stored = await update(FRIDAY);
    expect(stored).toEqual({ outcome: "stored", day: "2026-11-27", count: 30, from: ecb.url });
    const rows = await database.db
      .select()
      .from(exchangeRates)
      .where(eq(exchangeRates.quote, "GBP"))
      .orderBy(asc(exchangeRates.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      base: "EUR",
      quote: "GBP",
      rate: "0.84638",
      source: "ecb",
      day: "2026-11-27",
      fetchedFrom: ecb.url,
      setBy: null,
      clearedAt: null,
    });
    expect(await usdToEur(FRIDAY)).toBe("0.9341429239");
    expect(describeRatesUpdate(stored)).toEqual({
      level: "info",
      message: `Exchange rates: stored 30 rates of 2026-11-27 from ${ecb.url}`,
    });
  });

  it("run twice in a day (or on two servers at once) stores the day once", async () => {
    ecb.publish("2026-11-27");
    const [first, second] = await Promise.all([update(FRIDAY), update(FRIDAY)]);
    expect([first.outcome, second.outcome].sort()).toEqual(["held", "stored"]);
    const third = await update(FRIDAY);
    expect(third).toEqual({ outcome: "held", day: "2026-11-27", from: ecb.url });
    expect(describeRatesUpdate(third).message).toBe(
      `Exchange rates: those of 2026-11-27 from ${ecb.url} are held already`,
    );
    expect(await database.db.$count(exchangeRates)).toBe(30);
  });

  it("refuses a malformed file with a clear line, and keeps the last good rates", async () => {
    ecb.publish("2026-11-26", { USD: "1.0500", GBP: "0.8300", CAD: "1.4700", AUD: "1.6000", JPY: "160.00" });
    await update(THURSDAY);
    ecb.answer({ body: "<gesmes:Envelope><Cube><Cube time='2026-11-27'><Cube currency='USD' rate='1.07'" });
    const refused = await update(FRIDAY);
    expect(refused).toMatchObject({ outcome: "refused", kind: "malformed", held: "2026-11-26" });
    const line = describeRatesUpdate(refused);
    expect(line.level).toBe("error");
    expect(line.message).toMatch(
      new RegExp(
        `^Exchange rates refused: the file from ${ecb.url} is not well-formed XML: .+; the rates of 2026-11-26 are kept$`,
      ),
    );
    expect(await latestFeedDay(database.db)).toBe("2026-11-26");
    // 1 / 1.05 dollars per euro.
    expect(await usdToEur(FRIDAY)).toBe("0.9523809524");
  });

  it("refuses a stale file, and one older than the rates held, keeping those", async () => {
    ecb.publish("2026-11-26");
    await update(THURSDAY);
    ecb.publish("2026-11-25");
    const older = await update(FRIDAY);
    expect(older).toMatchObject({
      outcome: "refused",
      kind: "stale",
      reason: "is for 2026-11-25, before the rates held (2026-11-26)",
    });
    expect(describeRatesUpdate(older)).toEqual({
      level: "warn",
      message: `Exchange rates refused: the file from ${ecb.url} is for 2026-11-25, before the rates held (2026-11-26); the rates of 2026-11-26 are kept`,
    });
    ecb.publish("2026-11-26");
    const weekLater = await update(new Date("2026-12-04T16:00:00Z"));
    expect(weekLater).toMatchObject({
      outcome: "refused",
      kind: "stale",
      reason: "is for 2026-11-26, 8 days ago: more than 7 days old",
    });
    expect(await database.db.$count(exchangeRates)).toBe(30);
  });

  it("says when a refused file leaves the shop with no feed rates at all", async () => {
    ecb.answer({ body: "<html><body>Moved</body></html>" });
    const refused = await update(FRIDAY);
    expect(describeRatesUpdate(refused).message).toBe(
      `Exchange rates refused: the file from ${ecb.url} is not the ECB's reference rates file: no <Cube time='YYYY-MM-DD'> in an Envelope; the shop holds no rates from the feed yet`,
    );
  });

  it("throws when the feed answers with an error (the job is tried again), keeping the rates", async () => {
    ecb.publish("2026-11-26");
    await update(THURSDAY);
    ecb.answer({ status: 503 });
    await expect(update(FRIDAY)).rejects.toThrow(
      `The exchange rates feed ${ecb.url} answered 503: the rates held are kept`,
    );
    expect(await latestFeedDay(database.db)).toBe("2026-11-26");
  });

  it("throws FeedUnreachable when nothing answers at the feed's address", async () => {
    // A port just given up: nothing listens there.
    const gone = await startEcbStandIn();
    await gone.close();
    const unreachable = await updateExchangeRates(database.db, {
      feed: { kind: "url", url: gone.url },
      sold: SOLD,
      now: FRIDAY,
    }).catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(FeedUnreachable);
    expect((unreachable as Error).message).toBe(
      `The exchange rates feed ${gone.url} gave no answer: the rates held are kept`,
    );
  });

  it("reads the stand-in's sample file without a request where the feed is 'sample'", async () => {
    const asked = ecb.requests();
    const stored = await updateExchangeRates(database.db, { feed: { kind: "sample" }, sold: SOLD, now: FRIDAY });
    expect(stored).toEqual({ outcome: "stored", day: "2026-11-27", count: 30, from: "sample" });
    expect(ecb.requests()).toBe(asked);
    expect(await usdToEur(FRIDAY)).toBe("0.9341429239");
  });

  it("as the queue runs it, logs each outcome and fails (to be tried again) only for a broken file or no answer", async () => {
    const lines: string[] = [];
    const run = (now: Date) =>
      runRatesJob(database.db, {
        feed: { kind: "url", url: ecb.url },
        sold: SOLD,
        now,
        log: (level, message) => lines.push(`${level}: ${message}`),
      });
    ecb.publish("2026-11-26");
    await run(THURSDAY);
    ecb.answer({ body: "<gesmes:Envelope>" });
    await expect(run(FRIDAY)).rejects.toThrow(/^Exchange rates refused: the file from .+ is not well-formed XML/);
    ecb.publish("2026-11-25");
    await run(FRIDAY);
    ecb.answer({ status: 500 });
    await expect(run(FRIDAY)).rejects.toThrow("answered 500");
    expect(lines.map((line) => /^\w+: Exchange rates( refused)?/.exec(line)?.[0])).toEqual([
      "info: Exchange rates",
      "error: Exchange rates refused",
      "warn: Exchange rates refused",
    ]);
    expect(await latestFeedDay(database.db)).toBe("2026-11-26");
  });

  it("is run at a server's start when the shop holds no feed rates of today or yesterday", async () => {
    expect(await ratesDueAtStart(database.db, FRIDAY)).toBe(true);
    ecb.publish("2026-11-26");
    await update(THURSDAY);
    expect(await ratesDueAtStart(database.db, FRIDAY)).toBe(false);
    expect(await ratesDueAtStart(database.db, new Date("2026-11-28T09:00:00Z"))).toBe(true);
  });
});
