import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpSchema } from "../../shared/account-credentials-schema.ts";
import { cookieFrom, linkIn, setUpTestAuth } from "../../tests/support/test-auth.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { account, categories, creators, products, reviews, session, user } from "../db/schema.ts";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "../demo/accounts/demo-accounts.ts";
import {
  changePassword,
  deleteOwnAccount,
  listOwnSessions,
  revokeOtherSessions,
  updateProfileName,
} from "./account-settings.ts";
import type { Auth } from "./auth.ts";
import { listAuthEvents } from "./auth-events.ts";
import { AuthFailure } from "./auth-failure.ts";
import { signIn, signOut, signUp } from "./credentials.ts";
import { getCurrentUser } from "./current-user.ts";
import { RESET_REQUESTED, requestPasswordReset, resetPassword } from "./password-reset.ts";

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);
const { client, sentEmails } = testAuth;
let auth: Auth;

beforeAll(async () => {
  auth = testAuth.auth;
  await database.db.insert(creators).values({ slug: "test-shop", name: "Test Shop" });
});

const newUser = (email: string) => ({
  name: "Ada Lovelace",
  email,
  password: "analytical-engine",
  confirmPassword: "analytical-engine",
});

/** A confirmed account named Ada Lovelace with the password "analytical-engine", signed in. */
const registered = (email: string) =>
  testAuth.signUpConfirmed({ name: "Ada Lovelace", email, password: "analytical-engine" });

describe("accounts", () => {
  it("signs up without a session; the emailed link confirms the address and signs in, kept in the database", async () => {
    const { user: created } = await signUp(client(), newUser("ada@example.com"));
    expect(created.name).toBe("Ada Lovelace");
    await expect(signIn(client(), { email: "ada@example.com", password: "analytical-engine" })).rejects.toThrow(
      "Please confirm your email address first",
    );
    const response = await auth.handler(new Request(linkIn(testAuth.emailsTo("ada@example.com").at(-1)!)));
    expect(response.headers.get("location")).toBe("/account/email-confirmed");
    const setCookie = response.headers.getSetCookie().find((value) => value.includes("session_token"));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const current = await getCurrentUser(auth, new Headers({ cookie: cookieFrom(response.headers) }));
    expect(current).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      emailVerified: true,
      isSeller: false,
      avatarUrl: null,
    });
    const [stored] = await database.db.select().from(account).where(eq(account.userId, created.id));
    expect(stored!.password).toBeTruthy();
    expect(stored!.password).not.toContain("analytical-engine"); // hashed
    await signIn(client(), { email: "ada@example.com", password: "analytical-engine" });
  });

  it("never lets a sign-up make itself a seller or an admin", async () => {
    const attempt = auth.api.signUpEmail({
      body: {
        name: "Mallory",
        email: "mallory@example.com",
        password: "password-123",
        isSeller: true,
        role: "admin",
      } as never,
      headers: client().headers,
    });
    await attempt.catch(() => undefined);
    const [row] = await database.db.select().from(user).where(eq(user.email, "mallory@example.com"));
    expect(row?.isSeller ?? false).toBe(false);
    expect(row?.role ?? "user").toBe("user");
  });

  it("refuses a wrong password with the server's message", async () => {
    await registered("grace@example.com");
    const failure = await signIn(client(), { email: "grace@example.com", password: "wrong-password" }).catch((e) => e);
    expect(failure).toBeInstanceOf(AuthFailure);
    expect(failure.message).toBe("Invalid email or password");
    expect(failure.status).toBe(401);
  });

  it("limits sign-ins per client address", async () => {
    const sameClient = client();
    for (let attempt = 0; attempt < 30; attempt++) {
      await signIn(sameClient, { email: `nobody${attempt}@example.com`, password: "whatever-1" }).catch(() => {});
    }
    await expect(signIn(sameClient, { email: "other@example.com", password: "whatever-1" })).rejects.toMatchObject({
      status: 429,
    });
  });

  it("changes the password (old one refused, new one accepted) and signs out", async () => {
    const { cookie } = await registered("change@example.com");
    await expect(
      changePassword(database.db, {
        auth,
        headers: client(cookie).headers,
        currentPassword: "not-it-at-all",
        newPassword: "new-password-1",
      }),
    ).rejects.toThrow(/invalid password/i);
    await changePassword(database.db, {
      auth,
      headers: client(cookie).headers,
      currentPassword: "analytical-engine",
      newPassword: "new-password-1",
    });
    await expect(signIn(client(), { email: "change@example.com", password: "analytical-engine" })).rejects.toThrow();
    const signedIn = await signIn(client(), { email: "change@example.com", password: "new-password-1" });
    const newCookie = cookieFrom(signedIn.headers);
    await signOut(client(newCookie));
    expect(await getCurrentUser(auth, new Headers({ cookie: newCookie }))).toBeNull();
  });

  it("updates only the signed-in user's own profile", async () => {
    const first = await registered("first@example.com");
    const second = await registered("second@example.com");
    await updateProfileName(auth, client(first.cookie).headers, "First Person");
    const [a] = await database.db.select().from(user).where(eq(user.id, first.id));
    const [b] = await database.db.select().from(user).where(eq(user.id, second.id));
    expect(a!.name).toBe("First Person");
    expect(b!.name).toBe("Ada Lovelace");
    await expect(updateProfileName(auth, client().headers, "Nobody")).rejects.toBeInstanceOf(AuthFailure);
  });

  it("seeds the two demo accounts: names from the email, only the seller is a seller", async () => {
    await seedDemoAccounts(database.db);
    for (const demo of DEMO_ACCOUNTS) {
      const { headers } = await signIn(client(), { email: demo.email, password: demo.password });
      const current = await getCurrentUser(auth, new Headers({ cookie: cookieFrom(headers) }));
      expect(current?.name).toBe(demo.email.split("@")[0]);
      expect(current?.isSeller).toBe(demo.isSeller);
    }
    expect(await database.db.select().from(session)).not.toHaveLength(0);
  });
});

