import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { EMAIL_TOPICS, type EmailTopic, emailOptOuts } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { deriveKey, sameMac } from "../lib/signing.ts";

// Emails a person may turn off, by address (buyers may be guests, with no account to sign in to).
// Each such email links to /email-preferences with a token: the address and topic and an HMAC of
// them under a key derived from the shop's secret for this purpose alone (server/lib/signing.ts).
// Nothing is stored, and the link never expires: an unsubscribe link must keep working as long as
// the emails come, and all it opens is this one address's choice of this one topic.

const EMAIL_PREFERENCES_PATH = "/email-preferences";
export const INVALID_PREFERENCES_LINK =
  "This link is not valid. Open the link in the latest email again, or change your emails in your account's settings.";

const keyOf = (secret: string) => deriveKey(secret, "email-preferences");
const mac = (secret: string, body: string) =>
  crypto.createHmac("sha256", keyOf(secret)).update(body).digest("base64url");
const normal = (email: string) => email.trim().toLowerCase();

/** The token of `email`'s choice of `topic`: base64url JSON, a dot, its MAC. */
export function preferencesToken(secret: string, email: string, topic: EmailTopic): string {
  const body = Buffer.from(JSON.stringify({ email: normal(email), topic })).toString("base64url");
  return `${body}.${mac(secret, body)}`;
}

/** The page where `email` turns `topic` off or on, as a full address for an email. */
export function preferencesUrl(publicUrl: string, secret: string, email: string, topic: EmailTopic): string {
  return `${publicUrl}${EMAIL_PREFERENCES_PATH}?token=${preferencesToken(secret, email, topic)}`;
}

/** The address and topic a token from preferencesToken names; a Refusal (400) for anything else. */
export function readPreferencesToken(secret: string, token: unknown): { email: string; topic: EmailTopic } {
  const invalid = new Refusal(INVALID_PREFERENCES_LINK, 400);
  if (typeof token !== "string" || token.length > 2000) throw invalid;
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined || !sameMac(mac(secret, body), signature)) throw invalid;
  let payload: { email?: unknown; topic?: unknown };
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  // Signed by us, so this only fails if the format changes: still, never trust its shape.
  const { email, topic } = payload;
  if (typeof email !== "string" || !EMAIL_TOPICS.includes(topic as EmailTopic)) throw invalid;
  return { email, topic: topic as EmailTopic };
}

/** Whether `email` gets the emails of `topic` (it does unless it turned them off). */
export async function wantsEmails(db: Database, email: string, topic: EmailTopic): Promise<boolean> {
  const [row] = await db
    .select({ email: emailOptOuts.email })
    .from(emailOptOuts)
    .where(and(eq(emailOptOuts.email, normal(email)), eq(emailOptOuts.topic, topic)));
  return !row;
}

/** Turns the emails of `topic` to `email` on or off; doing it twice is the same as once. */
export async function setWantsEmails(db: Database, email: string, topic: EmailTopic, wanted: boolean) {
  if (wanted) {
    await db.delete(emailOptOuts).where(and(eq(emailOptOuts.email, normal(email)), eq(emailOptOuts.topic, topic)));
  } else {
    await db
      .insert(emailOptOuts)
      .values({ email: normal(email), topic })
      .onConflictDoNothing();
  }
}
