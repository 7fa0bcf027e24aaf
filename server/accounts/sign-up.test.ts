import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { linkIn, setUpTestAuth } from "../../tests/support/test-auth.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { user } from "../db/schema.ts";
import type { OutgoingEmail } from "../email/mailer.ts";
import { requestEmailChange, updateProfileName } from "./account-settings.ts";
import { signIn, signUp } from "./credentials.ts";
import { requestPasswordReset, resetPassword } from "./password-reset.ts";
import { SIGN_UP_NOTICES_PER_HOUR } from "./sign-up-notice.ts";

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);
const { client } = testAuth;

// What a spammer would type to have the shop carry it to any address.
const SPAM = "Cheap pills at spam.example";
const PASSWORD = "owners-password";

const signUpAs = (name: string, email: string, password = "someone-elses-1") =>
  signUp(client(), { name, email, password, confirmPassword: password });

const usersWith = (email: string) => database.db.select().from(user).where(eq(user.email, email));

function expectNoneOf(email: OutgoingEmail, words: string[]) {
  for (const word of words) {
    expect(email.text).not.toContain(word);
    expect(email.html).not.toContain(word);
    expect(email.subject).not.toContain(word);
  }
}

describe("signing up reveals no account", () => {
  it("answers a taken address as it answers a new one, changes nothing and tells the owner in the shop's words only", async () => {
    const owner = await testAuth.signUpConfirmed({
      name: "Real Owner",
      email: "owner@example.com",
      password: PASSWORD,
    });
    const fresh = await signUpAs(SPAM, "fresh@example.com", "typed-password-1");
    const taken = await signUpAs(SPAM, "owner@example.com", "typed-password-1");
    expect(Object.keys(taken.user).sort()).toEqual(Object.keys(fresh.user).sort());
    expect(taken.user).toMatchObject({ name: SPAM, email: "owner@example.com" });
    expect(taken.user.id).not.toBe(owner.id);

    const [stored] = await usersWith("owner@example.com");
    expect(stored).toMatchObject({ id: owner.id, name: "Real Owner", emailVerified: true });
    expect(await usersWith("owner@example.com")).toHaveLength(1);
    await signIn(client(), { email: "owner@example.com", password: PASSWORD });
    await expect(signIn(client(), { email: "owner@example.com", password: "typed-password-1" })).rejects.toThrow(
      "Invalid email or password",
    );

    const notice = testAuth.emailsTo("owner@example.com").at(-1)!;
    expect(notice.subject).toBe("Someone tried to create a Test Market account with your email address");
    expect(notice.text).toContain("http://shop.test/account/forgot-password");
    expect(notice.text).not.toContain("verify-email");
    expectNoneOf(notice, [SPAM, "typed-password-1", "Real Owner"]);
  });

  it(`tells an owner at most ${SIGN_UP_NOTICES_PER_HOUR} times an hour, answering every sign-up the same`, async () => {
    await testAuth.signUpConfirmed({ name: "Popular", email: "popular@example.com", password: PASSWORD });
    const before = testAuth.emailsTo("popular@example.com").length;
    for (let attempt = 0; attempt < SIGN_UP_NOTICES_PER_HOUR + 2; attempt++) {
      await expect(signUpAs("Anyone", "popular@example.com")).resolves.toMatchObject({ user: { name: "Anyone" } });
    }
    expect(testAuth.emailsTo("popular@example.com").length - before).toBe(SIGN_UP_NOTICES_PER_HOUR);
  });
});

describe("no text a visitor chose reaches an address nobody has confirmed", () => {
  it("leaves the typed name out of the confirmation email of a new account", async () => {
    await signUpAs(SPAM, "victim@example.com");
    const [email] = testAuth.emailsTo("victim@example.com");
    expect(email!.subject).toBe("Confirm your email address for Test Market");
    expect(email!.text).toMatch(/^Hello,\n/);
    expectNoneOf(email!, [SPAM, "someone-elses-1"]);
  });

  it("leaves the account's name out of the link sent to a new address, and out of a reset sent to an unconfirmed one", async () => {
    const { cookie } = await testAuth.signUpConfirmed({
      name: "Mover",
      email: "mover@example.com",
      password: PASSWORD,
    });
    await updateProfileName(testAuth.auth, client(cookie).headers, SPAM);
    await requestEmailChange(client(cookie), "moved-to@example.com");
    const [change] = testAuth.emailsTo("moved-to@example.com");
    expect(change!.text).toContain("new email address of your Test Market account");
    expectNoneOf(change!, [SPAM]);

    await signUpAs(SPAM, "unconfirmed@example.com");
    await requestPasswordReset(client(), "unconfirmed@example.com");
    const reset = testAuth.emailsTo("unconfirmed@example.com").at(-1)!;
    expect(reset.subject).toBe("Reset your Test Market password");
    expectNoneOf(reset, [SPAM]);

    // A confirmed address is its owner's: a reset there greets them by name.
    await requestPasswordReset(client(), "mover@example.com");
    expect(testAuth.emailsTo("mover@example.com").at(-1)!.text).toContain(`Hi ${SPAM},`);
  });
});

describe("the owner of an address someone signed up with first", () => {
  it("gets in by resetting the password, which confirms the address, and the other password stops working", async () => {
    await signUpAs("Squatter", "squatted@example.com", "squatters-password");
    await requestPasswordReset(client(), "squatted@example.com");
    const link = linkIn(testAuth.emailsTo("squatted@example.com").at(-1)!);
    await resetPassword(testAuth.auth, new URL(link).pathname.split("/").pop()!, PASSWORD);
    const [stored] = await usersWith("squatted@example.com");
    expect(stored!.emailVerified).toBe(true);
    await signIn(client(), { email: "squatted@example.com", password: PASSWORD });
    await expect(
      signIn(client(), { email: "squatted@example.com", password: "squatters-password" }),
    ).rejects.toMatchObject({ status: 401 });
  });
});
