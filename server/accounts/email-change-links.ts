import crypto from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { user, verification } from "../db/schema.ts";

// better-auth's email-change links are stateless signed tokens: one stays good until it expires
// and only checks that the account's address is still the old one, so an old link worked again
// after the user switched back. Here each account keeps the one link it may use: its hash is
// stored when the link is sent (replacing the previous one), removed when it is used, and
// forgotten when the password changes. Any other link is refused.

/** The claims of a better-auth email link; only read from tokens that better-auth signed. */
export interface EmailLinkClaims {
  email?: string;
  updateTo?: string;
  userId?: string;
}

/** The claims of a signed token, without checking the signature (callers rely on better-auth's check or the stored hash). */
export function readEmailLinkClaims(token: string): EmailLinkClaims {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload === "object" && payload !== null ? (payload as EmailLinkClaims) : {};
  } catch {
    return {};
  }
}

const rowId = (userId: string) => `email-change:${userId}`;
const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Records the link just sent to change `claims.userId`'s address; earlier ones stop working. */
export async function rememberEmailChangeLink(db: Database, token: string, expiresInSeconds: number): Promise<void> {
  const { userId, updateTo } = readEmailLinkClaims(token);
  if (!userId || !updateTo) return;
  const values = {
    id: rowId(userId),
    identifier: rowId(userId),
    value: hashOf(token),
    expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
  };
  await db
    .insert(verification)
    .values(values)
    .onConflictDoUpdate({ target: verification.id, set: { ...values, updatedAt: sql`now()` } });
}

/** Uses up the account's email-change link if `token` is it; false for any other (old, used, forged). */
export async function consumeEmailChangeLink(db: Database, token: string): Promise<boolean> {
  const { userId } = readEmailLinkClaims(token);
  if (!userId) return false;
  const removed = await db
    .delete(verification)
    .where(and(eq(verification.id, rowId(userId)), eq(verification.value, hashOf(token))))
    .returning({ id: verification.id });
  return removed.length > 0;
}

/** Any outstanding email-change link of the account stops working. */
export async function forgetEmailChangeLinks(db: Database, userId: string): Promise<void> {
  await db.delete(verification).where(eq(verification.id, rowId(userId)));
}

/** Whether `email` belongs to an account other than `userId`. */
export async function addressTakenByAnother(db: Database, email: string, userId: string): Promise<boolean> {
  const found = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, email.toLowerCase()), ne(user.id, userId)))
    .limit(1);
  return found.length > 0;
}
