import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { linkIn, setUpTestAuth } from "../../tests/support/test-auth.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { user } from "../db/schema.ts";
import { changePassword, requestEmailChange, resendEmailConfirmation } from "./account-settings.ts";
import { listAuthEvents } from "./auth-events.ts";
import { signIn, signUp } from "./credentials.ts";
import { getCurrentUser } from "./current-user.ts";

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);
const { client } = testAuth;

const PASSWORD = "celestial-mechanism";

/** A new account whose address is not confirmed yet (nobody is signed in). */
async function register(email: string) {
  const { user: created } = await signUp(client(), {
    name: "Mary Somerville",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  return { id: created.id };
}

/** A new account, confirmed through its link, and the session that link opened. */
const registerConfirmed = (email: string) =>
  testAuth.signUpConfirmed({ name: "Mary Somerville", email, password: PASSWORD });

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
    expect(email.text).toContain("Hello,");
    expect(email.text).toContain("within 24 hours");
    const landing = await open(linkIn(email));
    expect(landing.pathname).toBe("/account/email-confirmed");
    expect(landing.searchParams.get("error")).toBeNull();
    expect((await stored(id)).emailVerified).toBe(true);
    expect((await listAuthEvents(database.db, id)).map((event) => event.type)).toContain("email_confirmed");
  });

  it("sends a new link on request, but not once the address is confirmed, and at most three an hour", async () => {
    // Signed in with an address not confirmed: an account from before sign-in needed a confirmed one.
    const { cookie, id } = await registerConfirmed("caroline@example.com");
    await database.db.update(user).set({ emailVerified: false }).where(eq(user.id, id));
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
    const { cookie, id } = await registerConfirmed("old-address@example.com");
    await requestEmailChange(client(cookie), "new-address@example.com");
    expect((await stored(id)).email).toBe("old-address@example.com");
    const link = linkIn(confirmationTo("new-address@example.com"));

    const landing = await open(link, cookie);
    expect(landing.searchParams.get("error")).toBeNull();
    expect(await stored(id)).toMatchObject({ email: "new-address@example.com", emailVerified: true });
    expect(await getCurrentUser(testAuth.auth, new Headers({ cookie }))).toMatchObject({
      email: "new-address@example.com",
    });
    await signIn(client(), { email: "new-address@example.com", password: PASSWORD });
    await expect(signIn(client(), { email: "old-address@example.com", password: PASSWORD })).rejects.toThrow(
      "Invalid email or password",
    );
    expect((await listAuthEvents(database.db, id)).map((event) => event.type)).toEqual(
      expect.arrayContaining(["email_change_requested", "email_confirmed"]),
    );

    expect((await open(link, cookie)).searchParams.get("error")).toBe("INVALID_TOKEN");
  });

  it("tells the old address once the change is made (not when it is only asked), naming the new one in part", async () => {
    const { cookie } = await registerConfirmed("kept-watch@example.com");
    await requestEmailChange(client(cookie), "moved-on@example.com");
    const notice = (to: string) =>
      testAuth
        .emailsTo(to)
        .filter((sent) => sent.subject === "The email address of your Test Market account was changed");
    expect(notice("kept-watch@example.com")).toHaveLength(0);
    await open(linkIn(confirmationTo("moved-on@example.com")), cookie);
    const [told] = notice("kept-watch@example.com");
    expect(told?.text).toContain("was changed from kept-watch@example.com to m•••@example.com.");
    expect(told?.text).not.toContain("moved-on@");
    expect(told?.text).toContain("If you did not, contact us at once");
    expect(notice("moved-on@example.com")).toHaveLength(0);
  });

  it("gives an address of another account the same answer, sends it nothing and changes nothing", async () => {
    await registerConfirmed("taken@example.com");
    const { cookie, id } = await registerConfirmed("hopeful@example.com");
    const before = testAuth.emailsTo("taken@example.com").length;
    await requestEmailChange(client(cookie), "taken@example.com");
    expect(testAuth.emailsTo("taken@example.com")).toHaveLength(before);
    expect((await stored(id)).email).toBe("hopeful@example.com");
  });

  it("refuses the current address, and a link opened while signed in as someone else", async () => {
    const owner = await registerConfirmed("owner@example.com");
    await expect(requestEmailChange(client(owner.cookie), "owner@example.com")).rejects.toThrow(
      "That is already your email address.",
    );
    await requestEmailChange(client(owner.cookie), "owner-new@example.com");
    const intruder = await registerConfirmed("intruder@example.com");
    const landing = await open(linkIn(confirmationTo("owner-new@example.com")), intruder.cookie);
    expect(landing.searchParams.get("error")).toBe("INVALID_USER");
    expect((await stored(owner.id)).email).toBe("owner@example.com");
  });

  it("needs a signed-in user", async () => {
    await expect(requestEmailChange(client(), "someone@example.com")).rejects.toMatchObject({ status: 401 });
  });
});

