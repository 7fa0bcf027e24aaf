import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_INTENT } from "../../app/lib/form.server.ts";
import { productBundleOffers } from "../../app/lib/product-bundles.server.ts";
import { loader as viewerLoader } from "../../app/routes/api/bundle-viewer.ts";
import { loader as bundlePageLoader } from "../../app/routes/bundle.tsx";
import { action as editAction, loader as editLoader } from "../../app/routes/seller/bundle-edit.tsx";
import { action as sellerAction, loader as sellerLoader } from "../../app/routes/seller/bundles.tsx";
import { NO_SUCH_BUNDLE } from "../../server/bundles/manage-bundles.ts";
import { bundles, products, type user } from "../../server/db/schema.ts";
import { BUNDLE_PRODUCT_COUNT, BUNDLE_PRODUCTS_NOT_LISTED } from "../../shared/bundle-schema.ts";
import { createOrder, createProduct, createProductImage, createSeller, createUser } from "../support/factories.ts";
import { contextAs, type RouteAnswer, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The bundle pages through their loaders and actions, as a browser posts them without JavaScript
// (what the server checks is what counts): a seller's bundles at /seller/bundles and
// /seller/bundles/:id, a bundle's public page at /bundle/:id and its visitor's part.

const database = setUpTestDatabase();
type Account = typeof user.$inferSelect;
let seller: Awaited<ReturnType<typeof createSeller>>;
let otherSeller: Awaited<ReturnType<typeof createSeller>>;
let planner: { id: number; title: string };
let poster: { id: number; title: string };
let stickers: { id: number; title: string };
let draft: { id: number };
let elsewhere: { id: number };

beforeAll(async () => {
  seller = await createSeller(database.db, { creator: { name: "Paper Fox", slug: "paper-fox" } });
  otherSeller = await createSeller(database.db);
  const creatorId = seller.creator.id;
  planner = await createProduct(database.db, { creatorId, title: "Calm Weekly Planner", priceCents: 2000 });
  poster = await createProduct(database.db, { creatorId, title: "Botanical Poster", priceCents: 1000 });
  stickers = await createProduct(database.db, { creatorId, title: "Sticker Sheet", priceCents: 500 });
  draft = await createProduct(database.db, { creatorId, title: "Unfinished Planner", status: "draft" });
  elsewhere = await createProduct(database.db, { creatorId: otherSeller.creator.id });
  await createProductImage(database.db, planner.id);
});

/** A request signed in as `account`, or a guest's. */
const contextOf = (account: Account | null) =>
  contextAs(account, { db: database.db, readDb: database.db, publicUrl: "http://shop.test" });

type Call = (args: never) => Promise<unknown>;

/** A loader's or action's answer: its status and data (a redirect is a Response). */
const answerOf = (
  handler: Call,
  account: Account | null,
  url: string,
  params: Record<string, string>,
  body?: Record<string, string | string[]>,
): Promise<RouteAnswer> => routeAnswer(handler, { url, context: contextOf(account), params, body });

const asSeller = (body?: Record<string, string | string[]>, account: Account = seller.user) =>
  answerOf((body ? sellerAction : sellerLoader) as Call, account, "/seller/bundles", {}, body);
const onEditor = (id: number | string, body?: Record<string, string | string[]>, account: Account = seller.user) =>
  answerOf((body ? editAction : editLoader) as Call, account, `/seller/bundles/${id}`, { id: String(id) }, body);

/** The bundle form's fields as the page sends them, with `changes`. */
const bundleForm = (changes: Record<string, string | string[]> = {}) => ({
  intent: "create-bundle",
  title: "Planner Starter Kit",
  description: "Everything to plan a calm week.",
  price: "25",
  productIds: [String(planner.id), String(poster.id)],
  ...changes,
});

/** The field errors and typed values of a refused submission (Conform's reply). */
const replyOf = (answer: { data?: unknown }) =>
  (answer.data as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }).result;

type Row = {
  id: number;
  title: string;
  status: string;
  priceCents: number;
  valueCents: number;
  problem: string | null;
};
const rowsOf = async () => ((await asSeller()).data as { bundles: Row[] }).bundles;
const bundleCount = async () =>
  (await database.db.select({ count: sql<number>`count(*)::int` }).from(bundles))[0]!.count;

