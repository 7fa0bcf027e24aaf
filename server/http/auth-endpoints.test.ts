import { eq } from "drizzle-orm";
import express from "express";
import { describe, expect, it } from "vitest";
import { setUpTestAuth } from "../../tests/support/test-auth.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { serveForTests } from "../../tests/support/test-server.ts";
import { AUTH_BASE_PATH } from "../accounts/auth.ts";
import { user } from "../db/schema.ts";
import { browserAuthEndpoints } from "./auth-endpoints.ts";

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);
const server = serveForTests(() =>
  express().all(`${AUTH_BASE_PATH}/{*path}`, browserAuthEndpoints(testAuth.auth, AUTH_BASE_PATH)),
);

const call = (method: string, path: string, body?: object) =>
  fetch(`${server.baseUrl}${AUTH_BASE_PATH}${path}`, {
    method,
    redirect: "manual",
    headers: { "content-type": "application/json", origin: "http://shop.test" },
    body: body ? JSON.stringify(body) : undefined,
  });

describe("better-auth's endpoints over HTTP", () => {
  it("refuse the actions that the shop's own forms check and limit, and change nothing", async () => {
    const signUp = await call("POST", "/sign-up/email", {
      name: "Direct",
      email: "direct@example.com",
      password: "direct-password",
    });
    expect(signUp.status).toBe(404);
    expect(await database.db.select().from(user).where(eq(user.email, "direct@example.com"))).toHaveLength(0);
    for (const [method, path] of [
      ["POST", "/sign-in/email"],
      ["POST", "/change-email"],
      ["POST", "/change-password"],
      ["POST", "/send-verification-email"],
      ["POST", "/request-password-reset"],
      ["POST", "/update-user"],
      ["GET", "/list-sessions"],
      // Two-factor sign-in and passkeys: through the shop's actions only (decision 055).
      ["POST", "/two-factor/enable"],
      ["POST", "/two-factor/verify-totp"],
      ["POST", "/two-factor/verify-backup-code"],
      ["POST", "/two-factor/disable"],
      ["GET", "/passkey/generate-authenticate-options"],
      ["POST", "/passkey/verify-authentication"],
      ["GET", "/passkey/generate-register-options"],
      ["POST", "/passkey/delete-passkey"],
    ] as const) {
      expect((await call(method, path, method === "POST" ? {} : undefined)).status, `${method} ${path}`).toBe(404);
    }
  });

  it("answer the links in the shop's emails", async () => {
    const verify = await call("GET", "/verify-email?token=not-a-token&callbackURL=%2Faccount%2Femail-confirmed");
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/account/email-confirmed?error=INVALID_TOKEN");
    const reset = await call("GET", "/reset-password/not-a-token?callbackURL=%2Faccount%2Freset-password");
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toContain("/account/reset-password?error=INVALID_TOKEN");
  });
});
