import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cookieFrom, setUpTestAuth } from "../../tests/support/test-auth.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { totpCode, wrongTotpCode } from "../../tests/support/totp.ts";
import { authEvents, twoFactor, verification } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { listAuthEvents } from "./auth-events.ts";
import {
  ACCOUNT_LOCKED,
  SECOND_STEP_EXPIRED,
  SecondStepFailure,
  signIn,
  TOO_MANY_CODES,
  verifySecondStep,
  WRONG_CODE,
} from "./credentials.ts";
import { getCurrentUser } from "./current-user.ts";
import { assertSecondFactor, hasSecondFactor, SECOND_FACTOR_SETTINGS } from "./second-factor.ts";
import {
  backupCodesToShow,
  confirmTwoFactor,
  DEMO_ACCOUNT_NO_SECOND_FACTOR,
  remakeBackupCodes,
  startTwoFactor,
  turnOffTwoFactor,
  WRONG_PASSWORD,
  WRONG_SETTINGS_CODE,
  WRONG_SETUP_CODE,
  WrongSetupCode,
} from "./second-factor-settings.ts";
import { DEMO_SELLER } from "./shared-demo-accounts.ts";

// Two-factor sign-in (better-auth's twoFactor plugin behind server/accounts/): turned on in
// Settings with the password and a first code from an app (computed here by RFC 6238, not by the
// shop's library), then asked after the password at every sign-in; backup codes work once.

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);
const { client, secondFactor } = testAuth;
const PASSWORD = "analytical-engine";

/** A new confirmed account, signed in: its id, address and session cookie. */
const newAccount = () => testAuth.newAccount({ tag: "owner", name: "Ada Lovelace", password: PASSWORD });

/** A new account with two-factor sign-in on: its address, otpauth:// address and backup codes. */
async function withTwoFactor() {
  const owner = await newAccount();
  const { cookie, uri, backupCodes } = await testAuth.turnOnTwoFactor({ cookie: owner.cookie, password: PASSWORD });
  return { ...owner, cookie, uri, backupCodes };
}

/** The password step, from a new client: its second-step cookie (the account asked for a code). */
async function passwordStep(email: string) {
  const from = client();
  const outcome = await signIn(from, { email, password: PASSWORD });
  expect(outcome).toMatchObject({ secondStep: true });
  expect(outcome).not.toHaveProperty("user");
  return { from, cookie: cookieFrom(outcome.headers) };
}

/** The second step's attempt with `code`, from the client that passed the password step. */
const codeStep = ({ from, cookie }: { from: ReturnType<typeof client>; cookie: string }, code: string) => {
  from.headers.set("cookie", cookie);
  return verifySecondStep(from, code);
};

const emailSubjects = (to: string) => testAuth.emailsTo(to).map((email) => email.subject);

