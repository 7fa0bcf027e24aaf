import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WITHDRAWAL_CONSENT } from "../../shared/withdrawal.ts";
import { createProduct, createProducts } from "../../tests/support/factories.ts";
import { parseMime, partOfType } from "../../tests/support/mime.ts";
import {
  checkoutServices,
  paidOrder,
  payOrder,
  recordingJobs,
  reloadOrder,
  startOrder,
  TEST_SECRET,
  TEST_SHOP_URL,
} from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { addToCart, applyDiscountCode } from "../cart/cart.ts";
import { ensureShopper } from "../cart/shopper.ts";
import { discountCodes, orders, user } from "../db/schema.ts";
import { createMailer } from "../email/mailer.ts";
import { receiptEmail } from "../email/receipt-email.ts";
import { invoicesOfOrder } from "../invoices/invoices.ts";
import { checkout } from "./checkout.ts";
import { isOrderAccessToken } from "./order-access.ts";
import { itemsOf } from "./place-order.ts";
import { type ReceiptServices, sendReceipt } from "./send-receipt.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
let productIds: number[] = [];

// A real SMTP server in this process; it refuses every recipient while `refuseRecipients` is set.
const received: { to: string[]; raw: string }[] = [];
let refuseRecipients = false;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onRcptTo(_address, _session, callback) {
    if (refuseRecipients) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    callback();
  },
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (chunk) => (raw += chunk));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw });
      callback();
    });
  },
});
let services: ReceiptServices;

