import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cookieFrom, linkIn, setUpTestAuth } from "../../tests/support/test-auth.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { user } from "../db/schema.ts";
import { requestEmailChange, resendEmailConfirmation } from "./account-settings.ts";
import { listAuthEvents } from "./auth-events.ts";
import { signIn, signUp } from "./credentials.ts";
import { getCurrentUser } from "./current-user.ts";

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);
const { client } = testAuth;

async function register(email: string) {
  const { headers, user: created } = await signUp(client(), {
    name: "Mary Somerville",
    email,
    password: "celestial-mechanism",
    confirmPassword: "celestial-mechanism",
  });
  return { cookie: cookieFrom(headers), id: created.id };
}

/** Opens an emailed link the way a browser does; returns where it was sent next. */
async function open(url: string, cookie?: string) {
  const response = await testAuth.auth.handler(new Request(url, { headers: cookie ? { cookie } : {} }));
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!, url);
}

async function stored(id: string) {
  const [row] = await database.db.select().from(user).where(eq(user.id, id));
  return row!;
}

const confirmationTo = (email: string) => {
  const found = testAuth
    .emailsTo(email)
    .filter((sent) => sent.subject === "Confirm your email address for Test Market");
  expect(found.length).toBeGreaterThan(0);
  return found.at(-1)!;
};

describe("confirming the address of a new account", () => {
  it("emails a link on sign-up that marks the address as confirmed, even on another device", async () => {
    const { id } = await register("mary@example.com");
    expect((await stored(id)).emailVerified).toBe(false);
    const email = confirmationTo("mary@example.com");
    expect(email.text).toContain("Hi Mary Somerville,");
    expect(email.text).toContain("within 24 hours");
    const landing = await open(linkIn(email));
    expect(landing.pathname).toBe("/account/email-confirmed");
    expect(landing.searchParams.get("error")).toBeNull();
    expect((await stored(id)).emailVerified).toBe(true);
    expect((await listAuthEvents(database.db, id)).map((event) => event.type)).toContain("email_confirmed");
  });

  it("sends a new link on request, but not once the address is confirmed, and at most three an hour", async () => {
    const { cookie } = await register("caroline@example.com");
    for (let sent = 0; sent < 3; sent++) await resendEmailConfirmation(client(cookie));
    await expect(resendEmailConfirmation(client(cookie))).rejects.toThrow(
      "Too many confirmation emails. Please try again in an hour.",
    );
    await open(linkIn(confirmationTo("caroline@example.com")));
    await expect(resendEmailConfirmation(client(cookie))).rejects.toThrow("Your email address is already confirmed.");
  });

  it("sends a tampered link to the landing page with an error and confirms nothing", async () => {
    const { id } = await register("emmy@example.com");
    const link = new URL(linkIn(confirmationTo("emmy@example.com")));
    link.searchParams.set("token", `${link.searchParams.get("token")}x`);
    const landing = await open(link.href);
    expect(landing.pathname).toBe("/account/email-confirmed");
    expect(landing.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect((await stored(id)).emailVerified).toBe(false);
  });
});

describe("changing the email address", () => {
  it("changes it only when the link sent to the new address is opened, and the link works once", async () => {
    const { cookie, id } = await register("old-address@example.com");
    await requestEmailChange(client(cookie), "new-address@example.com");
    expect((await stored(id)).email).toBe("old-address@example.com");
    const link = linkIn(confirmationTo("new-address@example.com"));

    const landing = await open(link, cookie);
    expect(landing.searchParams.get("error")).toBeNull();
    expect(await stored(id)).toMatchObject({ email: "new-address@example.com", emailVerified: true });
    expect(await getCurrentUser(testAuth.auth, new Headers({ cookie }))).toMatchObject({
      email: "new-address@example.com",
    });
    await signIn(client(), { email: "new-address@example.com", password: "celestial-mechanism" });
    await expect(
      signIn(client(), { email: "old-address@example.com", password: "celestial-mechanism" }),
    ).rejects.toThrow("Invalid email or password");
    expect((await listAuthEvents(database.db, id)).map((event) => event.type)).toEqual(
      expect.arrayContaining(["email_change_requested", "email_confirmed"]),
    );

    expect((await open(link, cookie)).searchParams.get("error")).toBe("INVALID_TOKEN");
  });

  it("gives an address of another account the same answer, sends it nothing and changes nothing", async () => {
    await register("taken@example.com");
    const { cookie, id } = await register("hopeful@example.com");
    const before = testAuth.emailsTo("taken@example.com").length;
    await requestEmailChange(client(cookie), "taken@example.com");
    expect(testAuth.emailsTo("taken@example.com")).toHaveLength(before);
    expect((await stored(id)).email).toBe("hopeful@example.com");
  });

  it("refuses the current address, and a link opened while signed in as someone else", async () => {
    const owner = await register("owner@example.com");
    await expect(requestEmailChange(client(owner.cookie), "owner@example.com")).rejects.toThrow(
      "That is already your email address.",
    );
    await requestEmailChange(client(owner.cookie), "owner-new@example.com");
    const intruder = await register("intruder@example.com");
    const landing = await open(linkIn(confirmationTo("owner-new@example.com")), intruder.cookie);
    expect(landing.searchParams.get("error")).toBe("INVALID_USER");
    expect((await stored(owner.id)).email).toBe("owner@example.com");
  });

  it("needs a signed-in user", async () => {
    await expect(requestEmailChange(client(), "someone@example.com")).rejects.toMatchObject({ status: 401 });
  });
});
