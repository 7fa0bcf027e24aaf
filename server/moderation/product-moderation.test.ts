import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { addToCart } from "../cart/cart.ts";
import { ensureShopper } from "../cart/shopper.ts";
import { getProductDetail } from "../catalogue/product-detail.ts";
import { creators, productFiles, products } from "../db/schema.ts";
import { openDownload } from "../delivery/open-download.ts";
import { filesForOrder } from "../delivery/order-downloads.ts";
import { seedSampleCatalogueIfEmpty } from "../demo/catalogue/seed-sample-catalogue.ts";
import { ensureSampleProductFiles } from "../demo/files/sample-files.ts";
import { searchProducts } from "../search/product-search.ts";
import { productForEditor, setPublished } from "../sellers/seller-products.ts";
import { type FileStore, localFileStore } from "../storage/file-store.ts";
import {
  type AdminServices,
  findProductsForModeration,
  hideProduct,
  hideProductSchema,
  moderationQuery,
  restoreProduct,
} from "./product-moderation.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
let services: AdminServices;
let directory: string;
let files: FileStore;
/** The demo seller's shop (it has an owner, who gets the emails) and its products. */
let shop: { id: number; name: string };
let shopProducts: { id: number; title: string }[] = [];

beforeAll(async () => {
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "moderation-"));
  files = localFileStore(directory);
  await ensureSampleProductFiles(database.db, files);
  services = { db: database.db, jobs, shopName: "Test Market", publicUrl: "http://shop.test" };
  const [owned] = await database.db
    .select({ id: creators.id, name: creators.name })
    .from(creators)
    .where(eq(creators.userId, "demo-seller"));
  shop = owned!;
  shopProducts = await database.db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(eq(products.creatorId, shop.id))
    .orderBy(asc(products.id));
});

afterAll(async () => {
  await fs.rm(directory, { recursive: true, force: true });
});

const NOTE = "The cover image is taken from another seller's listing.";

async function statusOf(productId: number) {
  const [row] = await database.db
    .select({ status: products.status, hiddenBy: products.hiddenBy, hiddenNote: products.hiddenNote })
    .from(products)
    .where(eq(products.id, productId));
  return row!;
}

const inSearch = async (title: string, productId: number) =>
  (await searchProducts(database.db, { query: title, limit: 100 })).products.some((card) => card.id === productId);

