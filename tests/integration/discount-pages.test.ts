import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_INTENT } from "../../app/lib/form.server.ts";
import { action as adminAction, loader as adminLoader } from "../../app/routes/admin/discounts.tsx";
import { action as sellerAction, loader as sellerLoader } from "../../app/routes/seller/discounts.tsx";
import { discountCodes, discountRedemptions, type user } from "../../server/db/schema.ts";
import { CODE_TAKEN, NO_SUCH_CODE } from "../../server/discounts/manage-codes.ts";
import { createOrder, createProduct, createSeller, createUser } from "../support/factories.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The discount pages through their loaders and actions, as a browser posts them without
// JavaScript (what the server checks is what counts): a seller's codes at /seller/discounts, the
// admins' site-wide sales at /admin/discounts.

const database = setUpTestDatabase();
type Account = typeof user.$inferSelect;
let seller: Awaited<ReturnType<typeof createSeller>>;
let otherSeller: Awaited<ReturnType<typeof createSeller>>;
let admin: Account;
let planner: { id: number; title: string };
let poster: { id: number; title: string };
let elsewhere: { id: number };

beforeAll(async () => {
  seller = await createSeller(database.db);
  otherSeller = await createSeller(database.db);
  admin = await createUser(database.db, { role: "admin" });
  planner = await createProduct(database.db, { creatorId: seller.creator.id, title: "Calm Weekly Planner" });
  poster = await createProduct(database.db, { creatorId: seller.creator.id, title: "Botanical Poster" });
  await createProduct(database.db, { creatorId: seller.creator.id, title: "Gone Planner", status: "deleted" });
  elsewhere = await createProduct(database.db, { creatorId: otherSeller.creator.id });
});

const contextOf = (account: Account) => contextAs(account, { db: database.db });

type Call = (args: never) => Promise<unknown>;

/** A loader's or action's answer: its status and data (a redirect is a Response). */
const answerOf = (handler: Call, account: Account, url: string, body?: Record<string, string | string[]>) =>
  routeAnswer(handler, { url, context: contextOf(account), body });

/** The code form's fields as the page sends them, with `changes`. */
const codeForm = (changes: Record<string, string | string[]> = {}) => ({
  intent: "create-code",
  code: `SPRING${Math.floor(Math.random() * 1e9)}`,
  kind: "percent",
  value: "20",
  appliesTo: "all",
  startsOn: "",
  endsOn: "",
  maxUses: "",
  ...changes,
});

const asSeller = (body?: Record<string, string | string[]>, account: Account = seller.user) =>
  answerOf((body ? sellerAction : sellerLoader) as Call, account, "/seller/discounts", body);
const asAdmin = (body?: Record<string, string | string[]>, account: Account = admin) =>
  answerOf((body ? adminAction : adminLoader) as Call, account, "/admin/discounts", body);

/** The field errors and typed values of a refused submission (Conform's reply). */
const replyOf = (answer: { data?: unknown }) =>
  (answer.data as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }).result;

type Row = { id: number; code: string; status: string; productTitles: string[] | null; uses: number };
const rowsOf = async (answer: Promise<{ data?: unknown }>) => ((await answer).data as { codes: Row[] }).codes;

const codeCount = async () =>
  (await database.db.select({ count: sql<number>`count(*)::int` }).from(discountCodes))[0]!.count;

