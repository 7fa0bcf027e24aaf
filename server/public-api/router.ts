import express, { type NextFunction, type Request, type Response } from "express";
import { rateLimit } from "express-rate-limit";
import type { Logger } from "pino";
import type { z } from "zod";
import { assertShopMayAct } from "../accounts/shared-demo-accounts.ts";
import { sqlStateOf } from "../db/sql-state.ts";
import { PostgresRateLimitStore } from "../http/rate-limit-store.ts";
import { Refusal } from "../lib/refusal.ts";
import { type ApiCaller, checkApiKey } from "../sellers/api-keys.ts";
import { API_ERROR_CODES, ApiError, type ApiErrorStatus, invalidRequest } from "./errors.ts";
import { openApiDocument } from "./openapi.ts";
import type { ApiOperation, ApiServices } from "./operation.ts";
import { PUBLIC_API_OPERATIONS } from "./operations/index.ts";

// The public API for sellers' own tools, an Express router mounted at /api/public/v1 ahead of the
// shop's form guards (server/http/app.ts): a bearer key is not a cookie, so the same-origin check
// and the per-address form limit do not apply; each key has its own limit instead. Decision 035.

/** Requests a key may make a minute (counted in PostgreSQL, so across every app server). */
export const REQUESTS_PER_MINUTE = 120;
/** The largest JSON body the API reads (a product's fields are far less). */
const API_BODY_LIMIT_BYTES = 64 * 1024;

export interface PublicApiOptions extends ApiServices {
  publicUrl: string;
  logger: Logger;
  /** demo: the shared demo seller's keys (made before decision 039) are refused. */
  shopMode: "demo" | "live";
  /** For tests: the operations served (all of them by default). */
  operations?: readonly ApiOperation[];
  requestsPerMinute?: number;
}

type Locals = { caller?: ApiCaller };

function refuse(res: Response, error: ApiError) {
  if (error.status === 401) res.set("WWW-Authenticate", 'Bearer realm="api"');
  res.status(error.status).json(error.body);
}

/** Express paths from OpenAPI ones: `/products/{id}` is `/products/:id`. */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

