import type { Logger } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/admin/exchange-rates.tsx";
import { manualRatesInForce } from "../../server/currencies/manual-rates.ts";
import { rateFor } from "../../server/currencies/rates.ts";
import { exchangeRates, type user } from "../../server/db/schema.ts";
import { type EcbStandIn, startEcbStandIn } from "../support/ecb-stand-in.ts";
import { createSeller, createUser } from "../support/factories.ts";
import { contextAs, type RouteBody, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The admin's Exchange rates page through its loader and action, the ECB's feed served by its
// stand-in on a local port: only an admin with a second factor sees or changes a rate; a rate
// that cannot be one is refused beside its field and nothing is stored; the owner's rate is in
// force until cleared; "Update from the ECB now" stores the feed's day or says why not.

const database = setUpTestDatabase();
const SOLD = ["USD", "EUR", "GBP", "CAD", "AUD", "JPY"];
type Account = typeof user.$inferSelect;
type Call = (args: never) => Promise<unknown>;
let admin: Account;
let ecb: EcbStandIn;
const logged: string[] = [];
const logger = {
  info: (message: string) => logged.push(`info: ${message}`),
  warn: (message: string) => logged.push(`warn: ${message}`),
  error: (message: string) => logged.push(`error: ${message}`),
} as unknown as Logger;

beforeAll(async () => {
  admin = await createUser(database.db, { role: "admin", name: "Ada Admin" });
  ecb = await startEcbStandIn();
});
afterAll(async () => {
  await ecb.close();
});
beforeEach(async () => {
  await database.db.delete(exchangeRates);
  logged.length = 0;
  ecb.publish(new Date().toISOString().slice(0, 10));
});

const contextOf = (account: Account | null) =>
  contextAs(account, {
    db: database.db,
    currencies: { sold: SOLD, ratesFeed: { kind: "url", url: ecb.url } },
    logger,
  });

interface Row {
  code: string;
  inForce: { rate: string; source: string } | null;
  notOffered: string | null;
  manual: { rate: string; setBy: string | null } | null;
  feed: { rate: string } | null;
  example: { priceMinor: number; exactMinor: number } | null;
}

async function page(account: Account = admin) {
  const answer = await routeAnswer<{ currencies: Row[] }>(loader as Call, {
    url: "/admin/exchange-rates",
    context: contextOf(account),
  });
  expect(answer.status).toBe(200);
  return new Map(answer.data!.currencies.map((row) => [row.code, row]));
}

const post = (body: RouteBody, account: Account | null = admin) =>
  routeAnswer<{ ok?: boolean; message?: string; result?: { error?: Record<string, string[]> } }>(action as Call, {
    url: "/admin/exchange-rates",
    context: contextOf(account),
    body,
  });

const updateNow = () => post({ intent: "update-feed" });

describe("the exchange rates page", () => {
  it("shows each currency sold with its rate, source, the feed's latest and $29.99 converted", async () => {
    const before = await page();
    expect(before.get("EUR")).toMatchObject({
      inForce: null,
      notOffered: "Not offered to buyers: the feed has given no rates yet, and no rate is set by hand.",
      example: null,
    });

    const updated = await updateNow();
    expect(updated.data).toMatchObject({ ok: true, intent: "update-feed" });
    expect(updated.data!.message).toMatch(
      /^Updated: the ECB's rates of \w{3} \d+, \d{4} are in force, 30 rates read from http:/,
    );
    // Logged as the job logs it.
    expect(logged).toEqual([expect.stringMatching(/^info: Exchange rates: stored 30 rates of /)]);

    const rows = await page();
    expect([...rows.keys()]).toEqual(SOLD);
    expect(rows.get("USD")).toMatchObject({
      inForce: { rate: "1", source: "same" },
      example: { priceMinor: 2999, exactMinor: 2999 },
    });
    expect(rows.get("EUR")).toMatchObject({
      inForce: { rate: "0.9341429239", source: "ecb" },
      notOffered: null,
      manual: null,
      feed: { rate: "0.9341429239" },
      example: { priceMinor: 2799, exactMinor: 2801 },
    });
    expect(rows.get("JPY")!.example).toEqual({ priceMinor: 4800, exactMinor: 4817 });

    const again = await updateNow();
    expect(again.data!.message).toMatch(/^Nothing new: the ECB's rates of .+ from http:.+ were held already\.$/);
  });

  it("is the admins' only: others are sent away, an admin without a second factor refused, nothing changed", async () => {
    const seller = await createSeller(database.db);
    const buyer = await createUser(database.db);
    for (const account of [seller.user, buyer]) {
      expect(
        await routeAnswer(loader as Call, { url: "/admin/exchange-rates", context: contextOf(account) }),
      ).toMatchObject({ status: 302, location: "/" });
      expect(await post({ intent: "set-rate", currency: "EUR", rate: "0.5" }, account)).toMatchObject({
        status: 302,
        location: "/",
      });
    }
    const visitor = await routeAnswer(loader as Call, { url: "/admin/exchange-rates", context: contextOf(null) });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/\?signin=required&next=%2Fadmin%2Fexchange-rates/);
    expect((await post({ intent: "update-feed" }, null)).status).toBe(302);

    const unguarded = await createUser(database.db, { role: "admin", twoFactorEnabled: false });
    expect(
      (await routeAnswer(loader as Call, { url: "/admin/exchange-rates", context: contextOf(unguarded) })).status,
    ).toBe(403);
    expect((await post({ intent: "set-rate", currency: "EUR", rate: "0.5" }, unguarded)).status).toBe(403);
    expect(await manualRatesInForce(database.db)).toEqual([]);
    expect(await database.db.select().from(exchangeRates)).toEqual([]);
  });

  it("refuses a rate that cannot be one beside its field (400) and stores nothing", async () => {
    const malformed = "Give the rate as a number above 0 with a point, like 0.9234: how many EUR one USD buys.";
    for (const [rate, message] of [
      ["", malformed],
      ["abc", malformed],
      ["0,95", malformed],
      ["0", malformed],
      ["0.000", malformed],
      ["-0.95", malformed],
      ["1000000.5", "A rate above 1,000,000 EUR to one USD cannot be right: check the number you typed."],
      ["25000000", "A rate above 1,000,000 EUR to one USD cannot be right: check the number you typed."],
    ] as const) {
      const refused = await post({ intent: "set-rate", currency: "EUR", rate });
      expect(refused.status, rate).toBe(400);
      expect(refused.data!.result!.error!.rate, rate).toEqual([message]);
    }
    // A currency the shop does not sell in, or its own, sent by no form of the page: the page's refusal.
    const notSold = await post({ intent: "set-rate", currency: "CHF", rate: "0.9" });
    expect(notSold).toMatchObject({
      status: 400,
      data: { ok: false, message: "The shop does not sell in CHF. Choose one of USD, EUR, GBP, CAD, AUD, JPY." },
    });
    const own = await post({ intent: "set-rate", currency: "USD", rate: "1" });
    expect(own).toMatchObject({
      status: 400,
      data: { ok: false, message: "USD is the shop's own currency: it needs no rate." },
    });
    const unknown = await post({ intent: "set-everything", currency: "EUR", rate: "1" });
    expect(unknown.status).toBe(400);
    expect(await manualRatesInForce(database.db)).toEqual([]);
  });

  it("puts a rate set by hand in force, beside the feed's, and clearing it goes back to the feed", async () => {
    await updateNow();
    const set = await post({ intent: "set-rate", currency: "EUR", rate: " 0.9500 " });
    expect(set).toMatchObject({
      status: 200,
      data: {
        ok: true,
        intent: "set-rate",
        currency: "EUR",
        message: "Set: 1 USD = 0.95 EUR, for every price in EUR until you clear it.",
      },
    });
    const rows = await page();
    expect(rows.get("EUR")).toMatchObject({
      inForce: { rate: "0.95", source: "manual" },
      manual: { rate: "0.95", setBy: "Ada Admin" },
      feed: { rate: "0.9341429239" },
      // 28.4905: 27.99 is more than 1% below, 28.99 within 3% above.
      example: { priceMinor: 2899, exactMinor: 2849 },
    });
    expect((await rateFor(database.db, { currency: "EUR", sold: SOLD })).rate).toBe("0.95");
    // The other currencies still follow the feed.
    expect(rows.get("GBP")!.inForce).toMatchObject({ source: "ecb" });

    const cleared = await post({ intent: "clear-rate", currency: "EUR" });
    expect(cleared.data).toMatchObject({
      ok: true,
      intent: "clear-rate",
      currency: "EUR",
      message: "Cleared. EUR follows the ECB's rate again: 1 USD = 0.9341429239 EUR.",
    });
    expect((await page()).get("EUR")).toMatchObject({ inForce: { rate: "0.9341429239", source: "ecb" }, manual: null });
    expect((await post({ intent: "clear-rate", currency: "EUR" })).data!.message).toBe(
      "EUR had no rate set by hand. EUR follows the ECB's rate again: 1 USD = 0.9341429239 EUR.",
    );
  });

  it("keeps a currency on sale by hand while the feed has nothing, and says so once cleared", async () => {
    await post({ intent: "set-rate", currency: "JPY", rate: "150" });
    expect((await page()).get("JPY")).toMatchObject({ inForce: { rate: "150", source: "manual" }, feed: null });
    const cleared = await post({ intent: "clear-rate", currency: "JPY" });
    expect(cleared.data!.message).toBe(
      "Cleared. The feed has no current rate for JPY: it is not offered until the feed is back or you set a rate.",
    );
  });

  it("says in words why the feed gave nothing when updated by hand (502), keeping the rates held", async () => {
    await updateNow();
    ecb.answer({ body: "<gesmes:Envelope>" });
    const broken = await updateNow();
    expect(broken.status).toBe(502);
    expect(broken.data).toMatchObject({ ok: false, intent: "update-feed" });
    expect(broken.data!.message).toMatch(
      /^The feed's file was refused: the file from http:.+ is not well-formed XML: .+\. The rates of \w{3} \d+, \d{4} are kept\.$/,
    );
    ecb.answer({ status: 503 });
    const down = await updateNow();
    expect(down).toMatchObject({
      status: 502,
      data: {
        ok: false,
        intent: "update-feed",
        message: `The exchange rates feed ${ecb.url} answered 503: the rates held are kept. The job tries again by itself at 15:41 and 21:41 UTC.`,
      },
    });
    expect(logged.at(-1)).toBe(`warn: The exchange rates feed ${ecb.url} answered 503: the rates held are kept`);
    expect((await page()).get("EUR")!.inForce).toMatchObject({ rate: "0.9341429239", source: "ecb" });
  });
});