/** Makes a bundle through the page and returns its id. */
async function made(changes: Record<string, string | string[]> = {}) {
  const answer = await asSeller(bundleForm(changes));
  expect(answer, JSON.stringify(changes)).toMatchObject({ status: 200, data: { ok: true } });
  return Math.max(...(await rowsOf()).map((row) => row.id));
}

describe("a seller's bundles page", () => {
  it("makes a bundle as a draft, lists it with its products' value, and offers the seller's products on sale", async () => {
    const answer = await asSeller(bundleForm({ title: "Starter Kit" }));
    expect(answer).toMatchObject({
      status: 200,
      data: { ok: true, message: "Starter Kit was made as a draft: publish it to put it on sale." },
    });
    const page = (await asSeller()).data as { bundles: Row[]; choices: { id: number; title: string }[] };
    expect(page.bundles[0]).toMatchObject({
      title: "Starter Kit",
      status: "draft",
      priceCents: 2500,
      valueCents: 3000,
      problem: null,
    });
    // The choices: the seller's own products on sale, by title (not the draft, not another's).
    expect(page.choices.map((choice) => choice.title)).toEqual([
      "Botanical Poster",
      "Calm Weekly Planner",
      "Sticker Sheet",
    ]);
  });

  it("refuses a form with problems beside each field, keeps what was typed, and makes nothing", async () => {
    const before = await bundleCount();
    const refusals: [Record<string, string | string[]>, Record<string, string[]>][] = [
      [{ title: "  " }, { title: ["Enter a title for the bundle."] }],
      [{ price: "12.345" }, { price: ["Enter the bundle's price in dollars, like 12.99."] }],
      [{ price: "0" }, { price: ["The bundle's price must be more than $0."] }],
      [{ productIds: [String(planner.id)] }, { productIds: [BUNDLE_PRODUCT_COUNT] }],
      [{ productIds: [] }, { productIds: [BUNDLE_PRODUCT_COUNT] }],
      [{ productIds: ["abc", String(planner.id)] }, { productIds: [BUNDLE_PRODUCTS_NOT_LISTED] }],
    ];
    for (const [changes, errors] of refusals) {
      const answer = await asSeller(bundleForm(changes));
      expect(answer.status, JSON.stringify(changes)).toBe(400);
      expect(replyOf(answer).error, JSON.stringify(changes)).toMatchObject(errors);
    }
    const refused = await asSeller(bundleForm({ title: "Kept title", price: "abc" }));
    expect(replyOf(refused).initialValue).toMatchObject({ title: "Kept title", price: "abc" });
    expect(await bundleCount()).toBe(before);
  });

  it("refuses another seller's product, a draft or one that is not there, beside the products", async () => {
    const before = await bundleCount();
    for (const other of [elsewhere.id, draft.id, 99999999]) {
      const answer = await asSeller(bundleForm({ productIds: [String(planner.id), String(other)] }));
      expect(answer.status, String(other)).toBe(400);
      expect(replyOf(answer).error, String(other)).toEqual({ productIds: [BUNDLE_PRODUCTS_NOT_LISTED] });
    }
    expect(await bundleCount()).toBe(before);
  });

  it("refuses a bundle that costs as much as its products or more, beside the price, with the server's message", async () => {
    const before = await bundleCount();
    for (const price of ["30", "45.5"]) {
      const answer = await asSeller(bundleForm({ price }));
      expect(answer.status, price).toBe(400);
      expect(replyOf(answer).error, price).toEqual({
        price: ["A bundle must cost less than its products bought one by one ($30.00)."],
      });
      expect(replyOf(answer).initialValue, price).toMatchObject({ price });
    }
    expect(await bundleCount()).toBe(before);
  });

  it("publishes, takes off sale and deletes the seller's own bundle, and answers for another's as missing", async () => {
    const id = await made({ title: "Status Kit" });
    expect(await asSeller({ intent: "publish-bundle", bundleId: String(id) })).toMatchObject({
      status: 200,
      data: { ok: true, message: "The bundle is on sale." },
    });
    expect((await rowsOf()).find((row) => row.id === id)?.status).toBe("published");

    // Not through another seller's page.
    for (const intent of ["unpublish-bundle", "delete-bundle", "publish-bundle"]) {
      expect(await asSeller({ intent, bundleId: String(id) }, otherSeller.user), intent).toMatchObject({
        status: 404,
        data: { ok: false, message: NO_SUCH_BUNDLE },
      });
    }
    expect((await onEditor(id, undefined, otherSeller.user)).status).toBe(404);

    expect(await asSeller({ intent: "unpublish-bundle", bundleId: String(id) })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect((await rowsOf()).find((row) => row.id === id)?.status).toBe("draft");

    expect(await asSeller({ intent: "delete-bundle", bundleId: String(id) })).toMatchObject({
      status: 200,
      data: { ok: true, message: "The bundle was deleted." },
    });
    expect((await rowsOf()).find((row) => row.id === id)).toBeUndefined();
    // Deleted once: a second click, or its editor, finds nothing.
    expect((await asSeller({ intent: "delete-bundle", bundleId: String(id) })).status).toBe(404);
    expect((await onEditor(id)).status).toBe(404);
  });

  it("says why a bundle cannot sell once a product leaves the shop, and refuses to publish it (409)", async () => {
    const gone = await createProduct(database.db, { creatorId: seller.creator.id, priceCents: 800 });
    const id = await made({ title: "Fragile Kit", price: "9", productIds: [String(stickers.id), String(gone.id)] });
    await database.db.update(products).set({ status: "draft" }).where(eq(products.id, gone.id));
    const row = (await rowsOf()).find((each) => each.id === id)!;
    expect(row.problem).toBe("A product of this bundle is no longer on sale: edit the bundle to publish it.");
    const answer = await asSeller({ intent: "publish-bundle", bundleId: String(id) });
    expect(answer).toMatchObject({ status: 409, data: { ok: false, message: row.problem } });
  });

  it("refuses a form that asks for nothing it knows, or names no bundle, with a 400", async () => {
    expect(await asSeller({ intent: "delete-everything" })).toMatchObject({
      status: 400,
      data: { ok: false, message: UNKNOWN_INTENT },
    });
    expect(await asSeller({ intent: "publish-bundle", bundleId: "1e9" })).toMatchObject({
      status: 400,
      data: { ok: false, message: "Choose a bundle." },
    });
  });

  it("sends a shopper away", async () => {
    const shopper = await createUser(database.db);
    expect((await asSeller(undefined, shopper)).status).toBe(302);
    expect((await asSeller(bundleForm(), shopper)).status).toBe(302);
  });
});

describe("a seller's bundle editor", () => {
  it("shows the bundle and saves its fields; a refused save keeps what was typed beside each field", async () => {
    const id = await made({ title: "Editable Kit" });
    expect((await onEditor(id)).data).toMatchObject({
      bundle: {
        id,
        title: "Editable Kit",
        priceCents: 2500,
        products: [{ productId: planner.id }, { productId: poster.id }],
      },
    });
    const saved = await onEditor(
      id,
      bundleForm({
        intent: "save-bundle",
        bundleId: String(id),
        title: "Edited Kit",
        price: "30",
        productIds: [String(planner.id), String(poster.id), String(stickers.id)],
      }),
    );
    expect(saved).toMatchObject({ status: 200, data: { ok: true, message: "Your changes are saved." } });
    expect((await rowsOf()).find((row) => row.id === id)).toMatchObject({
      title: "Edited Kit",
      priceCents: 3000,
      valueCents: 3500,
    });

    const refused = await onEditor(id, bundleForm({ intent: "save-bundle", bundleId: String(id), price: "40" }));
    expect(refused.status).toBe(400);
    expect(replyOf(refused).error).toEqual({
      price: ["A bundle must cost less than its products bought one by one ($30.00)."],
    });
    expect((await rowsOf()).find((row) => row.id === id)?.priceCents).toBe(3000);
  });

  it("goes back to the list once the bundle is deleted; unknown and malformed ids are 404", async () => {
    const id = await made({ title: "Short-lived Kit" });
    expect(await onEditor(id, { intent: "delete-bundle", bundleId: String(id) })).toMatchObject({
      status: 302,
      location: "/seller/bundles?deleted=1",
    });
    for (const bad of ["99999999", "abc", "0"]) expect((await onEditor(bad)).status, bad).toBe(404);
  });
});

describe("a bundle's page", () => {
  let bundleId: number;
  const openPage = (id: string | number) =>
    answerOf(bundlePageLoader as Call, null, `/bundle/${id}`, { id: String(id) });
  const viewerOf = (id: number, account: Account | null) =>
    answerOf(viewerLoader as Call, account, `/api/v1/bundles/${id}/viewer`, { id: String(id) });

  beforeAll(async () => {
    const answer = await asSeller(
      bundleForm({
        title: "Whole Desk Kit",
        price: "28",
        productIds: [String(planner.id), String(poster.id), String(stickers.id)],
      }),
    );
    expect(answer.status).toBe(200);
    bundleId = Math.max(...(await rowsOf()).map((row) => row.id));
  });

  it("is the shop's 404 page while the bundle is a draft, unknown or named by a malformed id", async () => {
    for (const id of [String(bundleId), "99999999", "abc", "1e3", "0"]) {
      expect((await openPage(id)).status, id).toBe(404);
    }
  });

  it("shows the bundle once published, a guest's prices, the same for everyone", async () => {
    await asSeller({ intent: "publish-bundle", bundleId: String(bundleId) });
    const page = await openPage(bundleId);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      url: `http://shop.test/bundle/${bundleId}`,
      bundle: {
        title: "Whole Desk Kit",
        creatorName: "Paper Fox",
        creatorSlug: "paper-fox",
        priceCents: 2800,
        valueCents: 3500,
        toPayCents: 2800,
        ownedCount: 0,
        products: [
          { productId: planner.id, priceCents: 2000, owned: false },
          { productId: poster.id, priceCents: 1000, owned: false },
          { productId: stickers.id, priceCents: 500, owned: false },
        ],
      },
    });
    expect((page.data as { preview: string | null }).preview).toMatch(new RegExp(`^/media/og/product/${planner.id}/`));
  });

  it("tells a buyer what they own of it and what completing it costs them; a guest owns nothing", async () => {
    const buyer = await createUser(database.db);
    expect((await viewerOf(bundleId, null)).data).toEqual({ bundleId, ownedProductIds: [], toPayCents: null });
    expect((await viewerOf(bundleId, buyer)).data).toEqual({ bundleId, ownedProductIds: [], toPayCents: 2800 });

    await createOrder(database.db, { productIds: [planner.id], userId: buyer.id });
    const some = (await viewerOf(bundleId, buyer)).data as { ownedProductIds: number[]; toPayCents: number };
    expect(some.ownedProductIds).toEqual([planner.id]);
    // The planner's share of $28.00 (20/35 of it) is not paid again.
    expect(some.toPayCents).toBe(2800 - 1600);

    await createOrder(database.db, { productIds: [poster.id, stickers.id], userId: buyer.id });
    expect((await viewerOf(bundleId, buyer)).data).toEqual({
      bundleId,
      ownedProductIds: [planner.id, poster.id, stickers.id],
      toPayCents: 0,
    });
    // An unpaid order owns nothing.
    const other = await createUser(database.db);
    await createOrder(database.db, { productIds: [planner.id], userId: other.id, status: "pending_payment" });
    expect((await viewerOf(bundleId, other)).data).toMatchObject({ ownedProductIds: [] });
  });

  it("is offered on its products' pages, with its price and value", async () => {
    const offers = await productBundleOffers(database.db, poster.id);
    expect(offers).toContainEqual({
      id: bundleId,
      title: "Whole Desk Kit",
      priceCents: 2800,
      valueCents: 3500,
      otherTitles: ["Calm Weekly Planner", "Sticker Sheet"],
    });
    expect(await productBundleOffers(database.db, elsewhere.id)).toEqual([]);
  });

  it("is a 404 again once the bundle is taken off sale", async () => {
    await asSeller({ intent: "unpublish-bundle", bundleId: String(bundleId) });
    expect((await openPage(bundleId)).status).toBe(404);
    expect((await viewerOf(bundleId, seller.user)).data).toEqual({ bundleId, ownedProductIds: [], toPayCents: null });
    expect((await productBundleOffers(database.db, poster.id)).map((offer) => offer.id)).not.toContain(bundleId);
  });
});
