import fs from "node:fs";
import zlib from "node:zlib";
import * as serverBuild from "virtual:react-router/server-build";
import compression from "compression";
import express from "express";
import type { Logger } from "pino";
import { RouterContextProvider } from "react-router";
import { SHOP_PREVIEW_PATH } from "../../shared/link-preview.ts";
import { AUTH_BASE_PATH, createAuth } from "../accounts/auth.ts";
import { accountLimits } from "../accounts/credentials.ts";
import type { Config } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { queuedMailer } from "../email/queued-mailer.ts";
import { invoiceSupplierOf } from "../invoices/supplier.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { licenseKeyApi } from "../licenses/license-key-api.ts";
import { EMAIL_EVENTS_PATH, emailEventsEndpoint } from "../notifications/email-events-endpoint.ts";
import type { ShopMetrics } from "../ops/metrics.ts";
import { operationsRoutes } from "../ops/operations-routes.ts";
import { paymentProviderFor } from "../payments/provider-for.ts";
import { payoutProviderFor } from "../payouts/payout-provider-for.ts";
import { PUBLIC_API_BASE } from "../public-api/openapi.ts";
import { publicApi } from "../public-api/router.ts";
import type { SearchLog } from "../search/search-log.ts";
import { fileStoreFor } from "../storage/file-store.ts";
import { vatNumberChecker } from "../tax/vat-numbers/vat-number-check.ts";
import { VIES_STAND_IN_PATH } from "../tax/vat-numbers/vies-addresses.ts";
import { viesStandIn } from "../tax/vat-numbers/vies-stand-in.ts";
import { browserAuthEndpoints } from "./auth-endpoints.ts";
import { refuseOversizedBodies } from "./body-limit.ts";
import { buildAssets } from "./build-assets.ts";
import { type PublishedDemoAccount, servicesContext } from "./context.ts";
import { FAULT_MESSAGE, noteError, refusalHeaders, requestIdOf, sendProblem } from "./error-answers.ts";
import {
  generatedMedia,
  productOgImages,
  shopOgImages,
  uploadedAvatars,
  uploadedProductImages,
} from "./generated-media.ts";
import { healthCheck } from "./health.ts";
import { oneLoopbackAddress } from "./loopback-address.ts";
import { pageCacheOf, servePageFromCache } from "./page-cache.ts";
import { rateLimits } from "./rate-limits.ts";
import { reactRouterHandler } from "./react-router-handler.ts";
import { requestLog } from "./request-log.ts";
import { sameOriginWrites } from "./same-origin.ts";
import { assignNonce, securityHeaders } from "./security-headers.ts";
import { keepVisitorHint } from "./visitor-hint.ts";

export interface AppOptions {
  db: Database;
  /** Where the public catalogue pages read (RequestServices.readDb); `db` when absent. */
  readDb?: Database;
  config: Config;
  /** The secret that signs session cookies (server/accounts/auth-secret.ts). */
  authSecret: string;
  logger: Logger;
  jobs: JobQueue;
  /** Prometheus metrics (server/ops/metrics.ts); undefined when they are off. */
  metrics?: ShopMetrics;
  /** Made by the server, which writes what it keeps when it stops (server/search/search-log.ts). */
  searchLog: SearchLog;
  /** build/client in production; absent in development, where Vite serves the assets. */
  clientBuildDir?: string;
  /** A demo shop's accounts for the login modal (RequestServices.demoAccounts); absent in a live shop. */
  demoAccounts?: readonly PublishedDemoAccount[];
}

