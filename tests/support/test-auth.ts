import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type Auth, createAuth } from "../../server/accounts/auth.ts";
import { loadAuthSecret } from "../../server/accounts/auth-secret.ts";
import { type AccountLimits, accountLimits } from "../../server/accounts/credentials.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import type { OutgoingEmail } from "../../server/email/mailer.ts";
import { type FileStore, localFileStore } from "../../server/storage/file-store.ts";

export const TEST_SHOP_URL = "http://shop.test";

/**
 * better-auth on the test file's database, with the emails it sends kept in `sentEmails`.
 * Files go to a temporary folder (`filesDir`), removed after the file's tests.
 * `client()` gives the request context of a new visitor (its own client address, so that
 * per-address limits do not interfere), signed in when given a cookie.
 */
export function setUpTestAuth(database: DatabaseHandle) {
  const state = { sentEmails: [] as OutgoingEmail[] } as {
    auth: Auth;
    limits: AccountLimits;
    sentEmails: OutgoingEmail[];
    files: FileStore;
    filesDir: string;
  };
  let clientCounter = 0;
  beforeAll(async () => {
    state.filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-files-"));
    state.files = localFileStore(state.filesDir);
    state.auth = createAuth({
      files: state.files,
      db: database.db,
      config: { publicUrl: TEST_SHOP_URL, shopName: "Test Market", google: undefined },
      secret: await loadAuthSecret(database.db, undefined),
      mailer: { send: async (email) => void state.sentEmails.push(email) },
    });
    state.limits = accountLimits(database.db);
  });
  afterAll(() => fs.rmSync(state.filesDir, { recursive: true, force: true }));
  return Object.assign(state, {
    client(cookie?: string) {
      const headers = new Headers({ origin: TEST_SHOP_URL });
      if (cookie) headers.set("cookie", cookie);
      return {
        db: database.db,
        auth: state.auth,
        files: state.files,
        limits: state.limits,
        headers,
        clientAddress: `203.0.113.${++clientCounter}`,
      };
    },
    /** The emails sent to `to` so far, oldest first. */
    emailsTo(to: string) {
      return state.sentEmails.filter((email) => email.to === to);
    },
  });
}

/** The session cookie a response sets, as a request's Cookie header. */
export function cookieFrom(headers: Headers) {
  return headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

/** The one link in a plain-text email. */
export function linkIn(email: { text: string }) {
  const url = email.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`No link in: ${email.text}`);
  return url;
}
