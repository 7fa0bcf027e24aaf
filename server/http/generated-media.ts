import type { RequestHandler } from "express";
import type { Database } from "../db/client.ts";
import { parseArtName, renderArt } from "../media/generated-art.ts";
import { productOgImage, shopOgImage } from "../media/og-image.ts";
import type { FileStore } from "../storage/file-store.ts";

// Product covers and avatars drawn on demand: the same name always gives the same picture,
// so browsers and proxies may keep them for a year.
export const generatedMedia: RequestHandler = (req, res) => {
  const art = parseArtName(String(req.params.name));
  if (!art) {
    res.status(404).type("text/plain").send("Not found");
    return;
  }
  res
    .type("image/svg+xml")
    .set("Cache-Control", "public, max-age=31536000, immutable")
    .set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
    .send(renderArt(art.kind, art.seed));
};

const AVATAR_NAME = /^[A-Za-z0-9-]+-[0-9a-f]{12}\.webp$/;
const PRODUCT_IMAGE_NAME = /^\d+-[0-9a-f]{12}\.webp$/;

/**
 * Uploaded pictures (avatars, server/accounts/avatar.ts; product images, server/sellers/product-uploads.ts),
 * all WebP: each name is new on every upload, so it never changes and may be cached for a year.
 */
function uploadedImages(files: FileStore, folder: string, names: RegExp): RequestHandler {
  return async (req, res, next) => {
    try {
      const name = String(req.params.name);
      const body = names.test(name) ? await files.read(`${folder}/${name}`) : null;
      if (!body) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      res.type("image/webp").set("Cache-Control", "public, max-age=31536000, immutable").send(body);
    } catch (error) {
      next(error);
    }
  };
}

export const uploadedAvatars = (files: FileStore) => uploadedImages(files, "avatars", AVATAR_NAME);
export const uploadedProductImages = (files: FileStore) => uploadedImages(files, "product-images", PRODUCT_IMAGE_NAME);

const OG_PRODUCT = /^([1-9]\d{0,9})$/;
const OG_PICTURE = /^([a-z0-9-]{1,64})\.jpg$/;
const sendJpeg = (res: Parameters<RequestHandler>[1], body: Buffer) =>
  res.type("image/jpeg").set("Cache-Control", "public, max-age=31536000, immutable").send(body);

/**
 * Link previews (server/media/og-image.ts): /media/og/product/:productId/:picture (a product's
 * first picture, only while it is) and /media/og/shop.jpg. An address names one picture for good.
 */
export function productOgImages(db: Database, files: FileStore): RequestHandler {
  return async (req, res, next) => {
    try {
      const id = OG_PRODUCT.exec(String(req.params.productId))?.[1];
      const picture = OG_PICTURE.exec(String(req.params.picture))?.[1];
      const body = id && picture ? await productOgImage(db, files, Number(id), picture) : null;
      if (!body) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      sendJpeg(res, body);
    } catch (error) {
      next(error);
    }
  };
}

export function shopOgImages(files: FileStore): RequestHandler {
  return async (_req, res, next) => {
    try {
      sendJpeg(res, await shopOgImage(files));
    } catch (error) {
      next(error);
    }
  };
}
