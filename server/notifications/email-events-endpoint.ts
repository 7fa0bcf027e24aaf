import crypto from "node:crypto";
import express, { type RequestHandler } from "express";
import type { Database } from "../db/client.ts";
import { emailEventSchema, recordEmailEvent } from "./suppression.ts";

/** Where the email provider posts its bounce and complaint reports (decision 034). */
export const EMAIL_EVENTS_PATH = "/api/v1/email/events";
/** The header that carries the shared secret (EMAIL_EVENTS_SECRET). */
export const EMAIL_EVENTS_SECRET_HEADER = "x-email-events-secret";
/** A report is a few fields; anything larger is not one. */
const BODY_LIMIT = "16kb";

const same = (a: string, b: string) =>
  crypto.timingSafeEqual(
    crypto.createHash("sha256").update(a).digest(),
    crypto.createHash("sha256").update(b).digest(),
  );

/**
 * POST /api/v1/email/events: {"type": "bounce" | "complaint", "email": "...", "detail": "..."} from
 * the email provider (a stand-in for SES's or Postmark's notifications, decision 034), authenticated
 * by the shared secret in X-Email-Events-Secret. The address gets no more audience emails. A
 * provider's server posts it, with no browser and no Origin: it is mounted before the shop's form
 * guards, and the secret is its guard. Not configured: 404; a wrong or missing secret: 401; a body
 * that is not such a report: 400 with what is wrong. The same report twice is the same as once.
 */
export function emailEventsEndpoint({ db, secret }: { db: Database; secret: string | undefined }): RequestHandler[] {
  return [
    (req, res, next) => {
      if (!secret) {
        res.status(404).json({ error: "Email event reports are not turned on (EMAIL_EVENTS_SECRET)." });
        return;
      }
      const given = req.get(EMAIL_EVENTS_SECRET_HEADER);
      if (!given || !same(given, secret)) {
        res.status(401).json({ error: `A wrong or missing ${EMAIL_EVENTS_SECRET_HEADER} header.` });
        return;
      }
      next();
    },
    // Read as text whatever its content type says, then parsed here: a bad body is a clear 400.
    express.text({ type: () => true, limit: BODY_LIMIT }),
    async (req, res, next) => {
      let body: unknown;
      try {
        body = JSON.parse(typeof req.body === "string" ? req.body : "");
      } catch {
        res.status(400).json({ error: "The body must be JSON: {type, email, detail}." });
        return;
      }
      const event = emailEventSchema.safeParse(body);
      if (!event.success) {
        res.status(400).json({ error: event.error.issues.map((issue) => issue.message).join("; ") });
        return;
      }
      try {
        await recordEmailEvent(db, event.data);
        res.json({ recorded: true });
      } catch (error) {
        next(error);
      }
    },
  ];
}
