import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type Auth, createAuth } from "../../server/accounts/auth.ts";
import { loadAuthSecret } from "../../server/accounts/auth-secret.ts";
import { type AccountLimits, accountLimits, signUp } from "../../server/accounts/credentials.ts";
import {
  backupCodesToShow,
  confirmTwoFactor,
  type SecondFactorContext,
  startTwoFactor,
} from "../../server/accounts/second-factor-settings.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import type { OutgoingEmail } from "../../server/email/mailer.ts";
import { type FileStore, localFileStore } from "../../server/storage/file-store.ts";
import type { SignUpInput } from "../../shared/account-credentials-schema.ts";
import { totpCode } from "./totp.ts";

export const TEST_SHOP_URL = "http://shop.test";

/**
 * better-auth on the test file's database, with the emails it sends kept in `sentEmails`.
 * Files go to a temporary folder (`filesDir`), removed after the file's tests.
 * `client()` gives the request context of a new visitor (its own client address, so that
 * per-address limits do not interfere), signed in when given a cookie. The sign-in slowdown
 * does not wait: it records its delays in `waits`.
 */
export function setUpTestAuth(database: DatabaseHandle) {
  let accounts = 0;
  const state = { sentEmails: [] as OutgoingEmail[], waits: [] as number[] } as {
    auth: Auth;
    limits: AccountLimits;
    sentEmails: OutgoingEmail[];
    waits: number[];
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
    state.limits = accountLimits(database.db, { wait: async (ms) => void state.waits.push(ms) });
  });
  afterAll(() => fs.rmSync(state.filesDir, { recursive: true, force: true }));
  const client = (cookie?: string) => {
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
  };
  /** The emails sent to `to` so far, oldest first. */
  const emailsTo = (to: string) => state.sentEmails.filter((email) => email.to === to);
  /** The context of Settings' two-factor and passkey changes for the session `cookie` (a live shop unless said). */
  const secondFactor = (cookie: string, shopMode: "demo" | "live" = "live"): SecondFactorContext => ({
    ...client(cookie),
    mailer: { send: async (email) => void state.sentEmails.push(email) },
    shop: { shopName: "Test Market", publicUrl: TEST_SHOP_URL, shopMode },
  });
  return Object.assign(state, {
    client,
    emailsTo,
    /**
     * A new account, confirmed and signed in as its owner would be: signed up, then the emailed
     * link opened. Answers the account's id and the session cookie the link set.
     */
    async signUpConfirmed(input: Omit<SignUpInput, "confirmPassword">) {
      const { user } = await signUp(client(), { ...input, confirmPassword: input.password });
      const link = linkIn(emailsTo(input.email).at(-1)!);
      const response = await state.auth.handler(new Request(link));
      const cookie = cookieFrom(response.headers);
      if (response.status !== 302 || !cookie)
        throw new Error(`The confirmation link of ${input.email} did not sign in`);
      return { id: user.id, cookie };
    },
    /**
     * A new confirmed account, signed in, with a unique address of `tag` and this password: its id,
     * address and session cookie.
     */
    async newAccount({ tag, name, password }: { tag: string; name: string; password: string }) {
      const email = `${tag}-${++accounts}@example.com`;
      const { id, cookie } = await this.signUpConfirmed({ name, email, password });
      return { id, email, cookie };
    },
    secondFactor,
    /**
     * Turns two-factor sign-in on for the account signed in with `cookie`, as its owner does in
     * Settings: the password, then the first code of its (computed) authenticator app. Answers the
     * new session's cookie (turning it on replaces the session), the otpauth:// address, whose
     * codes totpCode computes, and the backup codes.
     */
    async turnOnTwoFactor({ cookie, password }: { cookie: string; password: string }) {
      const { uri } = await startTwoFactor(secondFactor(cookie), password);
      const { headers, showCodes } = await confirmTwoFactor(secondFactor(cookie), { code: totpCode(uri) });
      const signedIn = cookieFrom(headers);
      const backupCodes = await backupCodesToShow(secondFactor(signedIn), showCodes);
      if (!backupCodes) throw new Error("Turning two-factor sign-in on showed no backup codes");
      return { cookie: signedIn, uri, backupCodes };
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
