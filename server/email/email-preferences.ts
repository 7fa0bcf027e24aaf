import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { EMAIL_TOPICS, type EmailTopic, emailOptOuts, emailSuppressions } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { deriveKey, sameMac } from "../lib/signing.ts";
import { isSuppressed } from "../notifications/suppression.ts";

// Emails a person may turn off, by address (buyers may be guests, with no account to sign in to).
// Each such email links to /email-preferences with a token: the address and topic and an HMAC of
// them under a key derived from the shop's secret for this purpose alone (server/lib/signing.ts).
// Nothing is stored, and the link never expires: an unsubscribe link must keep working as long as
// the emails come. All it opens is this one address's choices: a one-click POST turns off the topic
// it names, and its page shows every topic of the address (each email's link is already proof
// enough that the reader gets that address's mail).

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
  const invalid = new Refusal(INVALID_PREFERENCES_LINK, "invalid");
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

/**
 * Whether `email` gets the emails of `topic`: it does unless it turned them off, or the address is
 * suppressed (it bounced or complained, server/notifications/suppression.ts). Every audience email
 * asks this, or the same in its own query, before it sends.
 */
export async function wantsEmails(db: Queryable, email: string, topic: EmailTopic): Promise<boolean> {
  const address = normal(email);
  const { rows } = await db.execute<{ blocked: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM ${emailOptOuts} WHERE email = ${address} AND topic = ${topic})
      OR EXISTS (SELECT 1 FROM ${emailSuppressions} WHERE email = ${address}) AS blocked`);
  return !rows[0]?.blocked;
}

/** Turns the emails of `topic` to `email` on or off; doing it twice is the same as once. */
export async function setWantsEmails(db: Queryable, email: string, topic: EmailTopic, wanted: boolean) {
  if (wanted) {
    await db.delete(emailOptOuts).where(and(eq(emailOptOuts.email, normal(email)), eq(emailOptOuts.topic, topic)));
  } else {
    await db
      .insert(emailOptOuts)
      .values({ email: normal(email), topic })
      .onConflictDoNothing();
  }
}

/** What `email` chose for each topic (on unless turned off), and whether the address is suppressed. */
export async function emailChoices(
  db: Queryable,
  email: string,
): Promise<{ topics: Record<EmailTopic, boolean>; suppressed: boolean }> {
  const off = await db
    .select({ topic: emailOptOuts.topic })
    .from(emailOptOuts)
    .where(eq(emailOptOuts.email, normal(email)));
  const offTopics = new Set(off.map((row) => row.topic));
  const topics = Object.fromEntries(EMAIL_TOPICS.map((topic) => [topic, !offTopics.has(topic)])) as Record<
    EmailTopic,
    boolean
  >;
  return { topics, suppressed: await isSuppressed(db, email) };
}

/** Saves `email`'s choice of every topic at once (the preferences page, account settings). */
export async function setEmailChoices(db: Database, email: string, topics: Record<EmailTopic, boolean>) {
  await db.transaction(async (tx) => {
    for (const topic of EMAIL_TOPICS) await setWantsEmails(tx, email, topic, topics[topic]);
  });
}

/**
 * The headers of an email a person may turn off (RFC 2369 and RFC 8058): mail clients show their
 * own Unsubscribe button, and a one-click POST of `List-Unsubscribe=One-Click` to the address turns
 * the topic off at once (app/routes/email-preferences.tsx). `unsubscribeUrl` is preferencesUrl's.
 * Only the https address: the shop reads no mailbox, so it offers no mailto: one.
 */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * Every topic's choice from the fields of a form of checkboxes named by topic (product_updates=on …):
 * a ticked box sends "on", an unticked one nothing; anything else is not from the page (a Refusal, 400).
 */
export function topicsFromForm(fields: Readonly<Record<string, unknown>>): Record<EmailTopic, boolean> {
  const topics = {} as Record<EmailTopic, boolean>;
  for (const topic of EMAIL_TOPICS) {
    const value = fields[topic];
    if (value !== undefined && value !== "on")
      throw new Refusal("Tick or untick the boxes of the form, then save.", "invalid");
    topics[topic] = value === "on";
  }
  return topics;
}
