import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { action as passkeysAction } from "../../app/routes/account/passkeys.ts";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/account/settings.tsx";
import { action as signInAction } from "../../app/routes/account/sign-in.ts";
import { SECOND_STEP_EXPIRED, WRONG_CODE } from "../../server/accounts/credentials.ts";
import { DEMO_ACCOUNT_NO_SECOND_FACTOR, WRONG_SETUP_CODE } from "../../server/accounts/second-factor-settings.ts";
import { DEMO_BUYER } from "../../server/accounts/shared-demo-accounts.ts";
import { type RequestServices, servicesContext } from "../../server/http/context.ts";
import { recordingJobs } from "../support/orders.ts";
import { routeAnswer } from "../support/route-answer.ts";
import { softAuthenticator } from "../support/soft-authenticator.ts";
import { cookieFrom, setUpTestAuth, TEST_SHOP_URL } from "../support/test-auth.ts";
import { setUpTestDatabase } from "../support/test-database.ts";
import { totpCode, wrongTotpCode } from "../support/totp.ts";

// Two-factor sign-in and passkeys through their route actions and Settings' loader, as a browser
// without JavaScript posts them (the login modal's fetcher posts the same forms), on a real
// better-auth: the second step of /account/sign-in, the Two-factor sign-in and Passkeys sections
// of /account/settings, and /account/passkeys.

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);
const PASSWORD = "analytical-engine";
let addresses = 0;

/** A request's context with the shop's real auth, in a live shop unless said. */
function contextFor(jobs = recordingJobs(), shopMode: "demo" | "live" = "live") {
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    db: database.db,
    auth: testAuth.auth,
    accountLimits: testAuth.limits,
    clientAddress: `192.0.2.${++addresses}`,
    shopMode,
    shopName: "Test Market",
    publicUrl: TEST_SHOP_URL,
    jobs,
  } as unknown as RequestServices);
  return context;
}

type Answer = Record<string, unknown>;
type Handler = (args: never) => Promise<unknown>;

/** Posts `body` to `handler` with `cookie`, as the shop's own page does (same origin). */
const post = (handler: Handler, url: string, body: Record<string, string>, cookie = "", context = contextFor()) =>
  routeAnswer<Answer>(handler, { url, context, body, headers: { cookie, origin: TEST_SHOP_URL } });

const get = (handler: Handler, url: string, cookie: string, context = contextFor()) =>
  routeAnswer<Answer>(handler, { url, context, headers: { cookie } });

let accounts = 0;
async function newAccount() {
  const email = `page-${++accounts}@example.com`;
  const { id, cookie } = await testAuth.signUpConfirmed({ name: "Ada Lovelace", email, password: PASSWORD });
  return { id, email, cookie };
}

describe("/account/sign-in with two-factor sign-in on", () => {
  it("asks for a code after the password, refuses a wrong one (asking again), then signs in", async () => {
    const owner = await newAccount();
    const { uri } = await testAuth.turnOnTwoFactor({ cookie: owner.cookie, password: PASSWORD });
    const password = await post(signInAction, "/account/sign-in", { email: owner.email, password: PASSWORD });
    expect(password).toMatchObject({ status: 200, data: { secondStep: true } });
    expect(password.data).not.toHaveProperty("name");
    const stepCookie = cookieFrom(password.headers!);
    expect(stepCookie).toMatch(/two_factor=/);
    expect(stepCookie).not.toMatch(/session_token=[^;]/);

    const empty = await post(signInAction, "/account/sign-in", { intent: "second-step", code: "" }, stepCookie);
    expect(empty).toMatchObject({ status: 400, data: { secondStep: true } });
    expect(empty.data!.result).toMatchObject({ error: { code: ["Please enter the code."] } });

    const wrong = await post(
      signInAction,
      "/account/sign-in",
      { intent: "second-step", code: wrongTotpCode(uri) },
      stepCookie,
    );
    expect(wrong).toMatchObject({ status: 400, data: { ok: false, message: WRONG_CODE, secondStep: true } });

    const right = await post(
      signInAction,
      "/account/sign-in",
      { intent: "second-step", code: totpCode(uri) },
      stepCookie,
    );
    expect(right).toMatchObject({ status: 200, data: { ok: true, name: "Ada Lovelace" } });
    expect(cookieFrom(right.headers!)).toMatch(/session_token=[^;]/);
  });

  it("sends back to the password when there is no second step under way", async () => {
    const expired = await post(signInAction, "/account/sign-in", { intent: "second-step", code: "123456" });
    expect(expired).toMatchObject({ status: 410, data: { ok: false, message: SECOND_STEP_EXPIRED } });
    expect(expired.data).not.toHaveProperty("secondStep");
  });
});

