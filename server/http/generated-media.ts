import type { RequestHandler } from "express";
import type { Database } from "../db/client.ts";
import { parseArtName, renderArt } from "../media/generated-art.ts";
import { productImageReader, type VariantLimits } from "../media/image-variants.ts";
import { productOgImage, shopOgImage } from "../media/og-image.ts";
import type { FileStore } from "../storage/file-store.ts";

const FOR_A_YEAR = "public, max-age=31536000, immutable";
const notFound = (res: Parameters<RequestHandler>[1]) => res.status(404).type("text/plain").send("Not found");

// Product covers and avatars drawn on demand: the same name always gives the same picture,
// so browsers and proxies may keep them for a year.
export const generatedMedia: RequestHandler = (req, res) => {
  const art = parseArtName(String(req.params.name));
  if (!art) {
    notFound(res);
    return;
  }
  res
    .type("image/svg+xml")
    .set("Cache-Control", FOR_A_YEAR)
    .set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
    .send(renderArt(art.kind, art.seed));
};

const AVATAR_NAME = /^[A-Za-z0-9-]+-[0-9a-f]{12}\.webp$/;

/**
 * Uploaded avatars (server/accounts/avatar.ts), WebP: each name is new on every upload, so it never
 * changes and may be cached for a year.
 */
export function uploadedAvatars(files: FileStore): RequestHandler {
  return async (req, res, next) => {
    try {
      const name = String(req.params.name);
      const body = AVATAR_NAME.test(name) ? await files.read(`avatars/${name}`) : null;
      if (!body) notFound(res);
      else res.type("image/webp").set("Cache-Control", FOR_A_YEAR).send(body);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Uploaded product pictures (server/sellers/product-uploads.ts) and their smaller and AVIF copies
 * (server/media/image-variants.ts): a name is given once, on upload, so each may be cached for a
 * year; the original standing in for a copy not drawn yet is not kept.
 */
export function uploadedProductImages(files: FileStore, limits?: VariantLimits): RequestHandler {
  const read = productImageReader(files, limits);
  return async (req, res, next) => {
    try {
      const image = await read(String(req.params.name));
      if (!image) notFound(res);
      else
        res
          .type(image.contentType)
          .set("Cache-Control", image.final ? FOR_A_YEAR : "no-store")
          .send(image.body);
    } catch (error) {
      next(error);
    }
  };
}

const OG_PRODUCT = /^([1-9]\d{0,9})$/;
const OG_PICTURE = /^([a-z0-9-]{1,64})\.jpg$/;
const sendJpeg = (res: Parameters<RequestHandler>[1], body: Buffer) =>
  res.type("image/jpeg").set("Cache-Control", FOR_A_YEAR).send(body);

/**
 * Link previews (server/media/og-image.ts): /media/og/product/:productId/:picture (a product's
 * first picture, only while it is) and /media/og/shop.jpg. An address names one picture for good.
 */
export function productOgImages(db: Database, files: FileStore): RequestHandler {
  return async (req, res, next) => {
    try {
      const id = OG_PRODUCT.exec(String(req.params.productId))?.[1];
      const picture = OG_PICTURE.exec(String(req.params.picture))?.[1];
      const body = id && picture ? await productOgImage(db, { files, productId: Number(id), picture }) : null;
      if (!body) notFound(res);
      else sendJpeg(res, body);
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
