import type { Request } from "express";

/** The request's address from the protocol and host Express trusts (`trust proxy`); undefined when malformed. */
export function requestUrl(req: Request): string | undefined {
  try {
    return new URL(`${req.protocol}://${req.get("host") || "localhost"}${req.originalUrl}`).href;
  } catch {
    return undefined;
  }
}
