import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Logger, stdSerializers } from "pino";
import { pinoHttp } from "pino-http";

// What the request log may write of an address. Many addresses hold a secret: a guest's order
// link (?access=), a download link (/downloads/<token>), a payment page (/pay/<session id>),
// password-reset and email links (?token=, /reset-password/<token>), Google's ?code= and ?state=.
// So the query is an allow-list: only parameters known to be harmless keep their value; every
// other value is written as [hidden]. Path segments that are secrets are hidden by the segment
// before them.

const HIDDEN = "[hidden]";

/** Query parameters whose values are never secret: listing state, page switches, status codes. */
const HARMLESS_PARAMETERS = new Set([
  // Listing pages (server/search/listing-query.ts, app/lib/listing.ts).
  "q",
  "category",
  "format",
  "style",
  "min",
  "max",
  "sort",
  "tab",
  "view",
  "page",
  // React Router's data requests.
  "_data",
  "_routes",
  "index",
  // Other pages' switches and notices.
  "reviews",
  "all",
  "days",
  "status",
  "show",
  "standing",
  "placed",
  "created",
  "deleted",
  "signin",
  "subject",
  "error",
]);

/**
 * Segments after which the next one is a secret: /downloads/<token>, /pay/<session id>,
 * /account/reset-password/<token> and better-auth's /api/auth/reset-password/<token>.
 * Compared decoded and in lower case, as the router matches them.
 */
const SECRET_FOLLOWS = new Set(["downloads", "pay", "reset-password"]);

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

function maskPath(path: string): string {
  const segments = path.split("/");
  for (let i = 1; i < segments.length; i++) {
    if (!SECRET_FOLLOWS.has(decoded(segments[i - 1]!).toLowerCase())) continue;
    const segment = segments[i]!;
    if (segment === "") continue;
    // Keep React Router's data suffix, which says what kind of request it was.
    segments[i] = segment.endsWith(".data") ? `${HIDDEN}.data` : HIDDEN;
  }
  return segments.join("/");
}

function maskQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      return HARMLESS_PARAMETERS.has(decoded(name)) ? pair : `${name}=${HIDDEN}`;
    })
    .join("&");
}

/** An address as the log may show it: secret path segments and unknown query values hidden. */
export function maskTokens(url: string): string {
  const hash = url.indexOf("#");
  // Browsers never send a fragment; one in text is hidden whole.
  const fragment = hash === -1 ? "" : `#${HIDDEN}`;
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf("?");
  if (question === -1) return `${maskPath(withoutHash)}${fragment}`;
  return `${maskPath(withoutHash.slice(0, question))}?${maskQuery(withoutHash.slice(question + 1))}${fragment}`;
}

// A hosted payment session id wherever it stands, e.g. in "no session hps_...".
const PAYMENT_SESSION_ID = /\bhps_[A-Za-z0-9_-]+/g;

/**
 * Free text (an error's message or stack) with every word that holds a path or a query masked as
 * maskTokens does (also "downloads/<token>" without its leading slash, as Express quotes a
 * parameter), and payment session ids hidden.
 */
export function maskSecretsInText(text: string): string {
  return text
    .replace(/[^\s"'`<>]+/g, (word) => (word.includes("/") || word.includes("?") ? maskTokens(word) : word))
    .replace(PAYMENT_SESSION_ID, HIDDEN);
}

function maskDeep(value: unknown, depth: number): unknown {
  if (typeof value === "string") return maskSecretsInText(value);
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = maskDeep(item, depth + 1);
  return out;
}

/**
 * pino's error serializer, with every string in the result (message, stack, causes, a `url`
 * field...) masked. Under pino-http it receives the error already serialized; the original
 * error it keeps as a hidden `raw` is left out (Object.entries skips it).
 */
export function maskedError(error: unknown): unknown {
  return maskDeep(error instanceof Error ? stdSerializers.err(error) : error, 0);
}

/**
 * A request's line: info for an answer and for a client's mistake (4xx: a wrong method, a bad
 * address), which is the client's to fix; warn for a fault (5xx), whose cause the one who caught it
 * logged at error already.
 */
// A 503 is the shop briefly away (its database), which server/db/availability.ts reports once a
// minute: each request it turned away is an ordinary line, not one more warning.
function requestLogLevel(_req: IncomingMessage, res: ServerResponse, error?: Error): "info" | "warn" {
  if (res.statusCode === 503) return "info";
  return error || res.statusCode >= 500 ? "warn" : "info";
}

// One line per request with what an operator needs, and never a cookie, a token or a password:
// headers are left out on purpose.
export function requestLog(logger: Logger) {
  return pinoHttp({
    logger,
    // A random id per request, in every line logged about it and in the X-Request-Id header (and
    // in the APIs' problem documents), so that what a visitor quotes finds its lines in the log.
    genReqId: (_req, res) => {
      const id = randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" || req.url === "/metrics" },
    customLogLevel: requestLogLevel,
    serializers: {
      // pino-http hands this its own summary of the request, whose url is Express's originalUrl
      // (the address as the client sent it, before mounted routers rewrite req.url).
      req: (req: { id?: unknown; method?: string; url?: string }) => ({
        id: req.id,
        method: req.method,
        url: maskTokens(req.url ?? ""),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      err: maskedError,
    },
  });
}
