import type { Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject } from "react-router";

/** What the server build knows of a route (`build.routes` of `virtual:react-router/server-build`). */
export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** Labels for what no route pattern names: files served from build/client, and addresses nobody serves. */
const STATIC_LABEL = "static";
const UNMATCHED_LABEL = "unmatched";

type PatternRoute = RouteObject & { pattern: string };

// React Router's route table as the nested objects matchRoutes wants, each with its full pattern.
function routeTree(routes: Record<string, RouteEntry | undefined>): PatternRoute[] {
  const entries = Object.values(routes).filter((entry): entry is RouteEntry => entry !== undefined);
  const build = (parentId: string | undefined, parentPattern: string): PatternRoute[] =>
    entries
      .filter((entry) => entry.parentId === parentId)
      .map((entry) => {
        const pattern = entry.path ? `${parentPattern.replace(/\/$/, "")}/${entry.path}` : parentPattern || "/";
        const children = build(entry.id, pattern);
        const base = { id: entry.id, path: entry.path, caseSensitive: entry.caseSensitive, pattern };
        return (entry.index ? { ...base, index: true } : { ...base, children }) as PatternRoute;
      });
  return build(undefined, "");
}

// The decoded path is used, not only tried: the server build's minifier drops a call to
// decodeURIComponent whose result is unused, and the try with it.
function decoded(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/**
 * The label of a finished request: the pattern of the route that answered it (`/product/:id`),
 * never the address itself, so that the number of label values stays bounded whatever visitors
 * send. Express routes (`/healthz`, `/media/avatars/:name`) give their own pattern; the not-found
 * route and addresses no route matches are `unmatched`, unless a static file answered them.
 */
export function routeLabeller(routes: Record<string, RouteEntry | undefined>) {
  const tree = routeTree(routes);
  // matchRoutes flattens and ranks the whole table on every call: the pattern of each address
  // recently seen is kept (null: no route's).
  const patterns = new LRUCache<string, { pattern: string | null }>({ max: 10_000 });
  const patternOf = (pathname: string) => {
    let known = patterns.get(pathname);
    if (!known) {
      const matches = decoded(pathname) === undefined ? null : matchRoutes(tree, pathname);
      const leaf = matches?.at(-1)?.route as PatternRoute | undefined;
      known = { pattern: leaf && leaf.path !== "*" ? leaf.pattern : null };
      patterns.set(pathname, known);
    }
    return known.pattern;
  };
  return (req: Request, res: Response): string => {
    const expressPath: unknown = req.route?.path;
    if (typeof expressPath === "string") return expressPath;
    // A RegExp route (/^\/api\/auth\//) is shown as its prefix: /api/auth/*.
    if (expressPath instanceof RegExp) return `${expressPath.source.replace(/^\^/, "").replaceAll("\\/", "/")}*`;
    // originalUrl: a mounted middleware (express.static under /assets) leaves req.url shortened.
    const pathname = req.originalUrl.split("?")[0] ?? "/";
    const pattern = patternOf(pathname);
    if (pattern !== null) return pattern;
    // express.static answers before React Router; whatever else no route knows ends as a 404.
    return res.statusCode < 400 && (req.method === "GET" || req.method === "HEAD") ? STATIC_LABEL : UNMATCHED_LABEL;
  };
}
