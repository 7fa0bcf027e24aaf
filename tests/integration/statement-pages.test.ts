import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as fileLoader } from "../../app/routes/seller/statement-file.ts";
import { loader as listLoader } from "../../app/routes/seller/statements.tsx";
import { ledgerEntries, type user } from "../../server/db/schema.ts";
import { recordSales } from "../../server/payouts/ledger.ts";
import { createOrder, createProduct, createSeller, createUser } from "../support/factories.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The statements page and its files through their loaders, as a browser asks for them: a seller
// gets their own statements only, whatever address they type; a buyer or a visitor gets none.

const database = setUpTestDatabase();
type Account = typeof user.$inferSelect;
type Call = (args: never) => Promise<unknown>;
let seller: Awaited<ReturnType<typeof createSeller>>;
let otherSeller: Awaited<ReturnType<typeof createSeller>>;
let buyer: Account;

/** A sale of a new product of `creatorId`, titled `title`, entered in the ledger on 2026-10-15. */
async function saleOf(creatorId: number, title: string) {
  const product = await createProduct(database.db, { creatorId, title, priceCents: 2000 });
  const { order } = await createOrder(database.db, { productIds: [product.id] });
  await recordSales(database.db, order.id);
  await database.db
    .update(ledgerEntries)
    .set({ createdAt: new Date("2026-10-15T12:00:00Z") })
    .where(eq(ledgerEntries.creatorId, creatorId));
  return order.number;
}

let myOrder = "";
let theirOrder = "";

beforeAll(async () => {
  seller = await createSeller(database.db, { creator: { name: "Paper Fox" } });
  otherSeller = await createSeller(database.db, { creator: { name: "Ink Owl" } });
  buyer = await createUser(database.db);
  myOrder = await saleOf(seller.creator.id, "My Planner");
  theirOrder = await saleOf(otherSeller.creator.id, "Their Secret Product");
});

const contextOf = (account: Account | null) =>
  contextAs(account, { db: database.db, shopName: "Test Market", shopMode: "live" });

const fileAs = (account: Account | null, file: string) =>
  routeAnswer(fileLoader as Call, {
    url: `/seller/statements/${file}`,
    params: { file },
    context: contextOf(account),
  });

async function pdfText(response: Response) {
  const document = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  return (await extractText(document, { mergePages: true })).text;
}

describe("the statements page", () => {
  it("lists the seller's own months with activity, and sends others away", async () => {
    const mine = await routeAnswer(listLoader as Call, { url: "/seller/statements", context: contextOf(seller.user) });
    expect(mine.data).toMatchObject({
      months: [{ month: "2026-10", name: "October 2026", sales: 1, refunds: 0, payouts: 0, netCents: 1400 }],
    });
    expect(
      await routeAnswer(listLoader as Call, { url: "/seller/statements", context: contextOf(buyer) }),
    ).toMatchObject({ status: 302, location: "/" });
    const visitor = await routeAnswer(listLoader as Call, { url: "/seller/statements", context: contextOf(null) });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/\?signin=required&next=%2Fseller%2Fstatements/);
  });
});

describe("a statement file", () => {
  it("is the signed-in seller's own, as a PDF and a CSV, private and not kept", async () => {
    const pdf = await fileAs(seller.user, "2026-10.pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.response!.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.response!.headers.get("Cache-Control")).toBe("private, no-store");
    expect(pdf.response!.headers.get("Content-Disposition")).toBe(
      `attachment; filename="statement-2026-10-seller-${seller.creator.id}.pdf"`,
    );
    const text = await pdfText(pdf.response!);
    expect(text).toContain("Paper Fox");
    expect(text).toContain(myOrder);
    expect(text).not.toContain(theirOrder);

    const csv = await fileAs(seller.user, "2026-10.csv");
    expect(csv.response!.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.response!.headers.get("Cache-Control")).toBe("private, no-store");
    const rows = await csv.response!.text();
    expect(rows).toContain(`,Sale,${myOrder},My Planner,20.00,6.00,14.00,14.00\r\n`);
    expect(rows).not.toContain(theirOrder);
  });

  it("is never another seller's: the same address gives another seller their own statement", async () => {
    const theirs = await fileAs(otherSeller.user, "2026-10.csv");
    expect(theirs.status).toBe(200);
    const rows = await theirs.response!.text();
    expect(rows).toContain("Their Secret Product");
    expect(rows).not.toContain(myOrder);
    expect(rows).not.toContain("My Planner");
  });

  it("is nobody's but a seller's: a buyer is sent home, a visitor to sign in", async () => {
    for (const file of ["2026-10.pdf", "2026-10.csv"]) {
      expect(await fileAs(buyer, file)).toMatchObject({ status: 302, location: "/" });
      const visitor = await fileAs(null, file);
      expect(visitor.status).toBe(302);
      expect(visitor.location).toMatch(/^\/\?signin=required&next=%2Fseller%2Fstatements/);
    }
  });

  it("answers an address that is no statement's with a 404 page and the way back", async () => {
    const refused = await fileAs(seller.user, "2026-10.exe");
    expect(refused.status).toBe(404);
    const page = await refused.response!.text();
    expect(page).toContain("Statement unavailable");
    expect(page).toContain('href="/seller/statements"');
  });
});
