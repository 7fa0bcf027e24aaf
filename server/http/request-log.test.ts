import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { maskTokens, requestLog } from "./request-log.ts";

describe("the request log", () => {
  it("hides one-time tokens in addresses", () => {
    expect(maskTokens("/api/auth/reset-password/abc123?callbackURL=%2Fx")).toBe(
      "/api/auth/reset-password/[hidden]?callbackURL=[hidden]",
    );
    expect(maskTokens("/account/reset-password?token=secret&x=1")).toBe("/account/reset-password?token=[hidden]&x=1");
    expect(maskTokens("/api/auth/callback/google?code=c0de&state=s7")).toBe(
      "/api/auth/callback/google?code=[hidden]&state=[hidden]",
    );
    expect(maskTokens("/browse?page=2")).toBe("/browse?page=2");
  });

  it("writes no cookie, header or token", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = express();
    app.use(requestLog(pino({ level: "info" }, sink)));
    app.get("/{*path}", (_req, res) => {
      res.cookie("better-auth.session_token", "session-secret").send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    await fetch(`http://127.0.0.1:${port}/account/reset-password?token=reset-secret`, {
      headers: { cookie: "better-auth.session_token=cookie-secret", authorization: "Bearer bearer-secret" },
    });
    server.close();
    const log = lines.join("");
    expect(log).toContain('"url":"/account/reset-password?token=[hidden]"');
    for (const secret of ["reset-secret", "cookie-secret", "bearer-secret", "session-secret"]) {
      expect(log).not.toContain(secret);
    }
  });
});