describe("the Two-factor sign-in section of /account/settings", () => {
  it("turns it on: the password, the QR code and key, a wrong code, the right one, the backup codes once", async () => {
    const owner = await newAccount();
    const jobs = recordingJobs();
    const before = await get(settingsLoader, "/account/settings", owner.cookie);
    expect(before.data!.secondFactors).toMatchObject({ twoFactorOn: false, hasPassword: true, demoLocked: false });

    const start = await post(
      settingsAction,
      "/account/settings",
      { intent: "two-factor-start", password: PASSWORD },
      owner.cookie,
    );
    expect(start).toMatchObject({ status: 200, data: { intent: "two-factor", ok: true } });
    const setup = start.data!.setup as { uri: string; secret: string; qr: { path: string } };
    expect(setup.qr.path).toMatch(/^M/);

    const wrong = await post(
      settingsAction,
      "/account/settings",
      { intent: "two-factor-confirm", code: wrongTotpCode(setup.uri), uri: setup.uri },
      owner.cookie,
    );
    expect(wrong).toMatchObject({ status: 400, data: { ok: false, message: WRONG_SETUP_CODE, setup } });
    const malformed = await post(
      settingsAction,
      "/account/settings",
      { intent: "two-factor-confirm", code: "12", uri: setup.uri },
      owner.cookie,
    );
    expect(malformed).toMatchObject({ status: 400, data: { setup } });

    const confirmed = await post(
      settingsAction,
      "/account/settings",
      { intent: "two-factor-confirm", code: totpCode(setup.uri), uri: setup.uri },
      owner.cookie,
      contextFor(jobs),
    );
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toMatch(/^\/account\/settings\?codes=[\w-]+#two-factor$/);
    expect(jobs.emailsTo(owner.email).map((email) => email.subject)).toEqual([
      "Two-factor sign-in was turned on for your Test Market account",
    ]);
    const cookie = cookieFrom(confirmed.response!.headers);
    const page = await get(settingsLoader, confirmed.location!.replace(/#.*/, ""), cookie);
    expect(page.data!.backupCodes).toHaveLength(10);
    expect(page.data!.secondFactors).toMatchObject({ twoFactorOn: true, backupCodesLeft: 10 });
    const again = await get(settingsLoader, confirmed.location!.replace(/#.*/, ""), cookie);
    expect(again.data!.backupCodes).toBeNull();

    const codes = await post(
      settingsAction,
      "/account/settings",
      { intent: "backup-codes", password: PASSWORD },
      cookie,
    );
    expect(codes).toMatchObject({ status: 200, data: { intent: "two-factor", ok: true } });
    expect(codes.data!.backupCodes).toHaveLength(10);

    const off = await post(
      settingsAction,
      "/account/settings",
      { intent: "two-factor-off", password: PASSWORD, code: totpCode(setup.uri) },
      cookie,
    );
    expect(off).toMatchObject({ status: 302, location: "/account/settings?two-factor=off#two-factor" });
  });

  it("refuses a shared demo account of a demo shop (403, one message), and says why on the page", async () => {
    const { cookie } = await testAuth.signUpConfirmed({ name: "Demo", email: DEMO_BUYER.email, password: PASSWORD });
    const demoShop = () => contextFor(recordingJobs(), "demo");
    const page = await get(settingsLoader, "/account/settings", cookie, demoShop());
    expect(page.data!.secondFactors).toMatchObject({ demoLocked: true });
    const forms: Array<Record<string, string>> = [
      { intent: "two-factor-start", password: PASSWORD },
      { intent: "backup-codes", password: PASSWORD },
      { intent: "passkey-remove", passkeyId: "any" },
    ];
    for (const body of forms) {
      const refused = await post(settingsAction, "/account/settings", body, cookie, demoShop());
      expect(refused).toMatchObject({ status: 403, data: { ok: false, message: DEMO_ACCOUNT_NO_SECOND_FACTOR } });
    }
    const passkey = await post(
      passkeysAction,
      "/account/passkeys",
      { intent: "options", name: "Mine", password: PASSWORD },
      cookie,
      demoShop(),
    );
    expect(passkey).toMatchObject({ status: 403, data: { ok: false, message: DEMO_ACCOUNT_NO_SECOND_FACTOR } });
  });
});

describe("passkeys through /account/passkeys, /account/settings and /account/sign-in", () => {
  it("adds one after the password, lists it, signs in with it, and removes it", async () => {
    const owner = await newAccount();
    const authenticator = softAuthenticator(TEST_SHOP_URL);
    const options = await post(
      passkeysAction,
      "/account/passkeys",
      { intent: "options", name: "Laptop", password: PASSWORD },
      owner.cookie,
    );
    expect(options).toMatchObject({ status: 200, data: { ok: true, options: { rp: { id: "shop.test" } } } });
    const challenge = `${owner.cookie}; ${cookieFrom(options.headers!)}`;
    const added = await post(
      passkeysAction,
      "/account/passkeys",
      {
        intent: "add",
        name: "Laptop",
        response: JSON.stringify(authenticator.register(options.data!.options as never)),
      },
      challenge,
    );
    expect(added).toMatchObject({ status: 200, data: { ok: true, message: "Your passkey “Laptop” was added." } });
    const page = await get(settingsLoader, "/account/settings", owner.cookie);
    const [listed] = (page.data!.secondFactors as { passkeys: Array<{ id: string; name: string }> }).passkeys;
    expect(listed).toMatchObject({ name: "Laptop" });

    const signInOptions = await post(signInAction, "/account/sign-in", { intent: "passkey-options" });
    expect(signInOptions).toMatchObject({ status: 200, data: { ok: true } });
    const signedIn = await post(
      signInAction,
      "/account/sign-in",
      { intent: "passkey", response: JSON.stringify(authenticator.authenticate(signInOptions.data!.options as never)) },
      cookieFrom(signInOptions.headers!),
    );
    expect(signedIn).toMatchObject({ status: 200, data: { ok: true, name: "Ada Lovelace" } });

    const removed = await post(
      settingsAction,
      "/account/settings",
      { intent: "passkey-remove", passkeyId: listed!.id },
      owner.cookie,
    );
    expect(removed).toMatchObject({ status: 200, data: { intent: "passkeys", ok: true } });
  });

  it("refuses an answer that is not a passkey's", async () => {
    const owner = await newAccount();
    const unread = await post(
      passkeysAction,
      "/account/passkeys",
      { intent: "add", name: "Laptop", response: "{not json" },
      owner.cookie,
    );
    expect(unread).toMatchObject({ status: 400, data: { ok: false } });
    const notPasskey = await post(signInAction, "/account/sign-in", { intent: "passkey", response: "[1,2]" });
    expect(notPasskey).toMatchObject({ status: 400, data: { ok: false } });
  });
});