describe("finding products to moderate", () => {
  it("reads the query, status and page from the address", () => {
    expect(moderationQuery(new URLSearchParams("q=%20Planner%20&status=hidden&page=2"))).toEqual({
      query: "Planner",
      status: "hidden",
      page: 2,
    });
    expect(moderationQuery(new URLSearchParams("status=deleted&page=x"))).toEqual({
      query: "",
      status: "all",
      page: 1,
    });
  });

  it("finds by title or creator name in any case, newest first, 25 a page", async () => {
    const product = shopProducts[0]!;
    const byTitle = await findProductsForModeration(database.db, {
      query: product.title.toUpperCase(),
      status: "all",
      page: 1,
    });
    expect(byTitle.products.map((row) => row.id)).toContain(product.id);
    expect(byTitle.products[0]).toMatchObject({ creatorName: shop.name, status: "published" });

    const byCreator = await findProductsForModeration(database.db, {
      query: shop.name.toLowerCase(),
      status: "all",
      page: 1,
    });
    expect(byCreator.products.map((row) => row.id).sort((a, b) => a - b)).toEqual(shopProducts.map((row) => row.id));

    // A tag matches the public search, but is neither a title nor a creator name.
    const tagged = shopProducts[5]!;
    await database.db
      .update(products)
      .set({ tags: ["zebra-striped"] })
      .where(eq(products.id, tagged.id));
    expect(await inSearch("zebra-striped", tagged.id)).toBe(true);
    const byTag = await findProductsForModeration(database.db, { query: "Zebra-Striped", status: "all", page: 1 });
    expect(byTag.products).toEqual([]);

    const total = (await database.db.select({ id: products.id }).from(products)).length;
    const pages = [];
    for (let page = 1; page <= Math.ceil(total / 25); page++) {
      pages.push(await findProductsForModeration(database.db, { query: "", status: "all", page }));
    }
    expect(pages.map((page) => page.products.length)).toEqual(
      pages.map((_, index) => Math.min(25, total - index * 25)),
    );
    expect(pages.map((page) => page.hasNext)).toEqual(pages.map((_, index) => index < pages.length - 1));
    const ids = pages.flatMap((page) => page.products.map((row) => row.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(total);
  });
});

describe("hiding a product", () => {
  it("takes it out of search, its creator's listing and its page; buyers keep their downloads; the seller reads why", async () => {
    const product = shopProducts[0]!;
    const bought = await createOrder(database.db, { status: "paid", productIds: [product.id] });
    expect(await inSearch(product.title, product.id)).toBe(true);

    expect(await hideProduct(services, product.id, NOTE)).toEqual({ title: product.title, sellerTold: true });

    expect(await statusOf(product.id)).toEqual({ status: "hidden", hiddenBy: "moderation", hiddenNote: NOTE });
    expect(await inSearch(product.title, product.id)).toBe(false);
    const creatorPage = await searchProducts(database.db, { creatorId: shop.id, limit: 100 });
    expect(creatorPage.products.map((card) => card.id)).not.toContain(product.id);
    expect(await getProductDetail(database.db, product.id)).toBeNull();

    // The buyer's order still lists the file, and the file still opens.
    const [item] = await filesForOrder(database.db, { secret: "secret", orderId: bought.order.id });
    expect(item!.files).toHaveLength(1);
    const opened = await openDownload(database.db, {
      files,
      target: {
        orderItemId: bought.items[0]!.id,
        fileId: item!.files[0]!.fileId,
      },
    });
    expect(opened.body.subarray(0, 5).toString()).toBe("%PDF-");

    // Nobody can put it in a cart any more.
    const { id: shopperId } = await ensureShopper(database.db, { userId: null, guestId: null });
    await expect(addToCart(database.db, { shopperId, productId: product.id })).rejects.toThrow(
      "This product is not available.",
    );

    // The seller sees the note in the editor, is told by email, and cannot publish it again.
    const editor = await productForEditor(database.db, shop.id, product.id);
    expect(editor.product).toMatchObject({ status: "hidden", hiddenBy: "moderation", hiddenNote: NOTE });
    const email = jobs.emailsTo("seller@demo.example").at(-1)!;
    expect(email.subject).toBe(`Your product "${product.title}" was taken off Test Market`);
    expect(email.text).toContain(NOTE);
    expect(email.text).toContain(`http://shop.test/seller/products/${product.id}`);
    await expect(
      setPublished(database.db, { creatorId: shop.id, productId: product.id, published: true }),
    ).rejects.toThrow("The platform has hidden");
  });

  it("hides a draft too, and lists hidden products under their filter", async () => {
    const draft = shopProducts[1]!;
    await database.db.update(products).set({ status: "draft" }).where(eq(products.id, draft.id));
    await hideProduct(services, draft.id, NOTE);
    expect((await statusOf(draft.id)).status).toBe("hidden");
    const hidden = await findProductsForModeration(database.db, { query: "", status: "hidden", page: 1 });
    expect(hidden.products.map((row) => row.id).sort((a, b) => a - b)).toEqual([shopProducts[0]!.id, draft.id]);
    const published = await findProductsForModeration(database.db, { query: shop.name, status: "published", page: 1 });
    expect(published.products.map((row) => row.id)).not.toContain(draft.id);
  });

  it("tells nobody when the shop has no owner's account", async () => {
    const [unowned] = await database.db
      .select({ id: products.id, title: products.title })
      .from(products)
      .innerJoin(creators, eq(creators.id, products.creatorId))
      .where(and(isNull(creators.userId), eq(products.status, "published")))
      .limit(1);
    const sent = jobs.sent.length;
    expect(await hideProduct(services, unowned!.id, NOTE)).toEqual({ title: unowned!.title, sellerTold: false });
    expect(jobs.sent.length).toBe(sent);
    await restoreProduct(services, unowned!.id);
    expect((await statusOf(unowned!.id)).status).toBe("published");
  });

  it("refuses an unknown, a deleted or an already hidden product, changing nothing", async () => {
    const sent = jobs.sent.length;
    for (const id of [999_999, 0, -3, Number.NaN]) {
      await expect(hideProduct(services, id, NOTE)).rejects.toThrow("There is no such product.");
    }
    const deleted = shopProducts[2]!;
    await database.db.update(products).set({ status: "deleted" }).where(eq(products.id, deleted.id));
    await expect(hideProduct(services, deleted.id, NOTE)).rejects.toThrow("There is no such product.");
    expect((await statusOf(deleted.id)).status).toBe("deleted");
    await expect(hideProduct(services, shopProducts[0]!.id, "Another note for it.")).rejects.toThrow(
      "This product is already hidden.",
    );
    expect((await statusOf(shopProducts[0]!.id)).hiddenNote).toBe(NOTE);
    expect(jobs.sent.length).toBe(sent);
  });

  it("needs a note of a few words", () => {
    expect(hideProductSchema.safeParse({ productId: "12", note: "  Too short " }).error?.issues[0]?.message).toMatch(
      /at least 10 characters/,
    );
    expect(hideProductSchema.parse({ productId: "12", note: `  ${NOTE} ` })).toEqual({ productId: 12, note: NOTE });
  });
});

describe("restoring a product", () => {
  it("is refused while its shop is suspended, and works once the shop is active again", async () => {
    const product = shopProducts[0]!;
    await database.db.update(creators).set({ standing: "suspended" }).where(eq(creators.id, shop.id));
    await expect(restoreProduct(services, product.id)).rejects.toThrow(`The shop "${shop.name}" is suspended`);
    expect((await statusOf(product.id)).status).toBe("hidden");
    await database.db.update(creators).set({ standing: "active" }).where(eq(creators.id, shop.id));

    await restoreProduct(services, product.id);
    expect(await statusOf(product.id)).toEqual({ status: "published", hiddenBy: null, hiddenNote: null });
    expect(await inSearch(product.title, product.id)).toBe(true);
    expect(await getProductDetail(database.db, product.id)).toMatchObject({ id: product.id });
    expect(jobs.emailsTo("seller@demo.example").at(-1)!.subject).toBe(
      `Your product "${product.title}" is back on Test Market`,
    );
  });

  it("is refused for a product that is not hidden, or hidden with its shop", async () => {
    await expect(restoreProduct(services, shopProducts[0]!.id)).rejects.toThrow("This product is not hidden.");
    const withShop = shopProducts[3]!;
    await database.db
      .update(products)
      .set({ status: "hidden", hiddenBy: "suspension" })
      .where(eq(products.id, withShop.id));
    await expect(restoreProduct(services, withShop.id)).rejects.toThrow("hidden with its shop");
    expect((await statusOf(withShop.id)).status).toBe("hidden");
    await expect(restoreProduct(services, 999_999)).rejects.toThrow("There is no such product.");
  });

  it("is refused for a product with no file to deliver", async () => {
    const draft = shopProducts[1]!;
    await database.db.delete(productFiles).where(and(eq(productFiles.productId, draft.id)));
    await expect(restoreProduct(services, draft.id)).rejects.toThrow("no image or no file");
    expect((await statusOf(draft.id)).status).toBe("hidden");
  });
});
