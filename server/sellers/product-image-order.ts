import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { productImages } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { requireOwnProduct } from "./seller-products.ts";

// The order of a product's images: the first is its cover on cards and the product page.

export type ImageMove = "earlier" | "later";

/**
 * Swaps the image with its neighbour before or after it, then numbers the product's images 0, 1,
 * 2... in their order (so positions stay unique and without gaps, whatever removals left). Only
 * the seller's own product, and only an image of it; moving the first image earlier or the last
 * later is refused. Answers the image's new place, from 0.
 */
export async function moveProductImage(
  db: Database,
  {
    creatorId,
    productId,
    imageId,
    direction,
  }: { creatorId: number; productId: number; imageId: number; direction: ImageMove },
): Promise<number> {
  await requireOwnProduct(db, creatorId, productId);
  return db.transaction(async (tx) => {
    // Locked, so that two moves of this product's images apply one after the other.
    const images = await tx
      .select({ id: productImages.id, position: productImages.position })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id))
      .for("update");
    const from = images.findIndex((image) => image.id === imageId);
    // Another product's image answers as the product would: it is not in this seller's shop.
    if (from < 0) throw new Refusal("We could not find this product in your shop.", "not-found");
    const to = direction === "earlier" ? from - 1 : from + 1;
    if (to < 0) throw new Refusal("This image is already the first.", "conflict");
    if (to >= images.length) throw new Refusal("This image is already the last.", "conflict");
    const order = images.map((image) => image.id);
    [order[from], order[to]] = [order[to]!, order[from]!];
    const changed = order
      .map((id, position) => ({ id, position }))
      .filter(({ id, position }) => images.find((image) => image.id === id)!.position !== position);
    if (changed.length === 0) return to;
    await tx.execute(sql`
      UPDATE ${productImages} SET position = moved.position
      FROM (VALUES ${sql.join(
        changed.map(({ id, position }) => sql`(${id}::int, ${position}::int)`),
        sql`, `,
      )}) AS moved (id, position)
      WHERE ${productImages.id} = moved.id`);
    return to;
  });
}
