import { and, asc, eq } from "drizzle-orm";
import sharp, { type OverlayOptions } from "sharp";
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from "../../shared/link-preview.ts";
import type { Database } from "../db/client.ts";
import { productImages, products } from "../db/schema.ts";
import type { FileStore } from "../storage/file-store.ts";
import { parseArtName, renderArt } from "./generated-art.ts";

// Link previews (Open Graph, X cards): social networks show neither SVG nor (all of them) WebP, so each
// product's picture is also drawn as a 1200x630 JPEG: the cover whole in the middle, over a
// blurred, cropped copy of itself that fills the frame. No text, so no fonts are needed: the
// preview's title and description come from the page's own tags.
//
// Addresses: /media/og/product/<id>/<picture>.jpg, where <picture> names the product's first image
// (planner-17 for /media/generated/planner-17.svg, 12-3f9a... for an upload). A new picture gives a
// new address, so each may be cached for a year; only a product's own first picture is drawn, so
// nobody can make the shop draw and keep pictures of their choosing. The shop's own preview (for
// every other page) is SHOP_PREVIEW_PATH, /media/og/shop.jpg. Drawn pictures are kept in the file store under og/.

const OG_WIDTH = PREVIEW_WIDTH;
const OG_HEIGHT = PREVIEW_HEIGHT;

const GENERATED = /^\/media\/generated\/([a-z-]+-\d+)\.svg$/;
const UPLOADED = /^\/media\/products\/(\d+-[0-9a-f]{12})\.webp$/;

/** The name an image address gives its preview (without .jpg), or null for an address the shop did not make. */
function pictureOf(imageUrl: string): string | null {
  const generated = GENERATED.exec(imageUrl);
  if (generated && parseArtName(`${generated[1]}.svg`)) return generated[1]!;
  return UPLOADED.exec(imageUrl)?.[1] ?? null;
}

/** The address of the product's link preview, from the address of its first image; null when it has none. */
export function productOgImagePath(productId: number, imageUrl: string | undefined): string | null {
  const picture = imageUrl ? pictureOf(imageUrl) : null;
  return picture ? `/media/og/product/${productId}/${picture}.jpg` : null;
}

async function sourceBytes(imageUrl: string, files: FileStore): Promise<Buffer | null> {
  const generated = GENERATED.exec(imageUrl);
  if (generated) {
    const art = parseArtName(`${generated[1]}.svg`);
    return art ? Buffer.from(renderArt(art.kind, art.seed)) : null;
  }
  const uploaded = UPLOADED.exec(imageUrl);
  return uploaded ? files.read(`product-images/${uploaded[1]}.webp`) : null;
}

/** The frame filled with `source`, cropped and blurred: made small and scaled up, which is fast and soft. */
async function blurredFill(source: Buffer): Promise<Buffer> {
  const small = await sharp(source)
    .resize(OG_WIDTH / 10, OG_HEIGHT / 10, { fit: "cover" })
    .blur(4)
    .toBuffer();
  return sharp(small).resize(OG_WIDTH, OG_HEIGHT).modulate({ brightness: 0.85 }).toBuffer();
}

async function asJpeg(backdrop: Buffer, layers: OverlayOptions[]): Promise<Buffer> {
  return sharp(backdrop).composite(layers).flatten({ background: "#ffffff" }).jpeg({ quality: 84 }).toBuffer();
}

/** A 1200x630 JPEG of `source` (any image sharp reads): the whole picture over a blurred fill of itself. */
async function drawOgImage(source: Buffer): Promise<Buffer> {
  const side = OG_HEIGHT - 60;
  const [backdrop, picture] = await Promise.all([
    blurredFill(source),
    sharp(source).resize(side, side, { fit: "inside" }).toBuffer(),
  ]);
  return asJpeg(backdrop, [{ input: picture, gravity: "center" }]);
}

/** The shop's own preview: four covers of its kinds of product side by side, over a blurred fill. */
async function drawShopOgImage(): Promise<Buffer> {
  const covers = (["planner", "wall-art", "template", "course"] as const).map((kind, index) =>
    Buffer.from(renderArt(kind, 7 + index * 5)),
  );
  const tile = 270;
  const gap = (OG_WIDTH - 4 * tile) / 5;
  const [backdrop, ...tiles] = await Promise.all([
    blurredFill(covers[0]!),
    ...covers.map((cover) => sharp(cover).resize(tile, tile).toBuffer()),
  ]);
  return asJpeg(
    backdrop!,
    tiles.map((input, index) => ({
      input,
      left: Math.round(gap + index * (tile + gap)),
      top: Math.round((OG_HEIGHT - tile) / 2),
    })),
  );
}

/** The first image of a product on sale, or null. */
async function firstImageOf(db: Database, productId: number): Promise<string | null> {
  const [row] = await db
    .select({ url: productImages.url })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(and(eq(productImages.productId, productId), eq(products.status, "published")))
    .orderBy(asc(productImages.position))
    .limit(1);
  return row?.url ?? null;
}

/** Reads the kept preview, or draws and keeps it. */
async function kept(files: FileStore, key: string, draw: () => Promise<Buffer | null>): Promise<Buffer | null> {
  const stored = await files.read(key);
  if (stored) return stored;
  const drawn = await draw();
  if (drawn) await files.put(key, drawn);
  return drawn;
}

/**
 * The preview at /media/og/product/<productId>/<picture>.jpg: null unless the product is on sale
 * and `picture` names its first image (an older picture's address is gone with it).
 */
export async function productOgImage(
  db: Database,
  { files, productId, picture }: { files: FileStore; productId: number; picture: string },
): Promise<Buffer | null> {
  const imageUrl = await firstImageOf(db, productId);
  if (!imageUrl || pictureOf(imageUrl) !== picture) return null;
  return kept(files, `og/product-${picture}.jpg`, async () => {
    const source = await sourceBytes(imageUrl, files);
    return source ? drawOgImage(source) : null;
  });
}

/** The shop's own preview, drawn once and kept. */
export function shopOgImage(files: FileStore): Promise<Buffer> {
  return kept(files, "og/shop.jpg", drawShopOgImage) as Promise<Buffer>;
}
