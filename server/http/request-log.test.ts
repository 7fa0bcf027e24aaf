import crypto from "node:crypto";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { downloadUrl } from "../delivery/download-links.ts";
import { orderPagePath } from "../orders/order-access.ts";
import { maskedError, maskSecretsInText, maskTokens, requestLog } from "./request-log.ts";

const SECRET = "a-test-secret-of-at-least-32-characters!";
// Real secrets of each kind, made as the shop makes them.
const guestOrderPath = orderPagePath(SECRET, { number: "ABC123XYZ", userId: null });
const accessToken = new URL(guestOrderPath, "http://x").searchParams.get("access")!;
const downloadPath = downloadUrl(SECRET, { orderItemId: 7, fileId: 3 });
const downloadToken = downloadPath.slice("/downloads/".length);
const sessionId = `hps_${crypto.randomBytes(18).toString("base64url")}`;
const resetToken = crypto.randomBytes(16).toString("base64url");
const SECRETS = { accessToken, downloadToken, sessionId, resetToken };

describe("the addresses the request log writes", () => {
  it("hides a guest's order link, on the page, its data requests and the order status API", () => {
    expect(maskTokens(guestOrderPath)).toBe("/orders/ABC123XYZ?access=[hidden]");
    expect(maskTokens(`${guestOrderPath}&placed=1`)).toBe("/orders/ABC123XYZ?access=[hidden]&placed=1");
    expect(maskTokens(`/orders/ABC123XYZ.data?access=${accessToken}&_routes=routes%2Fguest-order`)).toBe(
      "/orders/ABC123XYZ.data?access=[hidden]&_routes=routes%2Fguest-order",
    );
    expect(maskTokens(`/orders/ABC123XYZ?index&access=${accessToken}`)).toBe("/orders/ABC123XYZ?index&access=[hidden]");
    expect(maskTokens(`/api/v1/orders/ABC123XYZ?access=${accessToken}`)).toBe(
      "/api/v1/orders/ABC123XYZ?access=[hidden]",
    );
  });

  it("hides download tokens and payment session ids in paths", () => {
    expect(maskTokens(downloadPath)).toBe("/downloads/[hidden]");
    expect(maskTokens(`/pay/${sessionId}`)).toBe("/pay/[hidden]");
    expect(maskTokens(`/pay/${sessionId}.data?_routes=routes%2Fpay`)).toBe("/pay/[hidden].data?_routes=routes%2Fpay");
    // Spelled as the router would still match them: other capitals, percent-encoded, doubled slashes.
    expect(maskTokens(`/DOWNLOADS/${downloadToken}`)).toBe("/DOWNLOADS/[hidden]");
    expect(maskTokens(`/%64ownloads/${downloadToken}`)).toBe("/%64ownloads/[hidden]");
    expect(maskTokens(`//pay/${sessionId}`)).toBe("//pay/[hidden]");
    // The pages without a secret stay readable.
    expect(maskTokens("/account/downloads")).toBe("/account/downloads");
    expect(maskTokens("/account/downloads.data")).toBe("/account/downloads.data");
  });

  it("hides password-reset, email and Google sign-in secrets, in paths and queries", () => {
    expect(maskTokens(`/api/auth/reset-password/${resetToken}?callbackURL=%2Faccount%2Freset-password`)).toBe(
      "/api/auth/reset-password/[hidden]?callbackURL=[hidden]",
    );
    expect(maskTokens(`/account/reset-password/${resetToken}`)).toBe("/account/reset-password/[hidden]");
    expect(maskTokens(`/account/reset-password?token=${resetToken}&x=1`)).toBe(
      "/account/reset-password?token=[hidden]&x=[hidden]",
    );
    expect(maskTokens("/account/reset-password?error=INVALID_TOKEN")).toBe(
      "/account/reset-password?error=INVALID_TOKEN",
    );
    expect(maskTokens("/api/auth/verify-email?token=eyJhbGciOi.eyJlbWFpbCI.sig&callbackURL=%2Faccount")).toBe(
      "/api/auth/verify-email?token=[hidden]&callbackURL=[hidden]",
    );
    expect(maskTokens("/api/auth/callback/google?code=c0de&state=s7&iss=https%3A%2F%2Faccounts.google.com")).toBe(
      "/api/auth/callback/google?code=[hidden]&state=[hidden]&iss=[hidden]",
    );
  });

  it("keeps only harmless parameters: unknown ones, other spellings of known secrets, all hidden", () => {
    const listing =
      "/browse?q=wall+art&category=planners&category=wall-art&format=PDF&style=Boho&min=5&max=50&sort=newest&tab=sale&view=list&page=2";
    expect(maskTokens(listing)).toBe(listing);
    expect(maskTokens("/product/12?reviews=2")).toBe("/product/12?reviews=2");
    expect(maskTokens("/search?q=x&utm_source=mail&Access=abc&%61ccess=def&access=ghi&access=jkl")).toBe(
      "/search?q=x&utm_source=[hidden]&Access=[hidden]&%61ccess=[hidden]&access=[hidden]&access=[hidden]",
    );
    expect(maskTokens("/?signin=required")).toBe("/?signin=required");
    expect(maskTokens("/orders/ABC123XYZ?access")).toBe("/orders/ABC123XYZ?access");
  });
});