export function publicApi(options: PublicApiOptions): express.Router {
  const { db, publicUrl, logger, operations = PUBLIC_API_OPERATIONS } = options;
  const services: ApiServices = { db, files: options.files, jobs: options.jobs, publicUrl };
  const router = express.Router({ caseSensitive: true, strict: false });
  const document = openApiDocument(operations, publicUrl);

  router.use((_req, res, next) => {
    // Every answer is one seller's data: never kept by a browser or a proxy.
    res.set("Cache-Control", "no-store");
    next();
  });
  router.get("/openapi.json", (_req, res) => {
    res.json(document);
  });

  // The key: `Authorization: Bearer <key>`. No cookie is read here.
  const authenticate = async (req: Request, res: Response, next: NextFunction) => {
    const header = req.get("authorization") ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      return refuse(res, new ApiError(401, "Send your API key as `Authorization: Bearer <key>`."));
    }
    const check = await checkApiKey(db, match[1]!);
    if (!check.ok) {
      return refuse(
        res,
        check.reason === "unknown"
          ? new ApiError(401, "This API key is not valid or was revoked.")
          : new ApiError(
              403,
              "This key's shop may not use the API now: it is suspended or removed, or no longer sells.",
            ),
      );
    }
    (res.locals as Locals).caller = check.caller;
    next();
  };

  const perKeyLimit = rateLimit({
    windowMs: 60_000,
    limit: options.requestsPerMinute ?? REQUESTS_PER_MINUTE,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    store: new PostgresRateLimitStore(db, "public-api"),
    keyGenerator: (_req, res) => `key-${(res.locals as Locals).caller!.keyId}`,
    handler: (_req, res) => {
      refuse(
        res,
        new ApiError(429, "Too many requests with this key. Wait the seconds Retry-After says, then try again."),
      );
    },
  });

  const readJson = express.json({ limit: API_BODY_LIMIT_BYTES, strict: false, type: () => true });

  for (const operation of operations) {
    const handlers: express.RequestHandler[] = [authenticate, perKeyLimit];
    handlers.push(async (_req, res, next) => {
      const caller = (res.locals as Locals).caller!;
      if (operation.scope === "write" && caller.scope !== "write") {
        return refuse(
          res,
          new ApiError(403, "This key may only read: make a key with the write scope to change data."),
        );
      }
      // The demo seller's keys (made before decision 039) neither change nor export anything.
      await assertShopMayAct(db, options.shopMode, caller.creatorId);
      next();
    });
    if (operation.body) {
      handlers.push((req, res, next) => {
        if (!req.is("application/json")) {
          return refuse(res, new ApiError(415, "Send the body as JSON, with Content-Type: application/json."));
        }
        if (Number(req.get("content-length") ?? 0) > API_BODY_LIMIT_BYTES) {
          res.set("Connection", "close");
          return refuse(
            res,
            new ApiError(413, `The body is too large: the API accepts at most ${API_BODY_LIMIT_BYTES / 1024} KB.`),
          );
        }
        next();
      }, readJson);
    }
    handlers.push(async (req, res) => {
      const params = parsePart(operation.params, req.params, "path");
      const query = parsePart(operation.query, req.query, "query");
      const body = operation.body ? parsePart(operation.body, req.body, "body") : undefined;
      const caller = (res.locals as Locals).caller!;
      const result = await operation.handler({ caller, params, query, body }, services);
      // What is answered is what the document says: a handler answering otherwise is a fault.
      res.status(operation.response.status).json(operation.response.schema.parse(result));
    });
    router[operation.method](expressPath(operation.path), ...handlers);
  }

  // An address of the API that is not one: 405 when the path is known, 404 otherwise.
  router.use((req, res) => {
    const allowed = operations
      .filter((operation) => matches(operation.path, req.path))
      .map((operation) => operation.method.toUpperCase());
    if (allowed.length) {
      res.set("Allow", allowed.join(", "));
      return refuse(
        res,
        new ApiError(405, `${req.method} is not allowed here; this address takes ${allowed.join(", ")}.`),
      );
    }
    refuse(res, new ApiError(404, "There is no such address in the API. The reference is at /developers/api."));
  });

  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof ApiError) return refuse(res, error);
    if (error instanceof Refusal && error.status in API_ERROR_CODES && error.status < 500) {
      return refuse(res, new ApiError(error.status as ApiErrorStatus, error.message));
    }
    // What express.json refuses: a body too large as it streamed, or not JSON.
    const type = (error as { type?: unknown }).type;
    if (type === "entity.too.large") {
      return refuse(
        res,
        new ApiError(413, `The body is too large: the API accepts at most ${API_BODY_LIMIT_BYTES / 1024} KB.`),
      );
    }
    if (type === "entity.parse.failed") return refuse(res, new ApiError(400, "The body is not valid JSON.", "body"));
    // A value PostgreSQL refused as data (SQLSTATE class 22) that a schema should have caught first.
    if (sqlStateOf(error)?.startsWith("22")) {
      return refuse(res, new ApiError(400, "Something in this request is not valid. Please check it and try again."));
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return refuse(res, new ApiError(400, "This request could not be read."));
    }
    logger.error({ err: error, url: req.originalUrl.split("?")[0] }, "Public API request failed");
    res.status(500).json({
      error: {
        code: API_ERROR_CODES[500],
        message: "Something went wrong on our side. Please try again in a moment.",
      },
    });
  });
  return router;
}

function parsePart<Schema extends z.ZodType>(
  schema: Schema | undefined,
  value: unknown,
  where: "path" | "query" | "body",
): z.output<Schema> {
  if (!schema) return {} as z.output<Schema>;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidRequest(parsed.error, where);
  return parsed.data;
}

function matches(pattern: string, path: string): boolean {
  const regex = new RegExp(`^${pattern.replace(/\{\w+\}/g, "[^/]+")}/?$`);
  return regex.test(path);
}
