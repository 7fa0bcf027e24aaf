import { parseSetCookie } from "set-cookie-parser";
import { describe, expect, it } from "vitest";
import { guestCookieHeader } from "../../app/lib/shopper.server.ts";
import { visitorHintCookie } from "../../server/http/visitor-hint.ts";
import { SHOP_COOKIES } from "../../shared/privacy-notice.ts";
import { setUpTestAuth } from "../support/test-auth.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The Privacy Policy's cookie list is true: the cookies a sign-in, a guest's cart and the signed-in
// hint set are each in it (decision 060), so a new cookie cannot slip in unlisted.

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);
const listed = SHOP_COOKIES.map((cookie) => cookie.name);
/** A cookie's name as the list gives it: better-auth's secure names start with __Secure-. */
const listedName = (name: string) => name.replace(/^__Secure-/, "");

describe("the cookies the Privacy Policy lists", () => {
  it("include every cookie a sign-in sets", async () => {
    // Opening the confirmation link signs in: the cookies its answer set, as the browser sends them back.
    const { cookie } = await testAuth.signUpConfirmed({
      name: "Cora Cookie",
      email: "cora@example.com",
      password: "analytical-engine",
    });
    const names = cookie.split("; ").map((pair) => listedName(pair.split("=")[0]!));
    expect(names).toContain("better-auth.session_token");
    for (const name of names) expect(listed, `the cookie ${name}`).toContain(name);
  });

  it("include the guest's cart and the signed-in hint", async () => {
    const cookies = parseSetCookie([
      await guestCookieHeader("guest-1", "https://shop.example"),
      visitorHintCookie({ signedIn: true, secure: true }),
    ]);
    for (const cookie of cookies) expect(listed, `the cookie ${cookie.name}`).toContain(cookie.name);
  });
});
