import type { RequestHandler } from "express";
import { parseArtName, renderArt } from "../media/generated-art.ts";

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
