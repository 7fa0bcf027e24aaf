import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { softAuthenticator } from "../../tests/support/soft-authenticator.ts";
import { cookieFrom, setUpTestAuth, TEST_SHOP_URL } from "../../tests/support/test-auth.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { passkey } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { listAuthEvents } from "./auth-events.ts";
import { PASSKEY_SIGN_IN_FAILED, passkeySignInOptions, signIn, signInWithPasskey } from "./credentials.ts";
import { getCurrentUser } from "./current-user.ts";
import { hasSecondFactor } from "./second-factor.ts";
import {
  addPasskey,
  DEMO_ACCOUNT_NO_SECOND_FACTOR,
  PASSKEY_NOT_ADDED,
  passkeyRegistrationOptions,
  removePasskey,
  secondFactorStatus,
  WRONG_PASSWORD,
} from "./second-factor-settings.ts";
import { DEMO_BUYER } from "./shared-demo-accounts.ts";

// Passkeys (@better-auth/passkey, SimpleWebAuthn) at the server: added in Settings after the
// password, listed, removed, and signing in without a password. The browser's part is played by
// a software authenticator (tests/support/soft-authenticator.ts) for the shop's own origin.

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);
const { client, secondFactor } = testAuth;
const PASSWORD = "analytical-engine";

/** A new confirmed account, signed in: its id, address and session cookie. */
const newAccount = () => testAuth.newAccount({ tag: "keeper", name: "Grace Hopper", password: PASSWORD });

/** The headers of a request that also sends the cookies `headers` set (the challenge's). */
function withCookies(cookie: string, headers: Headers) {
  return [cookie, cookieFrom(headers)].filter(Boolean).join("; ");
}

/** Adds a passkey made by `authenticator` to the account signed in with `cookie`, as Settings does. */
async function addWith(authenticator: ReturnType<typeof softAuthenticator>, cookie: string, name: string) {
  const { headers, options } = await passkeyRegistrationOptions(secondFactor(cookie), PASSWORD);
  return addPasskey(secondFactor(withCookies(cookie, headers)), { name, response: authenticator.register(options) });
}

/** Signs in with the passkey of `authenticator`, as the login modal does: answers the session's cookie. */
async function signInWith(authenticator: ReturnType<typeof softAuthenticator>) {
  const from = client();
  const { headers, options } = await passkeySignInOptions(from);
  from.headers.set("cookie", cookieFrom(headers));
  const signedIn = await signInWithPasskey(from, authenticator.authenticate(options));
  return { ...signedIn, cookie: cookieFrom(signedIn.headers) };
}

describe("adding a passkey", () => {
  it("asks the password, keeps the passkey the browser made under its name, and tells the owner", async () => {
    const owner = await newAccount();
    const { options } = await passkeyRegistrationOptions(secondFactor(owner.cookie), PASSWORD);
    // For the shop's own address (PUBLIC_URL), naming the account by its address.
    expect(options).toMatchObject({ rp: { id: "shop.test", name: "Test Market" }, user: { name: owner.email } });
    const added = await addWith(softAuthenticator(TEST_SHOP_URL), owner.cookie, "Work laptop");
    expect(added).toMatchObject({ name: "Work laptop", synced: true });
    const status = await secondFactorStatus(secondFactor(owner.cookie));
    expect(status).toMatchObject({ twoFactorOn: false, hasPassword: true, demoLocked: false });
    expect(status.passkeys).toEqual([added]);
    expect(await hasSecondFactor(database.db, owner.id)).toBe(true);
    expect(testAuth.emailsTo(owner.email).at(-1)).toMatchObject({
      subject: "A passkey was added to your Test Market account",
    });
    expect(testAuth.emailsTo(owner.email).at(-1)!.text).toContain('A passkey named "Work laptop" was added');
    expect((await listAuthEvents(database.db, owner.id))[0]).toMatchObject({ type: "passkey_added" });
  });

  it("refuses a wrong password, and a passkey made for another site", async () => {
    const owner = await newAccount();
    await expect(passkeyRegistrationOptions(secondFactor(owner.cookie), "wrong")).rejects.toThrow(WRONG_PASSWORD);
    const { headers, options } = await passkeyRegistrationOptions(secondFactor(owner.cookie), PASSWORD);
    const phishing = softAuthenticator("https://shop-test.example").register({ ...options, rp: {} });
    await expect(
      addPasskey(secondFactor(withCookies(owner.cookie, headers)), { name: "Phished", response: phishing }),
    ).rejects.toThrow(PASSKEY_NOT_ADDED);
    expect(await database.db.select().from(passkey).where(eq(passkey.userId, owner.id))).toEqual([]);
  });

  it("refuses a passkey without the options' challenge (no password step)", async () => {
    const owner = await newAccount();
    const { options } = await passkeyRegistrationOptions(secondFactor(owner.cookie), PASSWORD);
    await expect(
      addPasskey(secondFactor(owner.cookie), {
        name: "Sneaky",
        response: softAuthenticator(TEST_SHOP_URL).register(options),
      }),
    ).rejects.toThrow(PASSKEY_NOT_ADDED);
  });

  it("signs out the account's other sessions with its first passkey", async () => {
    const owner = await newAccount();
    const other = cookieFrom((await signIn(client(), { email: owner.email, password: PASSWORD })).headers);
    await addWith(softAuthenticator(TEST_SHOP_URL), owner.cookie, "Phone");
    expect(await getCurrentUser(testAuth.auth, client(other).headers)).toBeNull();
    expect(await getCurrentUser(testAuth.auth, client(owner.cookie).headers)).toMatchObject({ id: owner.id });
  });

  it("cannot be done by a shared demo account of a demo shop: one refusal, 403", async () => {
    const { cookie } = await testAuth.signUpConfirmed({ name: "Demo", email: DEMO_BUYER.email, password: PASSWORD });
    const refusal = await passkeyRegistrationOptions(secondFactor(cookie, "demo"), PASSWORD).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({ message: DEMO_ACCOUNT_NO_SECOND_FACTOR, status: 403 });
    expect(await secondFactorStatus(secondFactor(cookie, "demo"))).toMatchObject({ demoLocked: true });
  });
});

