import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { licenses, orderItems, orders, user } from "../db/schema.ts";
import { orderAccessToken } from "../orders/order-access.ts";
import { type CertificateFacts, certificateResponse, licenseCertificatePdf } from "./certificate.ts";
import { revokeLicense } from "./licenses.ts";

const SECRET = "test-secret-for-license-certificates";
const SERVICES = { secret: SECRET, shopName: "Test Market", publicUrl: "http://shop.test" };
const database = setUpTestDatabase();

beforeAll(async () => {
  for (const id of [1, 2]) await createProduct(database.db, { id, title: `Poster ${id}` });
  await database.db.insert(user).values(["ann", "bob"].map((id) => ({ id, name: id, email: `${id}@example.com` })));
});

async function textOf(pdf: Uint8Array) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(document, { mergePages: true });
  const { info } = await getMeta(document);
  return { text, totalPages, info: info as Record<string, string> };
}

const FACTS: CertificateFacts = {
  productTitle: "Botanical Prints",
  creatorName: "Emma Lindqvist",
  buyerName: "Zoë Ødegård-Łukasiewicz",
  buyerEmail: "zoe@example.com",
  orderNumber: "AB12CD34E",
  purchasedAt: new Date("2026-11-24T12:00:00Z"),
  tier: "commercial",
  seats: 2,
  licenseKey: "DGM-7K2Q-9XWM-C4RT-P8NE",
  termsVersion: "2026-11",
};
const SITE = { shopName: "Test Market", licenseUrl: "http://shop.test/license" };

describe("licenseCertificatePdf", () => {
  it("states on one page who holds which license to what, and what it allows", async () => {
    const { text, totalPages, info } = await textOf(await licenseCertificatePdf(FACTS, SITE));
    expect(totalPages).toBe(1);
    for (const fact of [
      "Test Market",
      "License Certificate",
      "Botanical Prints",
      "by Emma Lindqvist",
      "Licensed to Zoë Ødegård-Łukasiewicz",
      "Email zoe@example.com",
      "Commercial license · 2 seats",
      "DGM-7K2Q-9XWM-C4RT-P8NE",
      "AB12CD34E",
      "Nov 24, 2026",
      "2026-11",
      "What the Commercial license allows",
      "Use the files in client projects and in your business.",
      "http://shop.test/license",
    ]) {
      expect(text).toContain(fact);
    }
    expect(info.Title).toBe("Commercial license certificate: Botanical Prints");
  });

  it("draws a character its font lacks as '?', and keeps the exact name in the metadata", async () => {
    const { text, info } = await textOf(
      await licenseCertificatePdf({ ...FACTS, buyerName: "山田 Anna", tier: "extended", seats: 1 }, SITE),
    );
    expect(text).toContain("Licensed to ?? Anna");
    expect(text).toContain("Extended license · 1 seat");
    expect(info.Subject).toBe("License DGM-7K2Q-9XWM-C4RT-P8NE for 山田 Anna <zoe@example.com>");
  });
});

/** The certificate route's answer for `viewer`, of item `itemId` (the first item by default). */
async function request(
  order: { number: string },
  itemId: number | string,
  viewer: { userId: string | null; accessToken?: string | null },
) {
  return certificateResponse(
    { db: database.db, ...SERVICES },
    { orderNumber: order.number, itemId: String(itemId), viewer, orderPageUrl: "/account/orders/x" },
  );
}

describe("certificateResponse", () => {
  it("gives the account's own order's certificate as a PDF download, with the license as it is now", async () => {
    const { order, items } = await createOrder(database.db, { userId: "ann", productIds: [1, 2] });
    await database.db.update(orders).set({ customerName: "Ann Ñúñez" }).where(eq(orders.id, order.id));
    await database.db.update(licenses).set({ seats: 3 }).where(eq(licenses.orderItemId, items[1]!.id));
    const response = await request(order, items[1]!.id, { userId: "ann" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="license-certificate-${items[1]!.licenseKey}.pdf"`,
    );
    const { text } = await textOf(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain(items[1]!.licenseKey!);
    expect(text).toContain("Commercial license · 3 seats");
    expect(text).toContain("Licensed to Ann Ñúñez\nEmail ann@example.com");
    expect(text).toContain("Poster 2");
    expect(text).not.toContain(items[0]!.licenseKey!);
  });

  it("answers another account, a stranger and a wrong item as for an order that does not exist (404)", async () => {
    const { order, items } = await createOrder(database.db, { userId: "ann", productIds: [1] });
    const other = await createOrder(database.db, { userId: "ann", productIds: [2] });
    for (const [itemId, viewer] of [
      [items[0]!.id, { userId: "bob" }],
      [items[0]!.id, { userId: null, accessToken: orderAccessToken(SECRET, other.order.number) }],
      [other.items[0]!.id, { userId: "ann" }],
      ["0", { userId: "ann" }],
      ["1e3", { userId: "ann" }],
      ["99999999999999999999", { userId: "ann" }],
    ] as const) {
      const response = await request(order, itemId, viewer);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    }
    const unknown = await request({ number: "<script>" }, items[0]!.id, { userId: "ann" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("We could not find this order.");
  });

  it("gives a guest's certificate to the holder of the order's link", async () => {
    const { order, items } = await createOrder(database.db, { userId: null, productIds: [1] });
    const response = await request(order, items[0]!.id, {
      userId: null,
      accessToken: orderAccessToken(SECRET, order.number),
    });
    expect(response.status).toBe(200);
    expect((await textOf(new Uint8Array(await response.arrayBuffer()))).text).toContain(items[0]!.licenseKey!);
    expect((await request(order, items[0]!.id, { userId: null, accessToken: "x".repeat(27) })).status).toBe(404);
  });

  it("refuses a refunded item (410), an upgrade's line (404) and an unpaid order (409), saying why", async () => {
    const { order, items } = await createOrder(database.db, { userId: "ann", productIds: [1, 2] });
    await database.db
      .update(orderItems)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(eq(orderItems.id, items[0]!.id));
    await revokeLicense(database.db, items[0]!.id);
    const refunded = await request(order, items[0]!.id, { userId: "ann" });
    expect(refunded.status).toBe(410);
    expect(await refunded.text()).toContain("This item was refunded, so its license has ended");
    expect((await request(order, items[1]!.id, { userId: "ann" })).status).toBe(200);

    const [license] = await database.db.select().from(licenses).where(eq(licenses.orderItemId, items[1]!.id));
    const upgrade = await createOrder(database.db, { userId: "ann", productIds: [2], status: "pending_payment" });
    await database.db
      .update(orderItems)
      .set({ upgradesLicenseId: license!.id, upgradeToSeats: 2 })
      .where(eq(orderItems.id, upgrade.items[0]!.id));
    await database.db.update(orders).set({ status: "paid", paidAt: new Date() }).where(eq(orders.id, upgrade.order.id));
    const upgradeLine = await request(upgrade.order, upgrade.items[0]!.id, { userId: "ann" });
    expect(upgradeLine.status).toBe(404);
    expect(await upgradeLine.text()).toContain("download the certificate from that order&#39;s page");

    const unpaid = await createOrder(database.db, { userId: "ann", productIds: [1], status: "pending_payment" });
    const pending = await request(unpaid.order, unpaid.items[0]!.id, { userId: "ann" });
    expect(pending.status).toBe(409);
    expect(await pending.text()).toContain("once the order is paid");
  });
});
