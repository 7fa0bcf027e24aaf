import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RequestHandler } from "express";
import { pino } from "pino";
import { afterAll, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../../server/config/env.ts";
import { createApp } from "../../server/http/app.ts";
import type { JobQueue } from "../../server/jobs/queue.ts";
import { isSuppressed } from "../../server/notifications/suppression.ts";
import type { SearchLog } from "../../server/search/search-log.ts";
import { setUpTestDatabase } from "../support/test-database.ts";
import { serveForTests } from "../support/test-server.ts";

// What the whole Express application does with the posts of audience emails that come from other
// servers, with no browser, Origin or cookie: a mail provider's one-click unsubscribe (RFC 8058) to
// /email-preferences, and the provider's bounce and complaint reports. React Router's place is taken
// by a handler that answers "page" (the route module's own tests are email-preferences-pages.test.ts).

vi.mock("virtual:react-router/server-build", () => ({ routes: {} }));
vi.mock("../../server/http/react-router-handler.ts", () => ({
  reactRouterHandler: (): RequestHandler => (_req, res) => {
    res.send("page");
  },
}));

const database = setUpTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-audience-http-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const EVENTS_SECRET = "the-email-providers-shared-secret-0123456789";

const shop = serveForTests(() =>
  createApp({
    db: database.db,
    config: parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir, EMAIL_EVENTS_SECRET: EVENTS_SECRET }),
    authSecret: "a-test-secret-of-at-least-32-characters!",
    logger: pino({ level: "silent" }),
    jobs: {} as JobQueue,
    searchLog: {} as SearchLog,
  }),
);

const oneClick = (pathname: string) =>
  fetch(`${shop.baseUrl}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

describe("a mail provider's one-click unsubscribe", () => {
  it("reaches the page's action with no Origin, however many come from one address in a minute", async () => {
    for (let index = 0; index < 65; index++) {
      const response = await oneClick("/email-preferences?token=some-token");
      expect(response.status, `post ${index + 1}`).toBe(200);
      expect(await response.text()).toBe("page");
    }
    // Other posts without an Origin are still refused, and other forms still limited.
    expect((await oneClick("/account/settings")).status).toBe(403);
  });
});

describe("the email provider's reports", () => {
  it("come with no Origin and are taken with the shared secret only", async () => {
    const post = (secret: string | null) =>
      fetch(`${shop.baseUrl}/api/v1/email/events`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(secret === null ? {} : { "x-email-events-secret": secret }),
        },
        body: JSON.stringify({ type: "complaint", email: "dana@example.com", detail: "spam button" }),
      });
    expect((await post(null)).status).toBe(401);
    expect((await post("wrong")).status).toBe(401);
    expect(await isSuppressed(database.db, "dana@example.com")).toBe(false);
    const taken = await post(EVENTS_SECRET);
    expect(taken.status).toBe(200);
    expect(await isSuppressed(database.db, "dana@example.com")).toBe(true);
  });
});