describe("sessions and account activity", () => {
  it("lists only the user's own sessions, without tokens, and signs out the others", async () => {
    const first = await registered("devices@example.com");
    const second = await signIn(client(), { email: "devices@example.com", password: "analytical-engine" });
    await registered("stranger@example.com");
    const cookie = cookieFrom(second.headers);
    const sessions = await listOwnSessions(auth, new Headers({ cookie }));
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.current).toBe(true);
    expect(JSON.stringify(sessions)).not.toContain(cookie.split("=")[1]!.split(".")[0]!);
    await revokeOtherSessions(database.db, auth, new Headers({ cookie }));
    expect(await listOwnSessions(auth, new Headers({ cookie }))).toHaveLength(1);
    expect(await getCurrentUser(auth, new Headers({ cookie: first.cookie }))).toBeNull();
  });

  it("records sign-up, sign-in, sign-out and password changes, newest first", async () => {
    const { cookie, id } = await registered("history@example.com");
    await changePassword(database.db, {
      auth,
      headers: client(cookie).headers,
      currentPassword: "analytical-engine",
      newPassword: "another-password",
    });
    const again = await signIn(client(), { email: "history@example.com", password: "another-password" });
    await signOut(client(cookieFrom(again.headers)));
    const types = (await listAuthEvents(database.db, id)).map((event) => event.type);
    expect(types[0]).toBe("signed_out");
    expect(types).toEqual(expect.arrayContaining(["account_created", "signed_in", "password_changed", "signed_out"]));
    expect(types.at(-1)).toBe("account_created");
  });
});

