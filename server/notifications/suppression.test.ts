import { eq } from "drizzle-orm";
import express from "express";
import { describe, expect, it } from "vitest";
import { smtpInbox } from "../../tests/support/smtp-inbox.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { serveForTests } from "../../tests/support/test-server.ts";
import { EMAIL_TOPICS, emailSuppressions } from "../db/schema.ts";
import { emailChoices, wantsEmails } from "../email/email-preferences.ts";
import { paragraphsEmail } from "../email/paragraphs-email.ts";
import { EMAIL_EVENTS_PATH, EMAIL_EVENTS_SECRET_HEADER, emailEventsEndpoint } from "./email-events-endpoint.ts";
import { isPermanentRefusal, isSuppressed, sendAudienceEmail } from "./suppression.ts";

const database = setUpTestDatabase();
const inbox = smtpInbox();
const EVENTS_SECRET = "a-shared-secret-of-the-email-provider-0123";

const withSecret = serveForTests(() =>
  express().post(EMAIL_EVENTS_PATH, ...emailEventsEndpoint({ db: database.db, secret: EVENTS_SECRET })),
);
const unconfigured = serveForTests(() =>
  express().post(EMAIL_EVENTS_PATH, ...emailEventsEndpoint({ db: database.db, secret: undefined })),
);

const report = (body: unknown, headers: Record<string, string> = { [EMAIL_EVENTS_SECRET_HEADER]: EVENTS_SECRET }) =>
  fetch(`${withSecret.baseUrl}${EMAIL_EVENTS_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const reasonOf = async (email: string) =>
  (await database.db.select().from(emailSuppressions).where(eq(emailSuppressions.email, email)))[0]?.reason;

describe("a permanent refusal by the mail server", () => {
  it("is a 5xx to RCPT TO or DATA; a 4xx or a 5xx to another command is not", () => {
    const error = (responseCode: number, command: string) =>
      Object.assign(new Error("refused"), { responseCode, command });
    expect(isPermanentRefusal(error(550, "RCPT TO"))).toBe(true);
    expect(isPermanentRefusal(error(554, "DATA"))).toBe(true);
    expect(isPermanentRefusal(error(451, "RCPT TO"))).toBe(false);
    expect(isPermanentRefusal(error(535, "AUTH PLAIN"))).toBe(false);
    expect(isPermanentRefusal(error(550, "MAIL FROM"))).toBe(false);
    expect(isPermanentRefusal(new Error("connection refused"))).toBe(false);
    expect(isPermanentRefusal("550")).toBe(false);
  });

  it("suppresses the address when an audience email is sent to it, without throwing; a 4xx throws and suppresses nothing", async () => {
    inbox.refuse.set("nobody@example.com", { code: 550, message: "5.1.1 No such user" });
    inbox.refuse.set("full@example.com", { code: 452, message: "4.2.2 Mailbox full" });
    const email = (to: string) => paragraphsEmail(to, "Hello", ["Hello,", "A message."]);
    expect(await sendAudienceEmail(database.db, inbox.mailer(), email("nobody@example.com"))).toBe("suppressed");
    expect(await reasonOf("nobody@example.com")).toBe("bounce");
    for (const topic of EMAIL_TOPICS) expect(await wantsEmails(database.db, "Nobody@Example.com", topic)).toBe(false);
    await expect(sendAudienceEmail(database.db, inbox.mailer(), email("full@example.com"))).rejects.toThrow();
    expect(await isSuppressed(database.db, "full@example.com")).toBe(false);
    expect(await sendAudienceEmail(database.db, inbox.mailer(), email("fine@example.com"))).toBe("sent");
    expect(inbox.to("fine@example.com")).toHaveLength(1);
  });
});

describe("POST /api/v1/email/events", () => {
  it("answers 404 when EMAIL_EVENTS_SECRET is not set, and 401 without the right secret; nothing is recorded", async () => {
    const response = await fetch(`${unconfigured.baseUrl}${EMAIL_EVENTS_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", [EMAIL_EVENTS_SECRET_HEADER]: "anything" },
      body: JSON.stringify({ type: "bounce", email: "a@example.com" }),
    });
    expect(response.status).toBe(404);
    for (const headers of [
      {},
      { [EMAIL_EVENTS_SECRET_HEADER]: `${EVENTS_SECRET}x` },
      { [EMAIL_EVENTS_SECRET_HEADER]: "" },
    ] as Record<string, string>[]) {
      const refused = await report({ type: "bounce", email: "a@example.com" }, headers);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: `A wrong or missing ${EMAIL_EVENTS_SECRET_HEADER} header.` });
    }
    expect(await isSuppressed(database.db, "a@example.com")).toBe(false);
  });

  it("refuses what is not a report with a 400 that says why, and records nothing", async () => {
    const cases: [unknown, string][] = [
      ["not json", "The body must be JSON: {type, email, detail}."],
      [{ type: "delivery", email: "b@example.com" }, "type must be bounce or complaint"],
      [{ type: "bounce", email: "not an address" }, "email must be an email address"],
      [{ type: "bounce", email: "b@example.com", detail: "x".repeat(1001) }, "detail must be at most 1000 characters"],
      [{ type: "bounce", email: "b@example.com", detail: "a\u0000b" }, "detail must not hold NUL characters"],
      [[1, 2], ""],
    ];
    for (const [body, message] of cases) {
      const response = await report(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = (await response.json()) as { error: string };
      expect(error).toContain(message);
    }
    expect(await isSuppressed(database.db, "b@example.com")).toBe(false);
  });

  it("suppresses a bounced or complaining address (a complaint outranks a bounce), once however often reported", async () => {
    const bounce = await report({ type: "bounce", email: "Carl@Example.com", detail: "550 mailbox unavailable" });
    expect(bounce.status).toBe(200);
    expect(await bounce.json()).toEqual({ recorded: true });
    expect(await reasonOf("carl@example.com")).toBe("bounce");
    expect((await emailChoices(database.db, "carl@example.com")).suppressed).toBe(true);
    expect((await report({ type: "bounce", email: "carl@example.com" })).status).toBe(200);
    expect((await report({ type: "complaint", email: "carl@example.com", detail: "abuse report" })).status).toBe(200);
    expect(await reasonOf("carl@example.com")).toBe("complaint");
    expect((await report({ type: "bounce", email: "carl@example.com" })).status).toBe(200);
    expect(await reasonOf("carl@example.com")).toBe("complaint");
    expect(
      await database.db.select().from(emailSuppressions).where(eq(emailSuppressions.email, "carl@example.com")),
    ).toHaveLength(1);
    expect(await wantsEmails(database.db, "carl@example.com", "broadcasts")).toBe(false);
  });
});