describe("turning two-factor sign-in on", () => {
  it("asks the password, shows a QR code and the secret, and is on once the app's first code confirms it", async () => {
    const owner = await newAccount();
    const setup = await startTwoFactor(secondFactor(owner.cookie), PASSWORD);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Test%20Market:owner-\d+%40example\.com\?secret=[A-Z2-7]+/);
    expect(setup.secret.replaceAll(" ", "")).toBe(new URL(setup.uri).searchParams.get("secret"));
    expect(setup.secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(setup.qr.size).toBeGreaterThan(21);
    expect(setup.qr.path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
    // Started, not on: a password alone still signs in, and the guard still refuses.
    expect(await hasSecondFactor(database.db, owner.id)).toBe(false);
    expect(await signIn(client(), { email: owner.email, password: PASSWORD })).toHaveProperty("user");

    const { headers, showCodes } = await confirmTwoFactor(secondFactor(owner.cookie), { code: totpCode(setup.uri) });
    expect(await hasSecondFactor(database.db, owner.id)).toBe(true);
    const [row] = await database.db.select().from(twoFactor).where(eq(twoFactor.userId, owner.id));
    expect(row).toMatchObject({ verified: true });
    // Kept encrypted, never as the secret itself.
    expect(row!.secret).not.toContain(setup.secret.replaceAll(" ", ""));
    // better-auth replaced the session: the new cookie works, the old one no longer does.
    const newCookie = cookieFrom(headers);
    expect(await getCurrentUser(testAuth.auth, client(newCookie).headers)).toMatchObject({ id: owner.id });
    expect(await getCurrentUser(testAuth.auth, client(owner.cookie).headers)).toBeNull();
    // The backup codes are shown once, to this account.
    const codes = await backupCodesToShow(secondFactor(newCookie), showCodes);
    expect(codes).toHaveLength(10);
    expect(codes![0]).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    expect(await backupCodesToShow(secondFactor(newCookie), showCodes)).toBeNull();
    expect(emailSubjects(owner.email)).toContain("Two-factor sign-in was turned on for your Test Market account");
    const notice = testAuth.emailsTo(owner.email).at(-1)!;
    expect(notice.text).toContain("Hi Ada Lovelace,");
    expect(notice.text).toContain("If this wasn't you, someone else can sign in to your account");
    expect(notice.text).toContain("http://shop.test/account/forgot-password");
    expect((await listAuthEvents(database.db, owner.id))[0]).toMatchObject({ type: "two_factor_enabled" });
  });

  it("refuses a wrong password, and a wrong first code with the setup shown again", async () => {
    const owner = await newAccount();
    await expect(startTwoFactor(secondFactor(owner.cookie), "not-my-password")).rejects.toThrow(WRONG_PASSWORD);
    await expect(startTwoFactor(secondFactor(owner.cookie), undefined)).rejects.toThrow("Please enter your password.");
    const setup = await startTwoFactor(secondFactor(owner.cookie), PASSWORD);
    const wrong = await confirmTwoFactor(secondFactor(owner.cookie), {
      code: wrongTotpCode(setup.uri),
      uri: setup.uri,
    }).catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(WrongSetupCode);
    expect(wrong).toMatchObject({ message: WRONG_SETUP_CODE, status: 400, setup: { secret: setup.secret } });
    // Another account's setup (or anything else sent back) is not shown.
    const forged = setup.uri.replace(/owner-\d+%40/, "someone-else%40");
    await expect(
      confirmTwoFactor(secondFactor(owner.cookie), { code: wrongTotpCode(setup.uri), uri: forged }),
    ).rejects.toMatchObject({ setup: undefined });
    expect(await hasSecondFactor(database.db, owner.id)).toBe(false);
    await confirmTwoFactor(secondFactor(owner.cookie), { code: totpCode(setup.uri) });
    expect(await hasSecondFactor(database.db, owner.id)).toBe(true);
  });

  it("signs out the account's other sessions once it is on", async () => {
    const owner = await newAccount();
    const other = cookieFrom((await signIn(client(), { email: owner.email, password: PASSWORD })).headers);
    expect(await getCurrentUser(testAuth.auth, client(other).headers)).toMatchObject({ id: owner.id });
    const { cookie } = await testAuth.turnOnTwoFactor({ cookie: owner.cookie, password: PASSWORD });
    expect(await getCurrentUser(testAuth.auth, client(other).headers)).toBeNull();
    expect(await getCurrentUser(testAuth.auth, client(cookie).headers)).toMatchObject({ id: owner.id });
  });

  it("cannot be turned on by a shared demo account of a demo shop: one refusal, 403", async () => {
    const { cookie } = await testAuth.signUpConfirmed({ name: "Demo", email: DEMO_SELLER.email, password: PASSWORD });
    const refusal = await startTwoFactor(secondFactor(cookie, "demo"), PASSWORD).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({ message: DEMO_ACCOUNT_NO_SECOND_FACTOR, status: 403 });
    await expect(remakeBackupCodes(secondFactor(cookie, "demo"), PASSWORD)).rejects.toThrow(
      DEMO_ACCOUNT_NO_SECOND_FACTOR,
    );
    // The same address in a live shop is nobody's shared account.
    await expect(startTwoFactor(secondFactor(cookie, "live"), PASSWORD)).resolves.toHaveProperty("uri");
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("asks for a code after the password, and signs in with the app's code", async () => {
    const owner = await withTwoFactor();
    const step = await passwordStep(owner.email);
    const { headers, user: signedIn } = await codeStep(step, totpCode(owner.uri));
    expect(signedIn).toEqual({ id: owner.id, name: "Ada Lovelace", email: owner.email });
    expect(await getCurrentUser(testAuth.auth, client(cookieFrom(headers)).headers)).toMatchObject({ id: owner.id });
    // One sign-in more in the account's activity (after the confirmation link's): the password
    // step, and turning two-factor sign-in on, made no session that counts as one.
    const events = await database.db.select().from(authEvents).where(eq(authEvents.userId, owner.id));
    expect(events.filter((event) => event.type === "signed_in")).toHaveLength(2);
  });

  it("refuses a wrong code with a clear message and asks again; after 5 wrong codes the password is asked again", async () => {
    const owner = await withTwoFactor();
    const step = await passwordStep(owner.email);
    for (let attempt = 0; attempt < 5; attempt++) {
      const failure = await codeStep(step, wrongTotpCode(owner.uri)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SecondStepFailure);
      expect(failure).toMatchObject({ message: WRONG_CODE, askAgain: true });
    }
    await expect(codeStep(step, totpCode(owner.uri))).rejects.toMatchObject({
      message: TOO_MANY_CODES,
      askAgain: false,
      status: 429,
    });
    // A new password step may try again.
    const again = await passwordStep(owner.email);
    await expect(codeStep(again, totpCode(owner.uri))).resolves.toHaveProperty("user.id", owner.id);
  });

  it("locks the account's second step for 15 minutes after 10 wrong codes in a row, from any client", async () => {
    const owner = await withTwoFactor();
    for (let attempt = 0; attempt < 10; attempt++) {
      await expect(codeStep(await passwordStep(owner.email), wrongTotpCode(owner.uri))).rejects.toThrow(WRONG_CODE);
    }
    await expect(codeStep(await passwordStep(owner.email), totpCode(owner.uri))).rejects.toMatchObject({
      message: ACCOUNT_LOCKED,
      status: 429,
    });
  });

  it("counts codes per client address, like passwords", async () => {
    const owner = await withTwoFactor();
    const step = await passwordStep(owner.email);
    // As many codes as the limit allows, already tried from this address (on other accounts, say).
    const { store, max } = testAuth.limits.secondStepPerClient;
    for (let tried = 0; tried < max; tried++) await store.increment(step.from.clientAddress);
    await expect(codeStep(step, totpCode(owner.uri))).rejects.toMatchObject({
      message: "Too many sign-in attempts. Please wait 15 minutes and try again.",
      status: 429,
    });
  });

  it("takes each backup code once", async () => {
    const owner = await withTwoFactor();
    const [code] = owner.backupCodes;
    await expect(codeStep(await passwordStep(owner.email), code!)).resolves.toHaveProperty("user.id", owner.id);
    await expect(codeStep(await passwordStep(owner.email), code!)).rejects.toMatchObject({
      message: WRONG_CODE,
      askAgain: true,
    });
    await expect(codeStep(await passwordStep(owner.email), owner.backupCodes[1]!)).resolves.toHaveProperty(
      "user.id",
      owner.id,
    );
  });

  it("refuses a code with no password step, or one past the step's 10 minutes", async () => {
    const owner = await withTwoFactor();
    await expect(verifySecondStep(client(), totpCode(owner.uri))).rejects.toMatchObject({
      message: SECOND_STEP_EXPIRED,
      askAgain: false,
      status: 410,
    });
    const step = await passwordStep(owner.email);
    // The step's record (better-auth's, in `verification`) as it is 10 minutes later.
    await database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(like(verification.identifier, "2fa-%"), eq(verification.value, owner.id)));
    await expect(codeStep(step, totpCode(owner.uri))).rejects.toMatchObject({
      message: SECOND_STEP_EXPIRED,
      askAgain: false,
    });
  });
});

describe("turning two-factor sign-in off, and new backup codes", () => {
  it("needs the password and a code; then a password alone signs in, and the owner is told", async () => {
    const owner = await withTwoFactor();
    await expect(
      turnOffTwoFactor(secondFactor(owner.cookie), { password: PASSWORD, code: wrongTotpCode(owner.uri) }),
    ).rejects.toThrow(WRONG_SETTINGS_CODE);
    await expect(
      turnOffTwoFactor(secondFactor(owner.cookie), { password: "wrong-password", code: totpCode(owner.uri) }),
    ).rejects.toThrow(WRONG_PASSWORD);
    expect(await hasSecondFactor(database.db, owner.id)).toBe(true);
    const { headers } = await turnOffTwoFactor(secondFactor(owner.cookie), {
      password: PASSWORD,
      code: totpCode(owner.uri),
    });
    expect(await hasSecondFactor(database.db, owner.id)).toBe(false);
    expect(await getCurrentUser(testAuth.auth, client(cookieFrom(headers)).headers)).toMatchObject({ id: owner.id });
    expect(await signIn(client(), { email: owner.email, password: PASSWORD })).toHaveProperty("user.id", owner.id);
    expect(emailSubjects(owner.email)).toContain("Two-factor sign-in was turned off for your Test Market account");
  });

  it("takes a backup code instead of the app's", async () => {
    const owner = await withTwoFactor();
    await turnOffTwoFactor(secondFactor(owner.cookie), { password: PASSWORD, code: owner.backupCodes[0]! });
    expect(await hasSecondFactor(database.db, owner.id)).toBe(false);
  });

  it("makes new backup codes after the password: the old ones stop working", async () => {
    const owner = await withTwoFactor();
    await expect(remakeBackupCodes(secondFactor(owner.cookie), "wrong-password")).rejects.toThrow(WRONG_PASSWORD);
    const fresh = await remakeBackupCodes(secondFactor(owner.cookie), PASSWORD);
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(owner.backupCodes[0]);
    await expect(codeStep(await passwordStep(owner.email), owner.backupCodes[0]!)).rejects.toThrow(WRONG_CODE);
    await expect(codeStep(await passwordStep(owner.email), fresh[0]!)).resolves.toHaveProperty("user.id", owner.id);
    expect(emailSubjects(owner.email)).toContain("New backup codes were made for your Test Market account");
  });
});

describe("the guard (second-factor.ts)", () => {
  it("refuses an account without a second factor with what to do and where, and passes one with it", async () => {
    const owner = await newAccount();
    const refusal = await assertSecondFactor(database.db, owner.id, "you use the admin console").catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({
      message: "Turn on two-factor sign-in or add a passkey in Settings before you use the admin console.",
      status: 403,
      link: { label: "Open Settings", to: SECOND_FACTOR_SETTINGS },
    });
    await testAuth.turnOnTwoFactor({ cookie: owner.cookie, password: PASSWORD });
    await expect(assertSecondFactor(database.db, owner.id, "you use the admin console")).resolves.toBeUndefined();
  });

  it("does not count two-factor sign-in that was started but never confirmed, nor an unknown account", async () => {
    const owner = await newAccount();
    await startTwoFactor(secondFactor(owner.cookie), PASSWORD);
    expect(await hasSecondFactor(database.db, owner.id)).toBe(false);
    expect(await hasSecondFactor(database.db, "nobody")).toBe(false);
  });
});
