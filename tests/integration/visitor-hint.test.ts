import express from "express";
import { describe, expect, it } from "vitest";
import { loader as shopperLoader } from "../../app/routes/api/shopper.ts";
import { signIn, signOut } from "../../server/accounts/credentials.ts";
import { assignNonce, securityHeaders } from "../../server/http/security-headers.ts";
import { carriesVisitorHint, keepVisitorHint } from "../../server/http/visitor-hint.ts";
import { VISITOR_HINT_COOKIE, VISITOR_HINT_SCRIPT } from "../../shared/visitor-hint.ts";
import { createUser } from "../support/factories.ts";
import { FLAT_TAX } from "../support/orders.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { cookieFrom, setUpTestAuth } from "../support/test-auth.ts";
import { setUpTestDatabase } from "../support/test-database.ts";
import { serveForTests } from "../support/test-server.ts";

// The header shows Login or the account's place at the first paint, from a cookie the page can
// read (decision 044): every way of signing in or out keeps it, and every shopper answer corrects it.

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);

/** An Express app as the shop's: better-auth's sign-in and sign-out answered through the hint's middleware. */
const server = serveForTests(() => {
  const app = express();
  app.use(assignNonce, securityHeaders({ development: false }), keepVisitorHint);
  const answerWith = (headers: Headers, res: express.Response) => {
    for (const cookie of headers.getSetCookie()) res.append("Set-Cookie", cookie);
    res.json({ ok: true });
  };
  app.post("/sign-in", async (req, res) => {
    const { headers } = await signIn(testAuth.client(), {
      email: String(req.query.email),
      password: "analytical-engine",
    });
    answerWith(headers, res);
  });
  app.post("/sign-out", async (req, res) => {
    const { headers } = await signOut(testAuth.client(req.headers.cookie));
    answerWith(headers, res);
  });
  app.get("/page", (_req, res) => {
    res.append("Set-Cookie", "shop_guest=abc; Path=/; HttpOnly");
    res.send("<p>A page</p>");
  });
  return app;
});

const hintOf = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${VISITOR_HINT_COOKIE}=`));

/** What the head's script makes of a Cookie header: the value it gives `<html data-visitor>`. */
function visitorSeenBy(cookie: string) {
  const documentElement = { dataset: {} as Record<string, string> };
  new Function("document", VISITOR_HINT_SCRIPT)({ cookie, documentElement });
  return documentElement.dataset.visitor;
}

describe("the visitor hint", () => {
  it("is set by a sign-in and cleared by a sign-out, beside better-auth's own session cookie", async () => {
    await testAuth.signUpConfirmed({ name: "Ada Lovelace", email: "ada@example.com", password: "analytical-engine" });
    const signedIn = await fetch(`${server.baseUrl}/sign-in?email=ada@example.com`, { method: "POST" });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie().some((cookie) => cookie.includes("session_token="))).toBe(true);
    // Readable by the page (no HttpOnly), sent only to this site, and not over http as Secure.
    expect(hintOf(signedIn)).toBe(`${VISITOR_HINT_COOKIE}=1; Max-Age=2592000; Path=/; SameSite=Lax`);

    const signedOut = await fetch(`${server.baseUrl}/sign-out`, {
      method: "POST",
      headers: { cookie: cookieFrom(signedIn.headers) },
    });
    expect(signedOut.status).toBe(200);
    expect(hintOf(signedOut)).toBe(`${VISITOR_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
  });

  it("is left alone by answers that touch no session, whatever other cookies they set", async () => {
    const page = await fetch(`${server.baseUrl}/page`);
    expect(page.headers.getSetCookie()).toEqual(["shop_guest=abc; Path=/; HttpOnly"]);
  });

  it("is corrected by the shopper answer every page view asks for, and left as it is when right", async () => {
    const account = await createUser(database.db, { name: "Grace Hopper" });
    const services = { db: database.db, readDb: database.db, publicUrl: "https://shop.example", tax: FLAT_TAX };
    const ask = async (who: typeof account | null, cookie: string) => {
      const answer = await routeAnswer(shopperLoader, {
        url: "/api/v1/shopper",
        context: contextAs(who, services),
        headers: { cookie },
      });
      expect(answer.status).toBe(200);
      return answer.headers?.getSetCookie() ?? [];
    };
    // Signed in by a session the hint never heard of (before this cookie existed): set, Secure on https.
    expect(await ask(account, "")).toEqual([`${VISITOR_HINT_COOKIE}=1; Max-Age=2592000; Path=/; SameSite=Lax; Secure`]);
    expect(await ask(account, `${VISITOR_HINT_COOKIE}=1`)).toEqual([]);
    // The session ended elsewhere (expired, another device signed out): the stale hint goes.
    expect(await ask(null, `other=2; ${VISITOR_HINT_COOKIE}=1`)).toEqual([
      `${VISITOR_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax; Secure`,
    ]);
    expect(await ask(null, "")).toEqual([]);
  });

  it("is read by the page's head script and the server alike, by its exact name and value", () => {
    expect(visitorSeenBy(`${VISITOR_HINT_COOKIE}=1`)).toBe("member");
    expect(visitorSeenBy(`a=b; ${VISITOR_HINT_COOKIE}=1; c=d`)).toBe("member");
    expect(visitorSeenBy("")).toBe("guest");
    expect(visitorSeenBy(`${VISITOR_HINT_COOKIE}=10`)).toBe("guest");
    expect(visitorSeenBy(`x${VISITOR_HINT_COOKIE}=1`)).toBe("guest");
    expect(carriesVisitorHint(`a=b; ${VISITOR_HINT_COOKIE}=1`)).toBe(true);
    expect(carriesVisitorHint(`${VISITOR_HINT_COOKIE}=10`)).toBe(false);
    expect(carriesVisitorHint(`x${VISITOR_HINT_COOKIE}=1`)).toBe(false);
    expect(carriesVisitorHint(undefined)).toBe(false);
  });

  it("runs under the pages' Content-Security-Policy, which allows that one script by its hash", async () => {
    const page = await fetch(`${server.baseUrl}/page`);
    const hash = Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(VISITOR_HINT_SCRIPT)));
    expect(page.headers.get("content-security-policy")).toContain(`'sha256-${hash.toString("base64")}'`);
  });
});
