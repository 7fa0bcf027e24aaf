import pLimit from "p-limit";
import sharp from "sharp";
import { VARIANT_FORMATS, VARIANT_WIDTHS, type VariantFormat } from "../../shared/image-variants.ts";
import type { FileStore } from "../storage/file-store.ts";

// Smaller copies and AVIF copies of uploaded product pictures (decision 023; their addresses:
// app/lib/image-variants.ts). Each is drawn from the original the first time it is asked for and kept
// in the file store next to it, so pictures uploaded before variants existed get them too. Only the
// fixed widths and two formats exist, at most nine per picture, so nobody can make the shop draw or
// keep pictures of their choosing.

const NAME = /^(\d{1,12}-[0-9a-f]{12})(?:-([1-9]\d{2,3})w)?\.(webp|avif)$/;

interface ProductImageName {
  /** The original's name without `.webp`: `12-3f9a0c1d2e4b`. */
  stem: string;
  /** Null for the original's size. */
  width: number | null;
  format: VariantFormat;
}

/** The picture a name under /media/products/ asks for, or null for any name the shop does not give. */
export function parseProductImageName(name: string): ProductImageName | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const width = match[2] ? Number(match[2]) : null;
  if (width !== null && !(VARIANT_WIDTHS as readonly number[]).includes(width)) return null;
  return { stem: match[1]!, width, format: match[3] as VariantFormat };
}

const keyOf = ({ stem, width, format }: ProductImageName) =>
  `product-images/${stem}${width ? `-${width}w` : ""}.${format}`;

/** The store keys of an uploaded picture (by its name, `12-3f9a0c1d2e4b.webp`) and of every variant it may have. */
export function storedImageKeys(name: string): string[] {
  const original = parseProductImageName(name);
  if (!original || original.width !== null || original.format !== "webp") return [`product-images/${name}`];
  return VARIANT_FORMATS.flatMap((format) =>
    [null, ...VARIANT_WIDTHS].map((width) => keyOf({ stem: original.stem, width, format })),
  );
}

// WebP as the upload itself is made; AVIF at quality 60 is about as sharp (PSNR within 0.5 dB) and
// 10-35% smaller. Effort 1 of 9: effort 2 gave the same bytes (within 1%) in 1.5 times as long, the
// default (4) up to 9 s for one 1280 px picture on this machine's two cores.
const WEBP = { quality: 82 };
const AVIF = { quality: 60, effort: 1 };

/** `original` (an uploaded WebP) `width` pixels wide (never wider than it is), in `format`. */
function drawVariant(original: Buffer, width: number | null, format: VariantFormat): Promise<Buffer> {
  const image = sharp(original, { failOn: "error" });
  if (width) image.resize({ width, withoutEnlargement: true });
  return (format === "avif" ? image.avif(AVIF) : image.webp(WEBP)).toBuffer();
}

export interface ServedImage {
  body: Buffer;
  contentType: string;
  /** False for the original standing in for a variant not drawn yet: it must not be kept under the variant's address. */
  final: boolean;
}

export interface VariantLimits {
  /** Variants drawn at the same time (each is a few hundred ms of CPU, more for AVIF). */
  drawsAtOnce?: number;
  /** Variants waiting their turn beyond which the original is sent instead, for now. */
  maxWaiting?: number;
}

/**
 * Reads a picture under /media/products/ by its name: the original, or a variant, drawn and kept
 * the first time it is asked for. Requests for a variant being drawn wait for that one drawing.
 * Null when the name is not one the shop gives or the original does not exist.
 */
export function productImageReader(files: FileStore, { drawsAtOnce = 2, maxWaiting = 16 }: VariantLimits = {}) {
  const draws = pLimit(drawsAtOnce);
  const drawing = new Map<string, Promise<Buffer | null>>();
  const originalOf = (name: ProductImageName) => files.read(keyOf({ ...name, width: null, format: "webp" }));

  async function drawAndKeep(name: ProductImageName): Promise<Buffer | null> {
    const original = await originalOf(name);
    if (!original) return null;
    const variant = await drawVariant(original, name.width, name.format);
    await files.put(keyOf(name), variant);
    return variant;
  }

  return async function read(fileName: string): Promise<ServedImage | null> {
    const name = parseProductImageName(fileName);
    if (!name) return null;
    const key = keyOf(name);
    const contentType = `image/${name.format}`;
    const stored = await files.read(key);
    if (stored) return { body: stored, contentType, final: true };
    if (name.width === null && name.format === "webp") return null; // no such original
    let drawn = drawing.get(key);
    if (!drawn) {
      if (draws.pendingCount >= maxWaiting) {
        // Too many waiting: the original now, rather than a long wait (browsers read WebP whatever the address).
        const original = await originalOf(name);
        return original ? { body: original, contentType: "image/webp", final: false } : null;
      }
      drawn = draws(() => drawAndKeep(name)).finally(() => drawing.delete(key));
      drawing.set(key, drawn);
    }
    const body = await drawn;
    return body ? { body, contentType, final: true } : null;
  };
}
