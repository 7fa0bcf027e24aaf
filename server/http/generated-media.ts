import type { RequestHandler } from "express";
import { parseArtName, renderArt } from "../media/generated-art.ts";
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

/** Uploaded avatars (server/accounts/avatar.ts): each name is new on every upload, so it never changes. */
export function uploadedAvatars(files: FileStore): RequestHandler {
  return async (req, res, next) => {
    try {
      const name = String(req.params.name);
      const body = AVATAR_NAME.test(name) ? await files.read(`avatars/${name}`) : null;
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
