import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { convertPrice } from "../../shared/exchange-rate.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { exchangeRates, user } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { clearManualRate, manualRatesInForce, setManualRate } from "./manual-rates.ts";
import { latestFeedRates, notSoldMessage, rateFor, ratesInForce } from "./rates.ts";
import { updateExchangeRates } from "./update-rates.ts";

// The rate in force for each currency the shop sells in: the owner's own while set, else the
// feed's latest day crossed through the euro while current; none, and the currency is refused.

const database = setUpTestDatabase();
const SOLD = ["USD", "EUR", "GBP", "CAD", "AUD", "JPY"];
const FRIDAY = new Date("2026-11-27T16:00:00Z");
const OWNER = "owner-of-the-shop";

beforeAll(async () => {
  await database.db.insert(user).values({ id: OWNER, name: "Owner", email: "owner@example.com" });
});
beforeEach(async () => {
  await database.db.delete(exchangeRates);
  // The stand-in's sample file: the ECB's rates of 28 June 2024, dated Friday.
  await updateExchangeRates(database.db, { feed: { kind: "sample" }, sold: SOLD, now: FRIDAY });
});

async function refusalOf(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

describe("the rates in force", () => {
  it("are the feed's, crossed from the dollar through the euro, for each currency sold, and 1 for the dollar", async () => {
    const rates = await ratesInForce(database.db, { sold: SOLD, now: FRIDAY });
    expect(Object.fromEntries([...rates].map(([code, rate]) => [code, rate.rate]))).toEqual({
      USD: "1",
      EUR: "0.9341429239",
      GBP: "0.7906398879",
      CAD: "1.370387669",
      AUD: "1.502008407",
      JPY: "160.6165343",
    });
    expect(rates.get("GBP")).toEqual({
      base: "USD",
      quote: "GBP",
      rate: "0.7906398879",
      source: "ecb",
      day: "2026-11-27",
    });
    expect(rates.get("USD")).toEqual({ base: "USD", quote: "USD", rate: "1", source: "same", day: null });
  });

  it("give a buyer the same price the browser would work out from them", async () => {
    const rate = await rateFor(database.db, { currency: "JPY", sold: SOLD, now: FRIDAY });
    expect(convertPrice(2999, { from: "USD", to: "JPY", rate: rate.rate })).toBe(4800);
  });

  it("show the feed's latest beside the owner's, however old, with where they were read", async () => {
    await setManualRate(database.db, { currency: "EUR", rate: "0.95", setBy: OWNER, now: FRIDAY });
    const feed = await latestFeedRates(database.db, { sold: SOLD });
    expect(feed).toMatchObject({ day: "2026-11-27", from: "sample" });
    expect(feed!.rates.get("EUR")).toBe("0.9341429239");
    expect([...feed!.rates.keys()]).toEqual(["EUR", "GBP", "CAD", "AUD", "JPY"]);
    await database.db.delete(exchangeRates);
    expect(await latestFeedRates(database.db, { sold: SOLD })).toBeNull();
  });

  it("leave out the feed's once its latest day is more than 7 days old", async () => {
    const rates = await ratesInForce(database.db, { sold: SOLD, now: new Date("2026-12-05T09:00:00Z") });
    expect([...rates.keys()]).toEqual(["USD"]);
    expect((await ratesInForce(database.db, { sold: SOLD, now: new Date("2026-12-04T09:00:00Z") })).size).toBe(6);
  });
});

describe("a rate the owner sets by hand", () => {
  it("wins over the feed's until cleared, and is kept with who set and cleared it", async () => {
    const set = await setManualRate(database.db, { currency: "EUR", rate: "0.9500", setBy: OWNER, now: FRIDAY });
    expect(set).toEqual({ currency: "EUR", rate: "0.95", day: "2026-11-27", setBy: OWNER, setAt: FRIDAY });
    expect(await rateFor(database.db, { currency: "EUR", sold: SOLD, now: FRIDAY })).toEqual({
      base: "USD",
      quote: "EUR",
      rate: "0.95",
      source: "manual",
      day: "2026-11-27",
    });
    // The other currencies still follow the feed.
    expect((await rateFor(database.db, { currency: "GBP", sold: SOLD, now: FRIDAY })).source).toBe("ecb");
    // It does not grow old: a month later it is still the owner's.
    expect(
      (await rateFor(database.db, { currency: "EUR", sold: SOLD, now: new Date("2026-12-27T00:00:00Z") })).rate,
    ).toBe("0.95");

    const later = new Date(FRIDAY.getTime() + 3600_000);
    await setManualRate(database.db, { currency: "EUR", rate: "0.96", setBy: OWNER, now: later });
    expect(await manualRatesInForce(database.db)).toEqual([
      { currency: "EUR", rate: "0.96", day: "2026-11-27", setBy: OWNER, setAt: later },
    ]);
    expect(await clearManualRate(database.db, { currency: "EUR", clearedBy: OWNER, now: later })).toBe(true);
    expect(await clearManualRate(database.db, { currency: "EUR", clearedBy: OWNER, now: later })).toBe(false);
    expect(await rateFor(database.db, { currency: "EUR", sold: SOLD, now: FRIDAY })).toMatchObject({
      rate: "0.9341429239",
      source: "ecb",
    });
    const kept = await database.db
      .select({ rate: exchangeRates.rate, setBy: exchangeRates.setBy, clearedBy: exchangeRates.clearedBy })
      .from(exchangeRates)
      .where(eq(exchangeRates.source, "manual"))
      .orderBy(asc(exchangeRates.id));
    expect(kept).toEqual([
      { rate: "0.95", setBy: OWNER, clearedBy: OWNER },
      { rate: "0.96", setBy: OWNER, clearedBy: OWNER },
    ]);
  });

  it("keeps a currency on sale when the feed's rates are too old", async () => {
    await setManualRate(database.db, { currency: "JPY", rate: "150", setBy: OWNER, now: FRIDAY });
    const rates = await ratesInForce(database.db, { sold: SOLD, now: new Date("2027-01-15T00:00:00Z") });
    expect([...rates.keys()].sort()).toEqual(["JPY", "USD"]);
  });

  it.each([
    ["USD", "1", "currency", "USD is the shop's own currency: it needs no rate."],
    ["XYZ", "1", "currency", "The shop knows no currency XYZ: choose one from the list."],
    ["EUR", "0", "rate", "Give the rate as a number above 0 with a point, like 0.9234: how many EUR one USD buys."],
    ["EUR", "0,95", "rate", "Give the rate as a number above 0 with a point, like 0.9234: how many EUR one USD buys."],
    ["EUR", "-0.95", "rate", "Give the rate as a number above 0 with a point, like 0.9234: how many EUR one USD buys."],
    ["JPY", "1000000.01", "rate", "A rate above 1,000,000 JPY to one USD cannot be right: check the number you typed."],
  ])("refuses %s at %s (400, naming the field)", async (currency, rate, field, message) => {
    const refused = await refusalOf(setManualRate(database.db, { currency, rate, setBy: OWNER, now: FRIDAY }));
    expect({ status: refused.status, field: refused.field, message: refused.message }).toEqual({
      status: 400,
      field,
      message,
    });
    expect(await manualRatesInForce(database.db)).toEqual([]);
  });
});

describe("a currency the shop cannot price in", () => {
  it("that it does not sell in is refused with a clear message (400), nothing priced", async () => {
    const refused = await refusalOf(rateFor(database.db, { currency: "CHF", sold: SOLD, now: FRIDAY }));
    expect(refused).toMatchObject({
      kind: "invalid",
      field: "currency",
      message: "The shop does not sell in CHF. Choose one of USD, EUR, GBP, CAD, AUD, JPY.",
    });
    expect((await refusalOf(rateFor(database.db, { currency: "XYZ", sold: SOLD, now: FRIDAY }))).message).toBe(
      "The shop does not sell in XYZ. Choose one of USD, EUR, GBP, CAD, AUD, JPY.",
    );
    expect((await refusalOf(rateFor(database.db, { currency: "<b>€</b>", sold: SOLD, now: FRIDAY }))).message).toBe(
      "The shop does not sell in that currency. Choose one of USD, EUR, GBP, CAD, AUD, JPY.",
    );
  });

  it("is named in the message only when it looks like a code", () => {
    expect(notSoldMessage("chf", ["USD", "JPY", "EUR"])).toBe(
      "The shop does not sell in CHF. Choose one of USD, EUR, JPY.",
    );
    expect(notSoldMessage("dollars", ["USD"])).toBe("The shop does not sell in that currency. Choose one of USD.");
  });

  it("that it holds no current rate for is refused (409): the buyer can pay in dollars", async () => {
    const refused = await refusalOf(
      rateFor(database.db, { currency: "EUR", sold: SOLD, now: new Date("2026-12-31T00:00:00Z") }),
    );
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(
      "Prices in EUR cannot be given right now: the shop has no current exchange rate for it. Choose USD, or try again later.",
    );
    expect(
      await rateFor(database.db, { currency: "USD", sold: SOLD, now: new Date("2026-12-31T00:00:00Z") }),
    ).toMatchObject({
      rate: "1",
      source: "same",
    });
  });
});