describe("signing in with a passkey", () => {
  it("signs in without a password, and the next sign-in too", async () => {
    const owner = await newAccount();
    const authenticator = softAuthenticator(TEST_SHOP_URL);
    await addWith(authenticator, owner.cookie, "Laptop");
    const first = await signInWith(authenticator);
    expect(first.user).toEqual({ id: owner.id, name: "Grace Hopper", email: owner.email });
    expect(await getCurrentUser(testAuth.auth, client(first.cookie).headers)).toMatchObject({ id: owner.id });
    await expect(signInWith(authenticator)).resolves.toHaveProperty("user.id", owner.id);
  });

  it("refuses a passkey the shop does not know, and an answer to another challenge", async () => {
    await expect(signInWith(softAuthenticator(TEST_SHOP_URL))).rejects.toThrow(PASSKEY_SIGN_IN_FAILED);
    const owner = await newAccount();
    const authenticator = softAuthenticator(TEST_SHOP_URL);
    await addWith(authenticator, owner.cookie, "Laptop");
    const from = client();
    const { headers, options } = await passkeySignInOptions(from);
    from.headers.set("cookie", cookieFrom(headers));
    const replayed = authenticator.authenticate(options, { challenge: "c29tZXRoaW5nLWVsc2U" });
    await expect(signInWithPasskey(from, replayed)).rejects.toMatchObject({
      message: PASSKEY_SIGN_IN_FAILED,
      status: 401,
    });
  });
});

describe("removing a passkey", () => {
  it("removes the owner's own passkey, which then signs in no more, and tells the owner", async () => {
    const owner = await newAccount();
    const authenticator = softAuthenticator(TEST_SHOP_URL);
    const added = await addWith(authenticator, owner.cookie, "Old phone");
    await removePasskey(secondFactor(owner.cookie), added.id);
    expect((await secondFactorStatus(secondFactor(owner.cookie))).passkeys).toEqual([]);
    expect(await hasSecondFactor(database.db, owner.id)).toBe(false);
    await expect(signInWith(authenticator)).rejects.toThrow(PASSKEY_SIGN_IN_FAILED);
    expect(testAuth.emailsTo(owner.email).at(-1)).toMatchObject({
      subject: "A passkey was removed from your Test Market account",
    });
  });

  it("cannot remove another account's passkey", async () => {
    const owner = await newAccount();
    const added = await addWith(softAuthenticator(TEST_SHOP_URL), owner.cookie, "Mine");
    const stranger = await newAccount();
    await expect(removePasskey(secondFactor(stranger.cookie), added.id)).rejects.toMatchObject({ status: 404 });
    expect((await secondFactorStatus(secondFactor(owner.cookie))).passkeys).toHaveLength(1);
  });
});