describe("email-change links work once and die with any later change", () => {
  const changeLinkTo = (email: string) => linkIn(confirmationTo(email));

  it("lets only the latest link work: link A, then link B, then A fails and B works once", async () => {
    const { cookie, id } = await registerConfirmed("ann@example.com");
    await requestEmailChange(client(cookie), "ann-a@example.com");
    const linkA = changeLinkTo("ann-a@example.com");
    await requestEmailChange(client(cookie), "ann-b@example.com");
    const linkB = changeLinkTo("ann-b@example.com");

    expect((await open(linkA, cookie)).searchParams.get("error")).toBe("INVALID_TOKEN");
    expect((await stored(id)).email).toBe("ann@example.com");
    expect((await open(linkB, cookie)).searchParams.get("error")).toBeNull();
    expect((await stored(id)).email).toBe("ann-b@example.com");
    expect((await open(linkB, cookie)).searchParams.get("error")).toBe("INVALID_TOKEN");
    expect((await open(linkA, cookie)).searchParams.get("error")).toBe("INVALID_TOKEN");
    expect((await stored(id)).email).toBe("ann-b@example.com");
  });

  it("does not revive an old link when the user switches back to the old address", async () => {
    const { cookie, id } = await registerConfirmed("ben@example.com");
    await requestEmailChange(client(cookie), "ben-new@example.com");
    const away = changeLinkTo("ben-new@example.com");
    await open(away, cookie);
    await requestEmailChange(client(cookie), "ben@example.com");
    await open(changeLinkTo("ben@example.com"), cookie);
    expect((await stored(id)).email).toBe("ben@example.com");
    // The first link's claims match the account again (old address ben@): still refused.
    expect((await open(away, cookie)).searchParams.get("error")).toBe("INVALID_TOKEN");
    expect((await stored(id)).email).toBe("ben@example.com");
  });

  it("kills the outstanding link when the password changes, or when a change to a taken address is asked", async () => {
    const { cookie, id } = await registerConfirmed("cat@example.com");
    await requestEmailChange(client(cookie), "cat-new@example.com");
    const link = changeLinkTo("cat-new@example.com");
    await changePassword(database.db, {
      auth: testAuth.auth,
      headers: client(cookie).headers,
      currentPassword: PASSWORD,
      newPassword: "a-new-password",
    });
    expect((await open(link)).searchParams.get("error")).toBe("INVALID_TOKEN");

    await registerConfirmed("cat-taken@example.com");
    const { cookie: fresh } = await signIn(client(), { email: "cat@example.com", password: "a-new-password" }).then(
      ({ headers }) => ({
        cookie: headers
          .getSetCookie()
          .map((value) => value.split(";")[0])
          .join("; "),
      }),
    );
    await requestEmailChange(client(fresh), "cat-newer@example.com");
    const newer = changeLinkTo("cat-newer@example.com");
    await requestEmailChange(client(fresh), "cat-taken@example.com");
    expect((await open(newer, fresh)).searchParams.get("error")).toBe("INVALID_TOKEN");
    expect((await stored(id)).email).toBe("cat@example.com");
  });

  it("refuses a link to an address that another account took meanwhile, with the page's message, changing nothing", async () => {
    const { cookie, id } = await registerConfirmed("dan@example.com");
    await requestEmailChange(client(cookie), "contested@example.com");
    const link = changeLinkTo("contested@example.com");
    const rival = await registerConfirmed("contested@example.com");

    const response = await testAuth.auth.handler(new Request(link, { headers: { cookie } }));
    expect(response.status).toBe(302);
    const landing = new URL(response.headers.get("location")!, link);
    expect(landing.pathname).toBe("/account/email-confirmed");
    expect(landing.searchParams.get("error")).toBe("EMAIL_TAKEN");
    expect(await stored(id)).toMatchObject({ email: "dan@example.com", emailVerified: true });
    expect(await stored(rival.id)).toMatchObject({ email: "contested@example.com" });
    expect(await getCurrentUser(testAuth.auth, new Headers({ cookie }))).toMatchObject({ email: "dan@example.com" });
  });
});
