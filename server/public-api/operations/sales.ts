import { and, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import { LICENSE_TIERS } from "../../../shared/license-tiers.ts";
import { PAYOUT_MINIMUM_CENTS } from "../../../shared/shop-facts.ts";
import { bundles, orderItems, orders, PAYOUT_STATUSES, payouts } from "../../db/schema.ts";
import { DELIVERABLE_ORDER_STATUSES } from "../../delivery/open-download.ts";
import { Refusal } from "../../lib/refusal.ts";
import { sellerBalance } from "../../payouts/ledger.ts";
import { defineOperation } from "../operation.ts";
import { centsSchema, currencySchema, isoTime, pageFrom, pageOf, pageQueryShape, timeSchema } from "../schemas.ts";

// The seller's sales, payouts and balance: what the dashboard's Sales and Earnings pages show.
// Never the buyer, except the email of one who agreed at checkout that sellers may write to them.

const saleSchema = z
  .object({
    orderItemId: z.number().int().meta({ description: "The sold item's id (one per product of an order)." }),
    orderNumber: z.string(),
    paidAt: timeSchema,
    productId: z.number().int(),
    productTitle: z.string().meta({ description: "The title when it was bought." }),
    licenseTier: z.enum(LICENSE_TIERS),
    seats: z.number().int().meta({ description: "The license's seats (for an upgrade: the seats it moved to)." }),
    upgrade: z.boolean().meta({ description: "An upgrade of a license the buyer had, sold for the difference." }),
    bundleTitle: z.string().nullable().meta({ description: "The bundle it was sold in, if any." }),
    currency: currencySchema,
    paidCents: centsSchema.meta({ description: "What the buyer paid for the item, after discounts, before tax." }),
    sellerCents: centsSchema.meta({ description: "Your 70% of it." }),
    status: z.enum(["active", "refunded"]),
    buyerEmail: z
      .string()
      .nullable()
      .meta({ description: "Only when the buyer agreed at checkout that sellers may email them; null otherwise." }),
  })
  .strict()
  .meta({ title: "Sale" });

const payoutSchema = z
  .object({
    id: z.number().int(),
    currency: currencySchema,
    amountCents: centsSchema,
    method: z
      .string()
      .meta({ description: "paypal, bank_transfer, or direct_deposit (a transfer to your payout account)." }),
    destination: z.string().meta({
      description: "Where it went (your PayPal address, the bank account's last digits, or your payout account).",
    }),
    rail: z.enum(["transfer", "manual"]).meta({
      description: "transfer: sent to your payout account by the processor; manual: paid by the shop's owner.",
    }),
    weekOf: z.iso.date().meta({ description: "The Friday of the payout run." }),
    fundsAvailableOn: z.iso.date(),
    status: z.enum(PAYOUT_STATUSES).meta({
      description:
        "pending: taken from your balance, on its way out; sent: the transfer was made or the owner paid it; failed: it did not go out, and its amount is back on your balance; reversed: it all came back to your balance.",
    }),
    failureReason: z.string().nullable().meta({ description: "Why it failed or came back, when it did." }),
    returnedCents: centsSchema.meta({ description: "What of it came back to your balance." }),
    createdAt: timeSchema,
  })
  .strict()
  .meta({ title: "Payout" });

const balanceSchema = z
  .object({
    currency: currencySchema,
    balanceCents: centsSchema.meta({ description: "What you have earned and not been paid yet (refunds taken off)." }),
    payoutMinimumCents: centsSchema.meta({ description: "Payouts go out on Fridays once the balance reaches this." }),
  })
  .strict()
  .meta({ title: "Balance" });

/** A moment or a day (YYYY-MM-DD, the day's start in UTC) of the sales filter. */
const moment = (name: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], {
      error: `${name} is a date (YYYY-MM-DD) or an ISO 8601 time.`,
    })
    .optional();

const saleExample: z.input<typeof saleSchema> = {
  orderItemId: 311,
  orderNumber: "K7Q2M9X4A",
  paidAt: "2026-11-21T14:03:00.000Z",
  productId: 42,
  productTitle: "Calm Weekly Planner",
  licenseTier: "commercial",
  seats: 1,
  upgrade: false,
  bundleTitle: null,
  currency: "usd",
  paidCents: 2400,
  sellerCents: 1680,
  status: "active",
  buyerEmail: null,
};

