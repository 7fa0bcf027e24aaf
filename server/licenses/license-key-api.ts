import express from "express";
import { rateLimit } from "express-rate-limit";
import type { Logger } from "pino";
import type { z } from "zod";
import type { Database } from "../db/client.ts";
import { answerApiErrors, sendProblem } from "../http/error-answers.ts";
import { PostgresRateLimitStore } from "../http/rate-limit-store.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { invalidRequest } from "../public-api/errors.ts";
import { instanceBody, licenseWork, verifyBody } from "../public-api/operations/licenses.ts";

// The licence-key API without an API key (decision 036): mounted at /api/public/v1/licenses ahead
// of the public API's router. A request with an Authorization header goes on to that router (an
// API key, its seller's licences only, the key's limit); one without is answered here, the licence
// key in its body being the credential: the same body schemas, answers and error bodies as the
// documented operations (server/public-api/operations/licenses.ts), limited per client address
// rather than per key so that guessing keys is slow.

/** Requests a client address may make a minute without an API key. */
const LICENSE_REQUESTS_PER_MINUTE = 60;
const BODY_LIMIT_BYTES = 4 * 1024;

const noCredential = () =>
  new Refusal(
    "Send the license key as `key` in a JSON body, or your API key as `Authorization: Bearer <key>`.",
    "unauthenticated",
  );

export function licenseKeyApi(options: {
  db: Database;
  jobs: JobQueue;
  logger: Logger;
  /** The bench measures the licence path itself, without the limit. */
  requestsPerMinute?: number;
}): express.Router {
  const { db, jobs, logger } = options;
  const router = express.Router({ caseSensitive: true, strict: false });
  // An API key: the public API's router serves it (its authentication, scopes and limit).
  router.use((req, _res, next) => (req.get("authorization") ? next("router") : next()));
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  if (options.requestsPerMinute !== Number.POSITIVE_INFINITY) {
    router.use(
      rateLimit({
        windowMs: 60_000,
        limit: options.requestsPerMinute ?? LICENSE_REQUESTS_PER_MINUTE,
        standardHeaders: "draft-8",
        legacyHeaders: false,
        store: new PostgresRateLimitStore(db, "license-key"),
        handler: (_req, res) =>
          sendProblem(
            res,
            new Refusal(
              "Too many requests from this address. Wait the seconds Retry-After says, then try again.",
              "rate-limited",
            ),
          ),
      }),
    );
  }
  router.use((req, res, next) => {
    if (req.method !== "POST") return next();
    // Neither an API key nor a body (with the licence key): no credential at all.
    if (!req.headers["transfer-encoding"] && Number(req.get("content-length") ?? 0) === 0)
      return sendProblem(res, noCredential());
    if (!req.is("application/json")) {
      return sendProblem(
        res,
        new Refusal("Send the body as JSON, with Content-Type: application/json.", "unsupported-type"),
      );
    }
    next();
  });
  router.use(express.json({ limit: BODY_LIMIT_BYTES, strict: false, type: () => true }));
  router.use((req, res, next) => {
    const body: unknown = req.body;
    if (req.method === "POST" && (typeof body !== "object" || body === null || !("key" in body))) {
      return sendProblem(res, noCredential());
    }
    next();
  });

  const parse = <Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw invalidRequest(parsed.error, "body");
    return parsed.data;
  };
  router.post("/verify", async (req, res) => {
    res.json(await licenseWork.verify(db, undefined, parse(verifyBody, req.body)));
  });
  router.post("/activate", async (req, res) => {
    res.json(await licenseWork.activate(db, { jobs, caller: undefined, body: parse(instanceBody, req.body) }));
  });
  router.post("/deactivate", async (req, res) => {
    res.json(await licenseWork.deactivate(db, undefined, parse(instanceBody, req.body)));
  });
  router.use((req, res, next) => {
    if (!["/verify", "/activate", "/deactivate"].includes(req.path)) return next("router");
    res.set("Allow", "POST");
    sendProblem(res, new Refusal(`${req.method} is not allowed here; this address takes POST.`, "method-not-allowed"));
  });

  router.use(answerApiErrors(logger));
  return router;
}
