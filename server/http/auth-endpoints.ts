import { toNodeHandler } from "better-auth/node";
import type { RequestHandler } from "express";
import type { Auth } from "../accounts/auth.ts";

// The better-auth endpoints that a browser reaches directly: starting Google sign-in, Google's
// redirect back, and the links in our emails. Everything else (sign-in, sign-up, password and
// email changes...) goes through the route modules, which check input with our schemas and
// count attempts against our limits; answering it here would let a client skip both.
const BROWSER_ENDPOINTS: ReadonlyArray<readonly [method: string, path: RegExp]> = [
  ["POST", /^\/sign-in\/social$/],
  ["GET", /^\/(oauth2\/)?callback\/[\w-]+$/],
  ["GET", /^\/reset-password\/[^/]+$/],
  ["GET", /^\/verify-email$/],
  ["GET", /^\/error$/],
];

/** Mounted at `basePath` (/api/auth): answers the browser's endpoints and 404s the rest. */
export function browserAuthEndpoints(auth: Auth, basePath: string): RequestHandler {
  const handler = toNodeHandler(auth);
  return (req, res) => {
    const path = req.path.slice(basePath.length);
    const method = req.method === "HEAD" ? "GET" : req.method;
    if (BROWSER_ENDPOINTS.some(([allowed, pattern]) => allowed === method && pattern.test(path))) {
      return handler(req, res);
    }
    res.status(404).json({ message: "Not found" });
  };
}