export const salesOperations = [
  defineOperation({
    method: "get",
    path: "/sales",
    operationId: "listSales",
    tag: "Sales and payouts",
    summary: "List your sales",
    description:
      "Your sold items of paid orders (refunded ones too, with their status), newest first. `from` and `to` limit them to a time range: from included, to excluded.",
    scope: "read",
    query: z.object({
      ...pageQueryShape,
      from: moment("from").meta({
        description: "Sales paid at or after this (a date or an ISO time).",
        example: "2026-11-01",
      }),
      to: moment("to").meta({ description: "Sales paid before this (a date or an ISO time).", example: "2026-12-01" }),
    }),
    response: {
      status: 200,
      description: "A page of sales.",
      schema: pageOf(saleSchema),
      example: { data: [saleExample], pagination: { page: 1, perPage: 25, hasMore: false } },
    },
    async handler({ caller, query }, { db }) {
      const from = query.from ? new Date(query.from) : undefined;
      const to = query.to ? new Date(query.to) : undefined;
      if (from && to && from >= to) throw new Refusal("from must be before to.", "invalid", { field: "from" });
      const rows = await db
        .select({
          orderItemId: orderItems.id,
          orderNumber: orders.number,
          paidAt: orders.paidAt,
          productId: orderItems.productId,
          productTitle: orderItems.title,
          licenseTier: orderItems.licenseType,
          quantity: orderItems.quantity,
          upgradeToSeats: orderItems.upgradeToSeats,
          bundleTitle: bundles.title,
          lineTotalCents: orderItems.lineTotalCents,
          discountCents: orderItems.discountCents,
          sellerCents: orderItems.sellerCents,
          status: orderItems.status,
          email: orders.email,
          consent: orders.sellerContactConsent,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .leftJoin(bundles, eq(bundles.id, orderItems.bundleId))
        .where(
          and(
            eq(orderItems.creatorId, caller.creatorId),
            inArray(orders.status, [...DELIVERABLE_ORDER_STATUSES, "refunded"]),
            from ? gte(orders.paidAt, from) : undefined,
            to ? lt(orders.paidAt, to) : undefined,
          ),
        )
        .orderBy(desc(orders.paidAt), desc(orderItems.id))
        .limit(query.perPage + 1)
        .offset((query.page - 1) * query.perPage);
      return pageFrom(
        rows.map((row) => ({
          orderItemId: row.orderItemId,
          orderNumber: row.orderNumber,
          paidAt: isoTime(row.paidAt ?? new Date(0)),
          productId: row.productId,
          productTitle: row.productTitle,
          licenseTier: row.licenseTier,
          seats: row.upgradeToSeats ?? row.quantity,
          upgrade: row.upgradeToSeats !== null,
          bundleTitle: row.bundleTitle,
          currency: "usd" as const,
          paidCents: row.lineTotalCents - row.discountCents,
          sellerCents: row.sellerCents,
          status: row.status,
          buyerEmail: row.consent ? row.email : null,
        })),
        query,
      );
    },
  }),
  defineOperation({
    method: "get",
    path: "/payouts",
    operationId: "listPayouts",
    tag: "Sales and payouts",
    summary: "List your payouts",
    description: "The weekly payouts made to you, newest first.",
    scope: "read",
    query: z.object(pageQueryShape),
    response: {
      status: 200,
      description: "A page of payouts.",
      schema: pageOf(payoutSchema),
      example: {
        data: [
          {
            id: 7,
            currency: "usd",
            amountCents: 12_600,
            method: "paypal",
            destination: "you@example.com",
            rail: "manual",
            weekOf: "2026-11-20",
            fundsAvailableOn: "2026-11-25",
            status: "sent",
            failureReason: null,
            returnedCents: 0,
            createdAt: "2026-11-20T09:00:04.000Z",
          },
        ],
        pagination: { page: 1, perPage: 25, hasMore: false },
      },
    },
    async handler({ caller, query }, { db }) {
      const rows = await db
        .select()
        .from(payouts)
        .where(eq(payouts.creatorId, caller.creatorId))
        .orderBy(desc(payouts.weekOf), desc(payouts.id))
        .limit(query.perPage + 1)
        .offset((query.page - 1) * query.perPage);
      return pageFrom(
        rows.map((row) => ({
          id: row.id,
          currency: "usd" as const,
          amountCents: row.amountCents,
          method: row.method,
          destination: row.destination,
          rail: row.rail,
          weekOf: row.weekOf,
          fundsAvailableOn: row.fundsAvailableOn,
          status: row.status,
          failureReason: row.failureReason,
          returnedCents: row.returnedCents,
          createdAt: isoTime(row.createdAt),
        })),
        query,
      );
    },
  }),
  defineOperation({
    method: "get",
    path: "/balance",
    operationId: "getBalance",
    tag: "Sales and payouts",
    summary: "Get your balance",
    description: "What the next payout would pay you.",
    scope: "read",
    response: {
      status: 200,
      description: "Your balance.",
      schema: balanceSchema,
      example: { currency: "usd", balanceCents: 4_830, payoutMinimumCents: PAYOUT_MINIMUM_CENTS },
    },
    async handler({ caller }, { db }) {
      return {
        currency: "usd" as const,
        balanceCents: await sellerBalance(db, caller.creatorId),
        payoutMinimumCents: PAYOUT_MINIMUM_CENTS,
      };
    },
  }),
];
