import { beforeAll, describe, expect, it } from "vitest";
import { loadShopFrame } from "../../app/lib/shop-frame.server.ts";
import { loader as becomeSeller } from "../../app/routes/become-seller.tsx";
import { loader as contact } from "../../app/routes/contact.tsx";
import { loader as help } from "../../app/routes/help.tsx";
import { countShop, figuresOf } from "../../server/catalogue/shop-figures.ts";
import { payouts } from "../../server/db/schema.ts";
import type { RequestServices } from "../../server/http/context.ts";
import { createBuyer, createCategory, createCreator, createOrder, createProduct } from "../support/factories.ts";
import { FLAT_TAX } from "../support/orders.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The figures and promises the pages state: the storefront's in a demo shop; in a live shop only what the
// database holds or the configuration says, and nothing where there is nothing.

const database = setUpTestDatabase();

interface BecomeSellerData {
  figures: { sellerStats: { value: string; label: string }[]; customers: string | null };
}
interface ContactData {
  supportHours: string[];
  liveChat: { url: string } | "soon" | null;
}

const SPEC_HOURS = ["Mon-Fri 9AM-6PM EST", "Sat 10AM-4PM EST", "Sun closed"];

function services(shopMode: "demo" | "live", more: Partial<RequestServices> = {}): Partial<RequestServices> {
  return {
    db: database.db,
    readDb: database.db,
    shopMode,
    shopName: "Paper Goods",
    publicUrl: "http://shop.test",
    supportEmail: "help@shop.test",
    supportHours: shopMode === "demo" ? SPEC_HOURS : [],
    liveChatUrl: undefined,
    tax: FLAT_TAX,
    ...more,
  };
}

const answer = async <Data>(loader: (args: never) => Promise<unknown>, url: string, shop: Partial<RequestServices>) =>
  (await routeAnswer<Data>(loader, { url, context: contextAs(null, shop) })).data!;

describe("a live shop that has sold nothing yet", () => {
  it("states no seller figures and no count of customers on Become a Seller", async () => {
    const { figures } = await answer<BecomeSellerData>(becomeSeller, "/become-seller", services("live"));
    expect(figures).toEqual({ sellerStats: [], customers: null });
  });

  it("promises no live chat and no support hours (Contact, Help, the footer)", async () => {
    const shop = services("live");
    expect(await answer<ContactData>(contact, "/contact", shop)).toMatchObject({ supportHours: [], liveChat: null });
    expect(await answer<{ supportHours: string[] }>(async (args) => help(args), "/help", shop)).toEqual({
      supportHours: [],
    });
    expect((await loadShopFrame({ context: contextAs(null, shop) })).supportHours).toEqual([]);
  });

  it("shows the live chat and the hours it configured", async () => {
    const shop = services("live", { supportHours: ["Mon-Fri 8-16 CET"], liveChatUrl: "https://chat.example/shop" });
    expect(await answer<ContactData>(contact, "/contact", shop)).toMatchObject({
      supportHours: ["Mon-Fri 8-16 CET"],
      liveChat: { url: "https://chat.example/shop" },
    });
    expect((await loadShopFrame({ context: contextAs(null, shop) })).supportHours).toEqual(["Mon-Fri 8-16 CET"]);
  });
});

describe("the demo shop", () => {
  it("states the storefront's sample figures, hours and live chat as written", async () => {
    const { figures } = await answer<BecomeSellerData>(becomeSeller, "/become-seller", services("demo"));
    expect(figures.sellerStats).toEqual([
      { value: "1,200+", label: "Active sellers" },
      { value: "$2.5M+", label: "Paid to creators" },
      { value: "50K+", label: "Products sold" },
    ]);
    expect(figures.customers).toBe("25K+");
    expect(await answer<ContactData>(contact, "/contact", services("demo"))).toMatchObject({
      supportHours: SPEC_HOURS,
      liveChat: "soon",
    });
  });
});

describe("a live shop's real figures", () => {
  beforeAll(async () => {
    const category = await createCategory(database.db);
    const seller = await createCreator(database.db);
    const other = await createCreator(database.db);
    const product = await createProduct(database.db, { categoryId: category.id, creatorId: seller.id });
    await createProduct(database.db, { categoryId: category.id, creatorId: other.id, status: "draft" });
    const buyer = await createBuyer(database.db);
    await createOrder(database.db, { productIds: [product.id], userId: buyer.id });
    await createOrder(database.db, { productIds: [product.id], userId: buyer.id });
    await createOrder(database.db, { productIds: [product.id] });
    await createOrder(database.db, { productIds: [product.id], status: "refunded" });
    await database.db.insert(payouts).values([
      {
        creatorId: seller.id,
        amountCents: 1_250_000,
        method: "paypal",
        destination: "s@example.com",
        weekOf: "2026-11-20",
        fundsAvailableOn: "2026-11-25",
        status: "sent",
      },
      {
        creatorId: seller.id,
        amountCents: 99_900,
        method: "paypal",
        destination: "s@example.com",
        weekOf: "2026-11-13",
        fundsAvailableOn: "2026-11-18",
        status: "failed",
      },
      // Sent, and $100.00 of it came back (a partial reversal): $400.00 reached the seller.
      {
        creatorId: seller.id,
        amountCents: 50_000,
        returnedCents: 10_000,
        method: "paypal",
        destination: "s@example.com",
        weekOf: "2026-11-06",
        fundsAvailableOn: "2026-11-11",
        status: "sent",
      },
    ]);
  });

  it("counts sellers with a product on sale, payouts sent (less what came back), copies sold and customers", async () => {
    expect(await countShop(database.db)).toEqual({
      activeSellers: 1,
      paidToCreatorsCents: 1_290_000,
      productsSold: 3,
      customers: 2,
    });
  });

  it("states them, leaving out those still at 0", () => {
    expect(figuresOf({ activeSellers: 1, paidToCreatorsCents: 1_250_099, productsSold: 3, customers: 2 })).toEqual({
      sellerStats: [
        { value: "1", label: "Active sellers" },
        { value: "$12.5K", label: "Paid to creators" },
        { value: "3", label: "Products sold" },
      ],
      customers: "2",
    });
    expect(figuresOf({ activeSellers: 4, paidToCreatorsCents: 99, productsSold: 0, customers: 0 })).toEqual({
      sellerStats: [{ value: "4", label: "Active sellers" }],
      customers: null,
    });
  });
});
