import express, { type NextFunction, type Request, type Response } from "express";
import { rateLimit } from "express-rate-limit";
import type { Logger } from "pino";
import type { z } from "zod";
import { assertShopMayAct } from "../accounts/shared-demo-accounts.ts";
import { BodyTooLargeError } from "../http/body-limit.ts";
import { answerApiErrors, sendProblem } from "../http/error-answers.ts";
import { PostgresRateLimitStore } from "../http/rate-limit-store.ts";
import { Refusal } from "../lib/refusal.ts";
import { type ApiCaller, checkApiKey } from "../sellers/api-keys.ts";
import { invalidRequest } from "./errors.ts";
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
      return sendProblem(res, new Refusal("Send your API key as `Authorization: Bearer <key>`.", "unauthenticated"));
    }
    const check = await checkApiKey(db, match[1]!);
    if (!check.ok) {
      return sendProblem(
        res,
        check.reason === "unknown"
          ? new Refusal("This API key is not valid or was revoked.", "unauthenticated")
          : new Refusal(
              "This key's shop may not use the API now: it is suspended or removed, or no longer sells.",
              "forbidden",
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
      sendProblem(
        res,
        new Refusal(
          "Too many requests with this key. Wait the seconds Retry-After says, then try again.",
          "rate-limited",
        ),
      );
    },
  });

  const readJson = express.json({ limit: API_BODY_LIMIT_BYTES, strict: false, type: () => true });

  for (const operation of operations) {
    const handlers: express.RequestHandler[] = [authenticate, perKeyLimit];
    handlers.push(async (_req, res, next) => {
      const caller = (res.locals as Locals).caller!;
      if (operation.scope === "write" && caller.scope !== "write") {
        return sendProblem(
          res,
          new Refusal("This key may only read: make a key with the write scope to change data.", "forbidden"),
        );
      }
      // The demo seller's keys (made before decision 039) neither change nor export anything.
      await assertShopMayAct(db, options.shopMode, caller.creatorId);
      next();
    });
    if (operation.body) {
      handlers.push((req, res, next) => {
        if (!req.is("application/json")) {
          return sendProblem(
            res,
            new Refusal("Send the body as JSON, with Content-Type: application/json.", "unsupported-type"),
          );
        }
        if (Number(req.get("content-length") ?? 0) > API_BODY_LIMIT_BYTES) {
          res.set("Connection", "close");
          return sendProblem(res, new Refusal(new BodyTooLargeError(API_BODY_LIMIT_BYTES).message, "too-large"));
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
      return sendProblem(
        res,
        new Refusal(
          `${req.method} is not allowed here; this address takes ${allowed.join(", ")}.`,
          "method-not-allowed",
        ),
      );
    }
    sendProblem(
      res,
      new Refusal("There is no such address in the API. The reference is at /developers/api.", "not-found"),
    );
  });

  router.use(answerApiErrors(logger));
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
