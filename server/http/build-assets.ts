import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * The build's scripts, styles and fonts. Their names change with their content, so browsers and
 * CDNs keep them for a year; each is sent as the .br or .gz the build made of it (vite.config.ts)
 * when the browser takes that encoding.
 */
export function buildAssets(dir: string): RequestHandler {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    serveStatic: {
      immutable: true,
      maxAge: "1y",
      setHeaders: (res: ServerResponse) => res.setHeader("X-Content-Type-Options", "nosniff"),
    },
  });
}