describe("secrets in error text", () => {
  it("are hidden wherever an address appears, with or without its leading slash", () => {
    const message = `GET http://127.0.0.1:3000${guestOrderPath} failed; see ${downloadPath} now. Failed to decode param 'downloads/${downloadToken}%E0'; session ${sessionId} unknown`;
    const masked = maskSecretsInText(message);
    for (const secret of Object.values(SECRETS)) expect(masked).not.toContain(secret);
    expect(masked).toBe(
      "GET http://127.0.0.1:3000/orders/ABC123XYZ?access=[hidden] failed; see /downloads/[hidden] now. Failed to decode param 'downloads/[hidden]'; session [hidden] unknown",
    );
  });

  it("are hidden in a serialized error: message, stack, causes and fields", () => {
    const error = Object.assign(
      new Error(`Could not load /orders/ABC123XYZ?access=${accessToken}`, {
        cause: new Error(`upstream refused /pay/${sessionId}`),
      }),
      { url: downloadPath, details: { link: `/api/auth/reset-password/${resetToken}` } },
    );
    const serialized = JSON.stringify(maskedError(error));
    for (const secret of Object.values(SECRETS)) expect(serialized).not.toContain(secret);
    expect(serialized).toContain("Could not load /orders/ABC123XYZ?access=[hidden]");
    expect(serialized).toContain("upstream refused /pay/[hidden]");
  });
});

/** An Express app with the request log writing to `lines`; `route` answers every address. */
async function logOf(route: express.RequestHandler, paths: string[], headers: Record<string, string> = {}) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = express();
  app.use(requestLog(pino({ level: "info" }, sink)));
  // A mounted router rewrites req.url: the log must still show (masked) what the client asked for.
  const router = express.Router();
  router.all("/{*path}", route);
  app.use("/downloads", router);
  app.all("/{*path}", route);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  for (const path of paths) await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  server.close();
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the request log", () => {
  it("writes no cookie, header or token", async () => {
    const log = await logOf(
      (_req, res) => {
        res.cookie("better-auth.session_token", "session-secret").send("ok");
      },
      ["/account/reset-password?token=reset-secret", guestOrderPath, downloadPath, `/pay/${sessionId}`],
      { cookie: "better-auth.session_token=cookie-secret", authorization: "Bearer bearer-secret" },
    );
    expect(log.map((line) => (line.req as { url: string }).url)).toEqual([
      "/account/reset-password?token=[hidden]",
      "/orders/ABC123XYZ?access=[hidden]",
      "/downloads/[hidden]",
      "/pay/[hidden]",
    ]);
    const text = JSON.stringify(log);
    for (const secret of [
      "reset-secret",
      "cookie-secret",
      "bearer-secret",
      "session-secret",
      ...Object.values(SECRETS),
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("writes no secret in the line of a failed request, nor in its error", async () => {
    const log = await logOf(
      (req, res) => {
        // What a handler does when it fails: the error names the address it was working on.
        res.err = new Error(`Could not answer ${req.originalUrl}`);
        res.status(500).send("failed");
      },
      [guestOrderPath, downloadPath],
    );
    expect(log).toHaveLength(2);
    for (const line of log) {
      expect((line.res as { statusCode: number }).statusCode).toBe(500);
      expect((line.err as { message: string }).message).toMatch(/^Could not answer \/(orders|downloads)\//);
    }
    const text = JSON.stringify(log);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  });

  it("writes a client's mistake (4xx) and the shop briefly away (503, reported once a minute elsewhere) at info, and a fault's line (other 5xx) at warn: never an error line per request", async () => {
    const log = await logOf(
      (req, res) => {
        res.status(Number(req.path.slice(1))).send("answer");
      },
      ["/200", "/404", "/405", "/500", "/503"],
    );
    expect(log.map((line) => [(line.res as { statusCode: number }).statusCode, line.level])).toEqual([
      [200, 30],
      [404, 30],
      [405, 30],
      [500, 40],
      [503, 30],
    ]);
  });
});