describe("a seller's discount codes page", () => {
  it("makes a code for some of the seller's products, and lists it as Active with them", async () => {
    const answer = await asSeller(
      codeForm({
        code: "Planner20",
        appliesTo: "some",
        productIds: [String(planner.id), String(poster.id)],
        maxUses: "10",
        oncePerBuyer: "on",
      }),
    );
    expect(answer).toMatchObject({ status: 200, data: { ok: true, message: "Planner20 was made." } });
    const [made] = await database.db.select().from(discountCodes).where(eq(discountCodes.code, "Planner20"));
    expect(made).toMatchObject({
      creatorId: seller.creator.id,
      kind: "percent",
      value: 20,
      allProducts: false,
      maxUses: 10,
      oncePerBuyer: true,
      startsAt: null,
      endsAt: null,
    });

    const page = (await asSeller()).data as { codes: Row[]; products: { id: number; title: string }[] };
    expect(page.codes.find((row) => row.code === "Planner20")).toMatchObject({
      status: "active",
      uses: 0,
      maxUses: 10,
      productTitles: expect.arrayContaining(["Calm Weekly Planner", "Botanical Poster"]),
    });
    // The picker offers the seller's own products that are not deleted.
    expect(page.products.map((product) => product.title).sort()).toEqual(["Botanical Poster", "Calm Weekly Planner"]);
  });

  it("makes an amount code with dates, in cents and whole UTC days, and says where each code stands", async () => {
    expect((await asSeller(codeForm({ code: "FIVEOFF", kind: "amount", value: "5.5" }))).status).toBe(200);
    const [five] = await database.db.select().from(discountCodes).where(eq(discountCodes.code, "FIVEOFF"));
    expect(five).toMatchObject({ kind: "amount", value: 550, allProducts: true });

    await asSeller(codeForm({ code: "LATER", startsOn: "2099-01-01", endsOn: "2099-01-31" }));
    await asSeller(codeForm({ code: "LONG-AGO", startsOn: "2020-01-01", endsOn: "2020-01-02" }));
    await asSeller(codeForm({ code: "ONCE-ONLY", maxUses: "1" }));
    // The one use is taken by a paid order.
    const [once] = await database.db.select().from(discountCodes).where(eq(discountCodes.code, "ONCE-ONLY"));
    const { order } = await createOrder(database.db, { productIds: [planner.id] });
    await database.db.insert(discountRedemptions).values({ codeId: once!.id, orderId: order.id, email: order.email });

    const rows = await rowsOf(asSeller());
    const statusOf = (code: string) => rows.find((row) => row.code === code)?.status;
    expect([statusOf("FIVEOFF"), statusOf("LATER"), statusOf("LONG-AGO"), statusOf("ONCE-ONLY")]).toEqual([
      "active",
      "scheduled",
      "ended",
      "used-up",
    ]);
    // The last day is shown as the day it is, though the code runs to the start of the next.
    expect(rows.find((row) => row.code === "LATER")).toMatchObject({
      firstDay: "2099-01-01T00:00:00.000Z",
      lastDay: "2099-01-31T00:00:00.000Z",
      productTitles: null,
    });
  });

  it("refuses a form with problems beside each field, keeps what was typed, and makes nothing", async () => {
    const before = await codeCount();
    const refusals: [Record<string, string | string[]>, Record<string, string[]>][] = [
      [{ code: "no spaces" }, { code: ["A code is 3 to 40 letters, digits, - or _, like SPRING20."] }],
      [{ value: "120" }, { value: ["Enter a percent from 1 to 100."] }],
      [{ kind: "amount", value: "5.555" }, { value: ["Enter the amount in dollars, like 5.00."] }],
      [{ appliesTo: "some" }, { productIds: ["Choose at least one product."] }],
      [{ startsOn: "2026-12-31", endsOn: "2026-12-01" }, { endsOn: ["The last day must be on or after the first."] }],
      [{ maxUses: "0" }, { maxUses: [expect.stringMatching(/^Enter a whole number of uses/)] }],
      [{ kind: "free" }, { kind: ["Choose a percent off or an amount off."] }],
    ];
    for (const [changes, errors] of refusals) {
      const answer = await asSeller(codeForm({ code: "KEPT-CODE", ...changes }));
      expect(answer.status, JSON.stringify(changes)).toBe(400);
      expect(replyOf(answer).error, JSON.stringify(changes)).toMatchObject(errors);
    }
    const refused = await asSeller(codeForm({ code: "KEPT-CODE", value: "120", maxUses: "7" }));
    expect(replyOf(refused).initialValue).toMatchObject({ code: "KEPT-CODE", value: "120", maxUses: "7" });
    expect(await codeCount()).toBe(before);
  });

  it("takes only days that exist, and answers odd ones with a 4xx, never a 500", async () => {
    for (const [startsOn, endsOn] of [
      ["2026-02-31", ""],
      ["2026-13-01", ""],
      ["", "2026-04-31"],
    ] as const) {
      const answer = await asSeller(codeForm({ startsOn, endsOn }));
      expect(answer.status, `${startsOn} ${endsOn}`).toBe(400);
      expect(Object.values(replyOf(answer).error).flat(), `${startsOn} ${endsOn}`).toEqual([
        "Enter a date like 2026-12-31.",
      ]);
    }
    for (const [startsOn, endsOn] of [
      ["0000-01-01", "9999-12-31"],
      ["0001-01-01", "2028-02-29"],
    ] as const) {
      const answer = await asSeller(codeForm({ startsOn, endsOn }));
      expect(answer.status, `${startsOn} ${endsOn}`).toBeLessThan(500);
    }
  });

  it("refuses a code already taken, by anyone and in any case, beside the code field", async () => {
    await asAdmin(codeForm({ code: "TAKEN-ONE" }));
    const before = await codeCount();
    const answer = await asSeller(codeForm({ code: "taken-one", value: "15" }));
    expect(answer.status).toBe(409);
    expect(replyOf(answer).error).toEqual({ code: [CODE_TAKEN] });
    expect(replyOf(answer).initialValue).toMatchObject({ code: "taken-one", value: "15" });
    expect(await codeCount()).toBe(before);
  });

  it("refuses another seller's product, or one that is not there, beside the products", async () => {
    const before = await codeCount();
    for (const productIds of [[String(planner.id), String(elsewhere.id)], ["99999999"], ["abc"]]) {
      const answer = await asSeller(codeForm({ appliesTo: "some", productIds }));
      expect(answer.status, productIds.join()).toBe(400);
      expect(replyOf(answer).error, productIds.join()).toEqual({ productIds: ["Choose products from the list."] });
    }
    expect(await codeCount()).toBe(before);
  });

  it("ends the seller's own code, and no one else's", async () => {
    await asSeller(codeForm({ code: "END-ME" }));
    const mine = (await rowsOf(asSeller())).find((row) => row.code === "END-ME")!;
    await asSeller(codeForm({ code: "NOT-YOURS" }), otherSeller.user);
    const theirs = (await rowsOf(asSeller(undefined, otherSeller.user))).find((row) => row.code === "NOT-YOURS")!;

    expect(await asSeller({ intent: "end-code", codeId: String(theirs.id) })).toMatchObject({
      status: 404,
      data: { ok: false, message: NO_SUCH_CODE },
    });
    expect((await rowsOf(asSeller(undefined, otherSeller.user))).find((row) => row.id === theirs.id)?.status).toBe(
      "active",
    );
    // Nor through the admins' page, which ends site-wide sales only.
    expect((await asAdmin({ intent: "end-code", codeId: String(theirs.id) })).status).toBe(404);

    expect(await asSeller({ intent: "end-code", codeId: String(mine.id) })).toMatchObject({
      status: 200,
      data: { ok: true, message: "END-ME has ended: it can no longer be used." },
    });
    expect((await rowsOf(asSeller())).find((row) => row.id === mine.id)?.status).toBe("ended");
    // Ended once: a second click finds nothing to end.
    expect((await asSeller({ intent: "end-code", codeId: String(mine.id) })).status).toBe(404);
  });

  it("refuses a form that asks for nothing it knows, or names no code, with a 400", async () => {
    expect(await asSeller({ intent: "delete-everything" })).toMatchObject({
      status: 400,
      data: { ok: false, message: UNKNOWN_INTENT },
    });
    expect(await asSeller({ intent: "end-code", codeId: "1e9" })).toMatchObject({
      status: 400,
      data: { ok: false, message: "Choose a code to end." },
    });
  });

  it("shows a seller only their own codes", async () => {
    const codes = (await rowsOf(asSeller())).map((row) => row.code);
    expect(codes).toContain("END-ME");
    expect(codes).not.toContain("NOT-YOURS");
    expect(codes).not.toContain("TAKEN-ONE");
  });
});

