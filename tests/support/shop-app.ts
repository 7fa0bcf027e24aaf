import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll } from "vitest";
import { parseConfig } from "../../server/config/env.ts";
import type { Database } from "../../server/db/client.ts";
import { createApp } from "../../server/http/app.ts";
import type { JobQueue } from "../../server/jobs/queue.ts";
import type { SearchLog } from "../../server/search/search-log.ts";
import { serveForTests } from "./test-server.ts";

/**
 * The shop's whole Express application (server/http/app.ts) on `database`, served for this test
 * file (serveForTests) with a data directory of its own; `env` adds settings (TRUST_PROXY...), and
 * `clientBuildDir` stands for build/client. Vitest builds no React Router app: the test file mocks
 * "virtual:react-router/server-build" and server/http/react-router-handler.ts, as
 * server/http/app.test.ts does.
 */
export function serveShopApp(
  database: { db: Database },
  { env = {}, clientBuildDir }: { env?: Record<string, string | undefined>; clientBuildDir?: string } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-app-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return serveForTests(() =>
    createApp({
      db: database.db,
      config: parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...env }),
      authSecret: "a-test-secret-of-at-least-32-characters!",
      logger: pino({ level: "silent" }),
      jobs: {} as JobQueue,
      searchLog: {} as SearchLog,
      clientBuildDir,
    }),
  );
}