beforeAll(async () => {
  productIds = (await createProducts(database.db, 3)).map((product) => product.id);
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  services = {
    db: database.db,
    mailer: createMailer({
      from: '"Test Market" <no-reply@shop.test>',
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: "/nonexistent",
      log: () => {},
      shop: { name: "Test Market", url: TEST_SHOP_URL },
    }),
    publicUrl: TEST_SHOP_URL,
    shopName: "Test Market",
    secret: TEST_SECRET,
    supplier: { name: "Test Market", address: [], email: "support@shop.test" },
  };
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
beforeEach(() => {
  refuseRecipients = false;
});

const shop = () => checkoutServices(database.db, jobs);
const buyer = { userId: null, name: "Grace Buyer", email: "grace@example.com" };
/** Dollars as the receipt shows them, for amounts under $1,000: 4598 -> "$45.98". */
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Sends the receipt; the messages the SMTP server received meanwhile. */
async function sendAndCollect(orderId: number) {
  const before = received.length;
  const result = await sendReceipt(services, orderId);
  return { result, messages: received.slice(before) };
}

describe("sending a paid order's receipt", () => {
  it("names each line's license tier and seats beside its title and key", async () => {
    const tiered = await createProduct(database.db, {
      title: "Type Specimen",
      priceCents: 1000,
      commercialPriceCents: 2500,
    });
    const { id: shopperId } = await ensureShopper(database.db, { userId: null, guestId: null });
    await addToCart(database.db, { shopperId, productId: tiered.id, tier: "commercial" });
    await addToCart(database.db, { shopperId, productId: tiered.id, tier: "commercial" });
    const started = await checkout(shop(), { shopperId, buyer, idempotencyKey: crypto.randomUUID() });
    const [placed] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
    const order = await payOrder(database.db, jobs, placed!);
    const [item] = await itemsOf(database.db, order.id);

    const { messages } = await sendAndCollect(order.id);
    const message = parseMime(messages[0]!.raw);
    expect(partOfType(message, "text/plain")).toContain(
      `Type Specimen: $50.00\n  Commercial license · 2 seats, key ${item!.licenseKey}`,
    );
    expect(partOfType(message, "text/html")).toContain(`Commercial license · 2 seats<br/>Key <code`);
  });

  it("shows the discount with its code between subtotal and tax, and what was paid for each discounted line", async () => {
    const discounted = await createProduct(database.db, { title: "Sale Planner", priceCents: 3000 });
    await database.db.insert(discountCodes).values({ code: "Receipt20", kind: "percent", value: 20 });
    const { id: shopperId } = await ensureShopper(database.db, { userId: null, guestId: null });
    await addToCart(database.db, { shopperId, productId: discounted.id });
    await applyDiscountCode(database.db, shopperId, "receipt20");
    const started = await checkout(shop(), { shopperId, buyer, idempotencyKey: crypto.randomUUID() });
    const [placed] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
    const order = await payOrder(database.db, jobs, placed!);
    // $30.00, 20% off: $6.00; tax 8% of $24.00.
    expect([order.subtotalCents, order.discountCents, order.taxCents, order.totalCents]).toEqual([
      3000, 600, 192, 2592,
    ]);

    const { messages } = await sendAndCollect(order.id);
    const message = parseMime(messages[0]!.raw);
    const text = partOfType(message, "text/plain")!;
    expect(text).toContain("Sale Planner: $30.00\n  Personal license · 1 seat, key ");
    expect(text).toContain("  You paid $24.00 ($6.00 off)");
    expect(text).toContain("Subtotal: $30.00\nDiscount (Receipt20): \u2212$6.00\nTax (8%): $1.92\nTotal: $25.92");
    const html = partOfType(message, "text/html")!;
    expect(html).toContain("<br/>You paid $24.00 ($6.00 off)</div>");
    expect(html).toMatch(/>Discount \(Receipt20\)<\/td><td [^>]*>\u2212\$6\.00<\/td>/);
  });

  it("confirms an EU consumer's consent word for word, or says until when they may withdraw; names the tax as charged", () => {
    const receipt = {
      to: "a@example.com",
      shopName: "Test Market",
      orderNumber: "EUROPE001",
      items: [
        { title: "Planner", quantity: 1, lineTotalCents: 1190, licenseType: "personal" as const, licenseKey: null },
      ],
      subtotalCents: 1190,
      taxCents: 190,
      taxLabel: "VAT 19% (Germany)",
      taxIncluded: true,
      totalCents: 1190,
      orderUrl: `${TEST_SHOP_URL}/orders/EUROPE001`,
      licenseUrl: `${TEST_SHOP_URL}/license`,
    };
    const consented = receiptEmail({
      ...receipt,
      withdrawal: { consentText: WITHDRAWAL_CONSENT, consentAt: new Date("2026-11-29T10:00:00Z") },
    });
    expect(consented.text).toContain(`On Nov 29, 2026 you agreed: “${WITHDRAWAL_CONSENT}”`);
    expect(consented.html).toContain("you agreed:");
    expect(consented.text).toContain("VAT 19% (Germany), included: $1.90");
    const keeps = receiptEmail({
      ...receipt,
      withdrawal: { deadline: new Date("2026-12-13T10:00:00Z"), withdrawUrl: `${TEST_SHOP_URL}/withdraw` },
    });
    expect(keeps.text).toContain(
      `You may withdraw from this purchase until Dec 13, 2026 and get your money back: ${TEST_SHOP_URL}/withdraw`,
    );
    expect(receiptEmail(receipt).text).not.toContain("withdraw");
  });

  it("names an upgrade's line by the licence it moves to", () => {
    const email = receiptEmail({
      to: "a@example.com",
      shopName: "Test Market",
      orderNumber: "UPGRADE01",
      items: [
        {
          title: "Type Specimen",
          quantity: 1,
          lineTotalCents: 4000,
          licenseType: "extended",
          licenseKey: null,
          upgradeToSeats: 3,
        },
      ],
      subtotalCents: 4000,
      taxCents: 320,
      taxLabel: "Tax (8%)",
      taxIncluded: false,
      totalCents: 4320,
      orderUrl: `${TEST_SHOP_URL}/account/orders/UPGRADE01`,
      licenseUrl: `${TEST_SHOP_URL}/license`,
    });
    expect(email.text).toContain("Type Specimen: $40.00\n  License upgrade: Extended license · 3 seats\n");
    expect(email.text).not.toContain("Discount");
    expect(email.html).toContain("License upgrade: Extended license · 3 seats");
    // No files of its own: the receipt points to the order page for the licence.
    expect(email.text).toContain("Your license has been upgraded. See it on your order page:");
    expect(email.html).toContain("View your order");
    expect(email.html).not.toContain("Download your files");
  });

  it("emails the buyer once: order number, items, license keys, totals and the guest's order link, as text and HTML", async () => {
    const { order } = await paidOrder(shop(), [productIds[0]!, productIds[1]!], buyer);
    const items = await itemsOf(database.db, order.id);
    expect(items).toHaveLength(2);

    const { result, messages } = await sendAndCollect(order.id);
    expect(result).toBe("sent");
    expect(messages).toHaveLength(1);
    expect(messages[0]!.to).toEqual(["grace@example.com"]);
    const message = parseMime(messages[0]!.raw);
    expect(message.headers.get("subject")).toBe(`Your Test Market receipt for order ${order.number}`);
    expect(message.headers.get("to")).toBe("grace@example.com");
    const text = partOfType(message, "text/plain")!;
    const html = partOfType(message, "text/html")!;
    expect(text).toBeDefined();
    expect(html).toBeDefined();

    // A guest's address is not confirmed: the name they typed is not sent to it (no spam relay).
    expect(text).toContain("Hello,");
    expect(text).not.toContain("Grace Buyer");
    expect(html).not.toContain("Grace Buyer");
    expect(text).toContain(`receipt for order ${order.number}.`);
    for (const item of items) {
      expect(item.licenseKey).toMatch(/^DGM(-[A-Z0-9]{4}){4}$/);
      expect(text).toContain(
        `${item.title}: ${usd(item.lineTotalCents)}\n  Personal license · 1 seat, key ${item.licenseKey}`,
      );
      expect(html).toContain(item.title);
      expect(html).toMatch(new RegExp(`<code [^>]*>${item.licenseKey}</code>`));
    }
    expect(order.subtotalCents).toBe(items[0]!.lineTotalCents + items[1]!.lineTotalCents);
    expect(text).toContain(`Subtotal: ${usd(order.subtotalCents)}`);
    expect(text).toContain(`Tax (8%): ${usd(order.taxCents)}`);
    expect(text).toContain(`Total: ${usd(order.totalCents)}`);
    for (const cents of [order.subtotalCents, order.taxCents, order.totalCents]) expect(html).toContain(usd(cents));
    expect(html).toContain(`<strong>${order.number}</strong>`);

    const link = new RegExp(`${TEST_SHOP_URL}/orders/([A-Z0-9]{9})\\?access=([A-Za-z0-9_-]+)`).exec(text);
    expect(link?.[1]).toBe(order.number);
    expect(isOrderAccessToken({ secret: TEST_SECRET, orderNumber: order.number, token: link?.[2] })).toBe(true);
    expect(html).toContain(`href="${link![0]}"`);
    // The guest's link expires; the receipt says so and where a new one is asked for.
    expect(text).toContain(
      `This link works for 90 days; after that, ask for a new one at ${TEST_SHOP_URL}/orders/lookup`,
    );
    expect(html).toMatch(new RegExp(`<a href="${TEST_SHOP_URL}/orders/lookup"[^>]*>ask for a new one</a>`));

    expect((await reloadOrder(database.db, order.id)).receiptSentAt).toBeInstanceOf(Date);
  });

  it("sends nothing the second time (the job may run again)", async () => {
    const { order } = await paidOrder(shop(), [productIds[2]!], buyer);
    expect((await sendAndCollect(order.id)).messages).toHaveLength(1);
    const sentAt = (await reloadOrder(database.db, order.id)).receiptSentAt;
    expect(await sendAndCollect(order.id)).toEqual({ result: "skipped", messages: [] });
    expect((await reloadOrder(database.db, order.id)).receiptSentAt).toEqual(sentAt);
  });

  it("sends nothing for an unpaid order, or an order that does not exist", async () => {
    const { order } = await startOrder(shop(), [productIds[0]!], buyer);
    expect(await sendAndCollect(order.id)).toEqual({ result: "skipped", messages: [] });
    expect((await reloadOrder(database.db, order.id)).receiptSentAt).toBeNull();
    expect(await sendAndCollect(2_000_000_000)).toEqual({ result: "skipped", messages: [] });
  });

  it("links a signed-in buyer to their account's order page", async () => {
    await database.db.insert(user).values({ id: "receipt-buyer", name: "Bea", email: "bea@example.com" });
    const { order } = await paidOrder(shop(), [productIds[0]!], {
      userId: "receipt-buyer",
      name: "Bea",
      email: "bea@example.com",
    });
    const { messages } = await sendAndCollect(order.id);
    const text = partOfType(parseMime(messages[0]!.raw), "text/plain")!;
    expect(text).toContain(`${TEST_SHOP_URL}/account/orders/${order.number}\n`);
    expect(text).toContain("Hi Bea,");
    expect(text).not.toContain("access=");
    expect(text).not.toContain("90 days");
  });

  it("attaches the order's invoice as a PDF, issued once: a retry after the mail server refused sends the same", async () => {
    const { order } = await paidOrder(shop(), [productIds[0]!, productIds[2]!], buyer);
    refuseRecipients = true;
    await expect(sendReceipt(services, order.id)).rejects.toThrow(/Mailbox unavailable/);
    refuseRecipients = false;
    const { messages } = await sendAndCollect(order.id);
    const [invoice, ...others] = await invoicesOfOrder(database.db, order.id);
    expect(others).toEqual([]);
    const pdf = parseMime(messages[0]!.raw).parts.find((part) =>
      (part.headers.get("content-type") ?? "").startsWith("application/pdf"),
    )!;
    expect(pdf.headers.get("content-disposition")).toContain(`filename=${invoice!.code}.pdf`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.bytes)), { mergePages: true });
    expect(text).toContain(`Invoice ${invoice!.code}`);
    expect(text.replace(/\s+/g, " ")).toContain(
      `Total ${usd(invoice!.netCents)} ${usd(invoice!.taxCents)} ${usd(order.totalCents)}`,
    );
  });

  it("throws when the mail server refuses, leaving the receipt unsent for the retry", async () => {
    const { order } = await paidOrder(shop(), [productIds[1]!], buyer);
    refuseRecipients = true;
    const before = received.length;
    await expect(sendReceipt(services, order.id)).rejects.toThrow(/Mailbox unavailable/);
    expect(received.length).toBe(before);
    expect((await reloadOrder(database.db, order.id)).receiptSentAt).toBeNull();

    refuseRecipients = false;
    const retry = await sendAndCollect(order.id);
    expect(retry.result).toBe("sent");
    expect(retry.messages).toHaveLength(1);
    expect((await reloadOrder(database.db, order.id)).receiptSentAt).toBeInstanceOf(Date);
  });
});