describe("the admins' site-wide sales page", () => {
  it("makes a sale for every product and lists only site-wide sales", async () => {
    const answer = await asAdmin(codeForm({ code: "BLACKFRIDAY", value: "30", startsOn: "2026-11-27" }));
    expect(answer).toMatchObject({ status: 200, data: { ok: true } });
    const [sale] = await database.db.select().from(discountCodes).where(eq(discountCodes.code, "BLACKFRIDAY"));
    expect(sale).toMatchObject({ creatorId: null, allProducts: true, value: 30 });
    const codes = (await rowsOf(asAdmin())).map((row) => row.code);
    expect(codes).toContain("BLACKFRIDAY");
    expect(codes).not.toContain("END-ME");

    const id = (await rowsOf(asAdmin())).find((row) => row.code === "BLACKFRIDAY")!.id;
    expect((await asAdmin({ intent: "end-code", codeId: String(id) })).status).toBe(200);
    expect((await rowsOf(asAdmin())).find((row) => row.id === id)?.status).toBe("ended");
  });

  it("refuses a sale limited to some products beside Applies to", async () => {
    const before = await codeCount();
    const answer = await asAdmin(codeForm({ appliesTo: "some", productIds: [String(planner.id)] }));
    expect(answer.status).toBe(400);
    expect(replyOf(answer).error).toEqual({ appliesTo: ["A site-wide sale is for every product."] });
    expect(await codeCount()).toBe(before);
  });

  it("sends a seller, or a shopper, home instead", async () => {
    const shopper = await createUser(database.db);
    for (const account of [seller.user, shopper]) {
      expect(await asAdmin(undefined, account)).toMatchObject({ status: 302, location: "/" });
      expect(await asAdmin(codeForm(), account)).toMatchObject({ status: 302, location: "/" });
    }
    // And a shopper is sent away from the seller's page.
    expect((await asSeller(undefined, shopper)).status).toBe(302);
  });
});
