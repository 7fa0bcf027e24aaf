import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { ledgerEntries, orders, payouts } from "../../../server/db/schema.ts";
import { createOrder, createProduct } from "../../support/factories.ts";
import type { ContractCase } from "./cases.ts";
import type { ContractWorld } from "./world.ts";

// The sales, payouts and balance operations' own cases.

type Sale = {
  orderNumber: string;
  productTitle: string;
  buyerEmail: string | null;
  paidCents: number;
  sellerCents: number;
};
type Page<Item> = { data: Item[]; pagination: { hasMore: boolean } };

/** A paid order of one of the seller's products (and one of another shop's in the same order). */
async function sale(world: ContractWorld, options: { title: string; paidAt?: Date; consent?: boolean }) {
  const product = await createProduct(world.db, { creatorId: world.creatorId, title: options.title, priceCents: 2000 });
  const theirs = await createProduct(world.db, {
    creatorId: world.otherCreatorId,
    title: `${options.title} elsewhere`,
  });
  const { order } = await createOrder(world.db, {
    productIds: [product.id, theirs.id],
    paidAt: options.paidAt,
    userId: null,
  });
  if (options.consent) {
    await world.db.update(orders).set({ sellerContactConsent: true }).where(eq(orders.id, order.id));
  }
  return order;
}

export const salesCases: ContractCase[] = [
  {
    operationId: "listSales",
    name: "lists the shop's sold items only, with the buyer's email only where they agreed",
    status: 200,
    async request(world) {
      await sale(world, { title: "Quiet Sale" });
      await sale(world, { title: "Friendly Sale", consent: true });
      return { query: { perPage: "100" }, key: world.keys.read };
    },
    check(body) {
      const sales = (body as Page<Sale>).data;
      const quiet = sales.find((item) => item.productTitle === "Quiet Sale");
      const friendly = sales.find((item) => item.productTitle === "Friendly Sale");
      expect(quiet).toMatchObject({ buyerEmail: null, paidCents: 2000, sellerCents: 1400 });
      expect(friendly?.buyerEmail).toBe("guest@example.com");
      expect(sales.some((item) => item.productTitle.endsWith("elsewhere"))).toBe(false);
    },
  },
  {
    operationId: "listSales",
    name: "limits the sales to a time range",
    status: 200,
    async request(world) {
      await sale(world, { title: "Last Year", paidAt: new Date("2025-03-10T12:00:00Z") });
      await sale(world, { title: "This March", paidAt: new Date("2026-03-10T12:00:00Z") });
      return { query: { from: "2026-03-01", to: "2026-04-01T00:00:00Z" }, key: world.keys.read };
    },
    check(body) {
      expect((body as Page<Sale>).data.map((item) => item.productTitle)).toEqual(["This March"]);
    },
  },
  {
    operationId: "listSales",
    name: "refuses a range that ends before it starts",
    status: 400,
    request: (world) => ({ query: { from: "2026-04-01", to: "2026-03-01" }, key: world.keys.read }),
    check(body) {
      expect(body).toMatchObject({ error: { field: "from" } });
    },
  },
  {
    operationId: "listPayouts",
    name: "lists the shop's payouts",
    status: 200,
    async request(world) {
      await world.db.insert(payouts).values({
        creatorId: world.creatorId,
        amountCents: 5000,
        method: "paypal",
        destination: "seller@example.com",
        weekOf: "2026-11-20",
        fundsAvailableOn: "2026-11-25",
      });
      await world.db.insert(payouts).values({
        creatorId: world.otherCreatorId,
        amountCents: 9900,
        method: "paypal",
        destination: "other@example.com",
        weekOf: "2026-11-20",
        fundsAvailableOn: "2026-11-25",
      });
      return { key: world.keys.read };
    },
    check(body) {
      expect((body as Page<{ amountCents: number }>).data.map((payout) => payout.amountCents)).toEqual([5000]);
    },
  },
  {
    operationId: "getBalance",
    name: "answers the shop's balance",
    status: 200,
    async request(world) {
      await world.db.insert(ledgerEntries).values({ creatorId: world.creatorId, kind: "payout", amountCents: -1 });
      return { key: world.keys.read };
    },
    async check(body, world) {
      const entries = await world.db
        .select({ amount: ledgerEntries.amountCents })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.creatorId, world.creatorId));
      const sum = entries.reduce((total, entry) => total + entry.amount, 0);
      expect(body).toEqual({ currency: "usd", balanceCents: sum, payoutMinimumCents: 2500 });
    },
  },
];