describe("deleting an account", () => {
  it("needs the right password, then removes the account and its sessions, keeping a seller's shop page unlinked and reviews anonymised", async () => {
    const { cookie, id } = await registered("leaving@example.com");
    const created = { id };
    await database.db.update(creators).set({ userId: created.id }).where(eq(creators.slug, "test-shop"));
    await expect(deleteOwnAccount(auth, client(cookie).headers, "wrong-password")).rejects.toBeInstanceOf(AuthFailure);
    expect(await database.db.select().from(user).where(eq(user.id, created.id))).toHaveLength(1);

    const [product] = await database.db
      .insert(products)
      .values({
        title: "Reviewed thing",
        creatorId: (await database.db.select().from(creators).where(eq(creators.slug, "test-shop")))[0]!.id,
        categoryId: (
          await database.db
            .insert(categories)
            .values({ slug: "c", name: "C", label: "C", artKind: "planner" })
            .returning()
        )[0]!.id,
        priceCents: 100,
        format: "PDF",
      })
      .returning();
    await database.db
      .insert(reviews)
      .values({ productId: product!.id, userId: created.id, authorName: "Leaving Lee", rating: 5, body: "Lovely." });

    await deleteOwnAccount(auth, client(cookie).headers, "analytical-engine");
    // The review stays, anonymised.
    const [review] = await database.db.select().from(reviews).where(eq(reviews.productId, product!.id));
    expect(review).toMatchObject({ userId: null, authorName: "Former customer", body: "Lovely." });
    expect(await database.db.select().from(user).where(eq(user.id, created.id))).toHaveLength(0);
    expect(await database.db.select().from(session).where(eq(session.userId, created.id))).toHaveLength(0);
    const [shop] = await database.db.select().from(creators).where(eq(creators.slug, "test-shop"));
    expect(shop).toMatchObject({ name: "Test Shop", userId: null });
    await expect(signIn(client(), { email: "leaving@example.com", password: "analytical-engine" })).rejects.toThrow(
      "Invalid email or password",
    );
  });
});

describe("forgotten passwords", () => {
  it("emails a one-time link that sets a new password, ends every session and cannot be used twice", async () => {
    const { cookie: oldCookie } = await registered("forgot@example.com");
    expect(await requestPasswordReset(client(), "forgot@example.com")).toBe(RESET_REQUESTED);
    const [email] = testAuth.emailsTo("forgot@example.com").filter((e) => e.subject.startsWith("Reset"));
    expect(email?.subject).toBe("Reset your Test Market password");
    const url = linkIn(email!);
    const token = new URL(url).pathname.split("/").pop()!;
    await resetPassword(auth, token, "brand-new-password");
    expect(await getCurrentUser(auth, new Headers({ cookie: oldCookie }))).toBeNull();
    await signIn(client(), { email: "forgot@example.com", password: "brand-new-password" });
    await expect(resetPassword(auth, token, "another-password")).rejects.toThrow(
      "This reset link has expired or was already used. Please ask for a new one.",
    );
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    const before = sentEmails.length;
    expect(await requestPasswordReset(client(), "nobody-here@example.com")).toBe(RESET_REQUESTED);
    expect(sentEmails.length).toBe(before);
  });

  it("limits reset emails per address", async () => {
    await registered("spam@example.com");
    for (let index = 0; index < 3; index++) await requestPasswordReset(client(), "spam@example.com");
    await expect(requestPasswordReset(client(), "spam@example.com")).rejects.toThrow("Too many reset emails");
  });
});

describe("the register form's rules", () => {
  it("requires matching passwords of at least 8 characters", () => {
    const mismatch = signUpSchema.safeParse({ ...newUser("x@example.com"), confirmPassword: "something-else" });
    expect(mismatch.error?.issues[0]?.message).toBe("The passwords do not match.");
    const short = signUpSchema.safeParse({ ...newUser("x@example.com"), password: "short", confirmPassword: "short" });
    expect(short.error?.issues[0]?.message).toBe("Your password must be at least 8 characters.");
    const overlong = signUpSchema.safeParse({ ...newUser("x@example.com"), name: "n".repeat(101) });
    expect(overlong.error?.issues[0]?.message).toBe("Your name must be at most 100 characters.");
    const badEmail = signUpSchema.safeParse({ ...newUser("not-an-email") });
    expect(badEmail.error?.issues[0]?.message).toBe("Please enter a valid email address, like name@example.com.");
  });
});
