import { beforeEach, describe, expect, it } from "vitest";
import { linkIn, setUpTestAuth } from "../../tests/support/test-auth.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { EMAIL_NOT_CONFIRMED, EMAIL_NOT_CONFIRMED_NO_NEW_LINK, signIn, signUp } from "./credentials.ts";
import { FREE_SIGN_IN_FAILURES, MAX_SIGN_IN_DELAY_MS, signInDelayMs } from "./sign-in-slowdown.ts";

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);
const { client } = testAuth;

const PASSWORD = "the-right-password";
const TOO_MANY = "Too many sign-in attempts. Please wait 15 minutes and try again.";

const owner = (email: string) => testAuth.signUpConfirmed({ name: "Owner", email, password: PASSWORD });
const wrong = (from: ReturnType<typeof client>, email: string, guess = "a-wrong-guess") =>
  signIn(from, { email, password: guess });

beforeEach(() => {
  testAuth.waits.length = 0;
});

describe("the slowdown per account", () => {
  it("costs nothing for the first failures, then doubles with each one, up to a cap of a few seconds", () => {
    for (let failures = 0; failures < FREE_SIGN_IN_FAILURES; failures++) expect(signInDelayMs(failures)).toBe(0);
    const delays = Array.from({ length: 30 }, (_, index) => signInDelayMs(FREE_SIGN_IN_FAILURES + index));
    expect(delays[0]).toBeGreaterThan(0);
    for (let index = 1; index < delays.length; index++) {
      expect(delays[index]).toBe(Math.min(delays[index - 1]! * 2, MAX_SIGN_IN_DELAY_MS));
    }
    expect(Math.max(...delays)).toBe(MAX_SIGN_IN_DELAY_MS);
    expect(MAX_SIGN_IN_DELAY_MS).toBeLessThanOrEqual(5_000);
    expect(signInDelayMs(1_000_000)).toBe(MAX_SIGN_IN_DELAY_MS);
    expect(signInDelayMs(Number.NaN)).toBe(0);
  });

  it("makes the right password wait exactly as long as a wrong one, so timing tells nothing", async () => {
    await owner("even@example.com");
    for (let attempt = 0; attempt < 8; attempt++) {
      await expect(wrong(client(), "even@example.com")).rejects.toThrow("Invalid email or password");
    }
    testAuth.waits.length = 0;
    await signIn(client(), { email: "even@example.com", password: PASSWORD });
    await expect(wrong(client(), "even@example.com")).rejects.toThrow("Invalid email or password");
    // A success counts no failure, so both attempts met the same count: 8 failures.
    expect(testAuth.waits).toEqual([signInDelayMs(8), signInDelayMs(8)]);
    expect(signInDelayMs(8)).toBeGreaterThan(0);
  });
});

describe("nobody can lock an owner out", () => {
  it("signs the owner in after 11 wrong passwords from 11 addresses, and again after another round", async () => {
    await owner("target@example.com");
    for (let round = 0; round < 2; round++) {
      for (let attacker = 0; attacker < 11; attacker++) {
        await expect(wrong(client(), "target@example.com")).rejects.toThrow("Invalid email or password");
      }
      const signedIn = await signIn(client(), { email: "target@example.com", password: PASSWORD });
      expect(signedIn).toMatchObject({ user: { email: "target@example.com" } });
      // It waited, as every attempt on this account now does, and no longer than the cap.
      expect(testAuth.waits.at(-1)).toBe(MAX_SIGN_IN_DELAY_MS);
    }
  });

  it("refuses one address after 10 failures on one account, but not the owner's own address", async () => {
    await owner("pair@example.com");
    const attacker = client();
    for (let attempt = 0; attempt < 10; attempt++) {
      await expect(wrong(attacker, "pair@example.com")).rejects.toMatchObject({ status: 401 });
    }
    // Even the right password is refused from that address now, with the shop's message.
    await expect(signIn(attacker, { email: "pair@example.com", password: PASSWORD })).rejects.toMatchObject({
      status: 429,
      message: TOO_MANY,
    });
    // The same address may still try other accounts (within its own limit of 30).
    await expect(wrong(attacker, "someone-else@example.com")).rejects.toMatchObject({ status: 401 });
    await signIn(client(), { email: "pair@example.com", password: PASSWORD });
  });

  it("clears an address's failures on that account when it signs in", async () => {
    await owner("forgetful@example.com");
    const device = client();
    for (let attempt = 0; attempt < 9; attempt++) {
      await expect(wrong(device, "forgetful@example.com")).rejects.toMatchObject({ status: 401 });
    }
    await signIn(device, { email: "forgetful@example.com", password: PASSWORD });
    for (let attempt = 0; attempt < 9; attempt++) {
      await expect(wrong(device, "forgetful@example.com")).rejects.toMatchObject({ status: 401 });
    }
    await signIn(device, { email: "forgetful@example.com", password: PASSWORD });
  });

  it("keeps the limit of 30 attempts per address over all accounts", async () => {
    const sameClient = client();
    for (let attempt = 0; attempt < 30; attempt++) {
      await wrong(sameClient, `nobody${attempt}@example.com`).catch(() => {});
    }
    await expect(wrong(sameClient, "other@example.com")).rejects.toMatchObject({ status: 429, message: TOO_MANY });
  });
});

describe("an account whose address is not confirmed", () => {
  it("is refused with a clear message and sent a fresh link, at most three an hour; a wrong password says nothing of it", async () => {
    await signUp(client(), {
      name: "Late Confirmer",
      email: "late@example.com",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const links = () => testAuth.emailsTo("late@example.com").length;
    expect(links()).toBe(1);
    await expect(wrong(client(), "late@example.com")).rejects.toMatchObject({
      status: 401,
      message: "Invalid email or password",
    });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await expect(signIn(client(), { email: "late@example.com", password: PASSWORD })).rejects.toMatchObject({
        status: 403,
        message: EMAIL_NOT_CONFIRMED,
      });
      expect(links()).toBe(1 + attempt);
    }
    await expect(signIn(client(), { email: "late@example.com", password: PASSWORD })).rejects.toMatchObject({
      status: 403,
      message: EMAIL_NOT_CONFIRMED_NO_NEW_LINK,
    });
    expect(links()).toBe(4);
    // The fresh link confirms the address and signs in; then the password does too.
    const response = await testAuth.auth.handler(new Request(linkIn(testAuth.emailsTo("late@example.com").at(-1)!)));
    expect(response.headers.get("location")).toBe("/account/email-confirmed");
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session_token"))).toBe(true);
    await signIn(client(), { email: "late@example.com", password: PASSWORD });
  });
});
