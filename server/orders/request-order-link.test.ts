import { beforeAll, describe, expect, it } from "vitest";
import { type OrderLinkRequest, orderLinkRequestSchema } from "../../shared/order-link-schema.ts";
import { createProducts } from "../../tests/support/factories.ts";
import { checkoutServices, recordingJobs, startOrder, TEST_SECRET, TEST_SHOP_URL } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { user } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { findOrderFor } from "./find-order.ts";
import type { Order } from "./place-order.ts";
import { ORDER_LINK_SENT, requestOrderLink } from "./request-order-link.ts";

const database = setUpTestDatabase();
let productIds: number[] = [];

beforeAll(async () => {
  productIds = (await createProducts(database.db, 2)).map((product) => product.id);
  await database.db.insert(user).values({ id: "acct", name: "Acct", email: "acct@example.com" });
});

/** A guest's order, bought with this address. */
async function guestOrder(email: string): Promise<Order> {
  const { order } = await startOrder(checkoutServices(database.db, recordingJobs()), [productIds[0]!], {
    userId: null,
    name: "Gus <b>Guest</b>",
    email,
  });
  return order;
}

function ask(jobs: ReturnType<typeof recordingJobs>, request: OrderLinkRequest) {
  return requestOrderLink(
    { db: database.db, jobs, secret: TEST_SECRET, publicUrl: TEST_SHOP_URL, shopName: "Test Market" },
    request,
  );
}

/** What the requester is told: the message, or the refusal's message and status. */
async function answerTo(asking: Promise<string>) {
  return asking.then(
    (message) => ({ message, status: 200 }),
    (error: unknown) => {
      if (!(error instanceof Refusal)) throw error;
      return { message: error.message, status: error.status };
    },
  );
}

const SENT = { message: ORDER_LINK_SENT, status: 200 };

describe("asking for a new link to a guest's order", () => {
  it("emails one fresh link, which opens the order, to the order's own address when number and email match", async () => {
    const order = await guestOrder("Gina.Guest@Example.com");
    const jobs = recordingJobs();
    // As typed: lower-case number, other capitals and spaces in the address.
    const request = orderLinkRequestSchema.parse({
      orderNumber: ` ${order.number.toLowerCase()} `,
      email: " gina.guest@example.COM ",
    });
    expect(await answerTo(ask(jobs, request))).toEqual(SENT);
    expect(jobs.sent).toHaveLength(1);
    const [email] = jobs.emailsTo("Gina.Guest@Example.com");
    expect(email!.subject).toBe(`A new link to your Test Market order ${order.number}`);
    const link = new RegExp(`${TEST_SHOP_URL}/orders/${order.number}\\?access=([A-Za-z0-9_-]{27})`).exec(email!.text);
    expect(link).not.toBeNull();
    expect(email!.html).toContain(link![0]);
    const opened = await findOrderFor(database.db, {
      secret: TEST_SECRET,
      orderNumber: order.number,
      viewer: { userId: null, accessToken: link![1] },
    });
    expect(opened.id).toBe(order.id);
  });

  it("sends nothing when the number and email do not belong to one guest order, and answers the same", async () => {
    const order = await guestOrder("hugo@example.com");
    const other = await guestOrder("iris@example.com");
    const { order: accountOrder } = await startOrder(checkoutServices(database.db, recordingJobs()), [productIds[1]!], {
      userId: "acct",
      name: "Acct",
      email: "acct@example.com",
    });
    const jobs = recordingJobs();
    const attempts: OrderLinkRequest[] = [
      { orderNumber: order.number, email: "iris@example.com" }, // another order's address
      { orderNumber: other.number, email: "hugo@example.com" },
      { orderNumber: "ZZZZZZZZZ", email: "hugo@example.com" }, // no such order
      { orderNumber: accountOrder.number, email: "acct@example.com" }, // an account's order: sign in instead
    ];
    for (const attempt of attempts) expect(await answerTo(ask(jobs, attempt))).toEqual(SENT);
    expect(jobs.sent).toEqual([]);
  });

  it("puts nothing the requester typed into the email", async () => {
    const order = await guestOrder("jade@example.com");
    const jobs = recordingJobs();
    await ask(jobs, { orderNumber: order.number, email: "jade@example.com" });
    const [email] = jobs.emailsTo("jade@example.com");
    // The buyer's name from the checkout is not repeated either: only the shop's own words.
    expect(`${email!.subject}${email!.text}${email!.html}`).not.toMatch(/Gus|<b>/);
  });

  it("refuses past 3 requests an hour for one order, and 5 for one address, matched or not, with the same message", async () => {
    const order = await guestOrder("kim@example.com");
    const jobs = recordingJobs();
    const right = { orderNumber: order.number, email: "kim@example.com" };
    const wrong = { orderNumber: order.number, email: "stranger@example.com" };
    expect(await answerTo(ask(jobs, wrong))).toEqual(SENT);
    expect(await answerTo(ask(jobs, right))).toEqual(SENT);
    expect(await answerTo(ask(jobs, wrong))).toEqual(SENT);
    const limited = await answerTo(ask(jobs, right));
    expect(limited.status).toBe(429);
    expect(limited.message).toBe("Too many requests for a new order link. Please try again in an hour.");
    expect(jobs.emailsTo("kim@example.com")).toHaveLength(1);
    // The 4th request for an unknown order gets the same refusal: the limit reveals nothing either.
    const unknown = { orderNumber: "YYYYYYYYY", email: "nobody@example.com" };
    for (let i = 0; i < 3; i++) await ask(jobs, unknown);
    expect(await answerTo(ask(jobs, unknown))).toEqual(limited);

    // Per address: five different orders of one address, then the sixth is refused.
    const address = "lee@example.com";
    const mine = await Promise.all([1, 2, 3, 4, 5, 6].map(() => guestOrder(address)));
    for (const each of mine.slice(0, 5))
      expect(await answerTo(ask(jobs, { orderNumber: each.number, email: address }))).toEqual(SENT);
    expect(await answerTo(ask(jobs, { orderNumber: mine[5]!.number, email: address }))).toEqual(limited);
    expect(jobs.emailsTo(address)).toHaveLength(5);
  });

  it("checks the form: a 9-character order number and an email address", () => {
    const issues = (input: object) =>
      orderLinkRequestSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ orderNumber: "ABC", email: "a@example.com" })).toEqual([
      "Please enter the 9-character order number from your receipt.",
    ]);
    expect(issues({ orderNumber: "ABC123XYZ", email: "not an address" })).toEqual([
      "Please enter a valid email address, like name@example.com.",
    ]);
    expect(issues({})).toHaveLength(2);
  });
});