// The Express application. It is part of the Vite server build, so it shares one module
// graph with the route modules (the request context below is the same object in both).
export function createApp({
  db,
  readDb = db,
  config,
  authSecret,
  logger,
  jobs,
  metrics,
  searchLog,
  clientBuildDir,
  demoAccounts,
}: AppOptions): express.Express {
  const files = fileStoreFor(config);
  const payments = paymentProviderFor(config, db, authSecret);
  const payouts = payoutProviderFor(config, db, authSecret);
  // Sign-up, password-reset and address links are queued: mail being down fails no request.
  const auth = createAuth({ db, config, secret: authSecret, mailer: queuedMailer(jobs), files });
  const limits = accountLimits(db);
  // One per process: it keeps a day's valid VIES answers (docs/decisions/058).
  const vatNumbers = vatNumberChecker({ db, vies: config.vies });
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For and X-Forwarded-Proto are believed from these proxies only (TRUST_PROXY).
  app.set("trust proxy", config.trustProxy);

  // From here on X-Forwarded-For holds exactly the client address Express trusts (see
  // `trust proxy`), so better-auth and the route modules cannot be given a forged one.
  app.use((req, _res, next) => {
    req.headers["x-forwarded-for"] = req.ip ?? "";
    next();
  });
  app.use(requestLog(logger));
  // A shop tried out on this machine answers under one name, PUBLIC_URL's (decision 043).
  app.use(oneLoopbackAddress(config.publicUrl));
  // Request timings (by route pattern), /readyz, and /metrics for a scraper holding METRICS_TOKEN.
  app.use(operationsRoutes({ db, metrics, metricsToken: config.metrics?.token, routes: serverBuild.routes }));
  // The build's scripts and styles, compressed once at build time (vite.config.ts), before the
  // per-response compression and the page headers (a script needs no Content-Security-Policy).
  if (clientBuildDir) app.use("/assets", buildAssets(`${clientBuildDir}/assets`));
  // In development a page changes with its code: none is kept.
  const pageCache = config.nodeEnv === "development" ? undefined : pageCacheOf(db, { replica: readDb !== db });
  if (pageCache) app.use(servePageFromCache(pageCache));
  // React Router's adapter calls res.flush() after every chunk it writes, and compression's flush is
  // zlib's full flush, which throws the compression dictionary away each time (pages came out three
  // times larger than gzip makes them). Each write is flushed by the compressor instead, as a sync
  // flush that keeps the dictionary (pages still stream), and the adapter's flush adds nothing.
  app.use(
    compression({
      flush: zlib.constants.Z_SYNC_FLUSH,
      brotli: { flush: zlib.constants.BROTLI_OPERATION_FLUSH },
    }),
  );
  app.use((_req, res, next) => {
    (res as express.Response & { flush?: () => void }).flush = () => {};
    next();
  });
  app.use(assignNonce);
  app.use(securityHeaders({ development: config.nodeEnv === "development" }));
  app.use(keepVisitorHint);

  if (clientBuildDir) {
    // The build's few other files (the favicon, the placeholder picture) by name, so that a page's
    // address is never looked up on the disk first.
    const rootFiles = new Set(
      fs
        .readdirSync(clientBuildDir, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${entry.name}`),
    );
    const rootFile = express.static(clientBuildDir, { maxAge: "1h" });
    app.use((req, res, next) => (rootFiles.has(req.path) ? rootFile(req, res, next) : next()));
  }
  app.get("/media/generated/:name", generatedMedia);
  app.get("/media/avatars/:name", uploadedAvatars(files));
  app.get("/media/products/:name", uploadedProductImages(files));
  app.get(SHOP_PREVIEW_PATH, shopOgImages(files));
  app.get("/media/og/product/:productId/:picture", productOgImages(db, files));
  app.get("/healthz", healthCheck(db));
  // The public API for sellers' tools (decision 035): bearer keys, no cookies, so it comes before the
  // shop's form guards (same origin, the per-address form limit, the body limit) and has its own.
  // Its licence operations also answer without an API key, the licence key being the credential (decision 036).
  app.use(`${PUBLIC_API_BASE}/licenses`, licenseKeyApi({ db, jobs, logger }));
  app.use(
    PUBLIC_API_BASE,
    publicApi({ db, files, jobs, publicUrl: config.publicUrl, shopMode: config.shopMode, logger }),
  );
  // The email provider's bounce and complaint reports: from its servers (no Origin), with a shared secret.
  app.post(EMAIL_EVENTS_PATH, ...emailEventsEndpoint({ db, secret: config.emailEventsSecret }));
  // A demo shop's own VIES (docs/decisions/058), which its checkout asks from its server: no Origin,
  // and not counted against the shop's own address. A live shop does not serve it.
  if (config.vies.standIn) app.use(VIES_STAND_IN_PATH, viesStandIn());
  const authEndpoints = new RegExp(`^${AUTH_BASE_PATH}/`);
  app.use(refuseOversizedBodies(config.bodyLimitBytes, authEndpoints));
  app.use(sameOriginWrites(config.publicUrl));
  app.use(rateLimits(db));
  // better-auth's own endpoints (Google's redirect back, emailed links); it reads the raw body.
  // (A pattern without a path parameter, so Express never answers an undecodable address itself.)
  app.all(authEndpoints, browserAuthEndpoints(auth, AUTH_BASE_PATH));

  const supplier = invoiceSupplierOf(config);
  // `use`, not a route with a path parameter: Express would answer an address it cannot decode
  // (/creator/%E0%A4) with its own bare 400 before the shop sees it.
  app.use(
    reactRouterHandler({
      build: serverBuild,
      mode: config.nodeEnv === "development" ? "development" : "production",
      bodyLimit: config.bodyLimitBytes,
      pageCache,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, {
          db,
          readDb,
          shopName: config.shopName,
          shopMode: config.shopMode,
          demoAccounts,
          publicUrl: config.publicUrl,
          supportEmail: config.supportEmail,
          invoiceSupplier: supplier,
          supportHours: config.supportHours,
          liveChatUrl: config.liveChatUrl,
          privacy: config.privacy,
          nonce: res.locals.cspNonce as string,
          auth,
          files,
          accountLimits: limits,
          clientAddress: req.ip ?? "unknown",
          googleSignIn: Boolean(config.google),
          secret: authSecret,
          jobs,
          payments,
          payoutPolicy: config.payouts,
          payouts,
          vatNumbers,
          tax: config.tax,
          currencies: config.currencies,
          logger,
          requestId: requestIdOf(res),
          searchLog,
        });
        return context;
      },
    }),
  );
  // What Express itself refuses (an address part it cannot decode: 400) is answered as such; a
  // fault outside React Router (which answers its own with the error screen) is logged once, with
  // its request id and any secret of the address masked, and answered without a stack trace.
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const refusal = noteError(logger, error, req, res);
    if (res.headersSent) return void res.destroy();
    if (req.path.startsWith("/api/")) return sendProblem(res, refusal);
    const text = !refusal
      ? `${FAULT_MESSAGE} (Reference: ${requestIdOf(res)})`
      : refusal.kind === "invalid"
        ? "This address is not valid."
        : refusal.message;
    res
      .status(refusal?.status ?? 500)
      .set(refusal ? refusalHeaders(refusal) : {})
      .type("text/plain")
      .send(text);
  });
  return app;
}
