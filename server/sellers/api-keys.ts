import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { type ApiKeyInput, apiKeySchema } from "../../shared/api-key-schema.ts";
import type { Database } from "../db/client.ts";
import { apiKeys, creators, user } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";

// A seller's keys for the public API (server/public-api/): each acts for its creator only, with a
// scope (read, or write which includes read). The key itself is shown once, when it is made; only its
// SHA-256 is kept (a stolen database gives no usable key), with its first characters to tell keys apart.

/** Every key starts with this, so that a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "dgm_live_";
/** How many characters of the key the dashboard shows: the prefix and 6 of the random part. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 6;
/** Keys a shop may hold at once (revoked ones do not count). */
export const MAX_ACTIVE_API_KEYS = 10;
export const API_KEY_NOT_FOUND = "We could not find this API key among your keys.";
export const TOO_MANY_API_KEYS = `You have ${MAX_ACTIVE_API_KEYS} active API keys, the most a shop may hold. Revoke one you no longer use first.`;

export type ApiKeyScope = (typeof apiKeys.$inferSelect)["scope"];

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A new key: the prefix and 32 random bytes in base64url (43 characters, 256 bits). */
function newKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString("base64url");
}

/** Makes a key for the seller's shop; the answer holds the key itself, which is never shown again. */
export async function createApiKey(db: Database, creatorId: number, asked: ApiKeyInput) {
  // Checked here too: the page checks its form, but the rules (a name, a known scope) are the key's.
  const parsed = apiKeySchema.safeParse(asked);
  if (!parsed.success)
    throw new Refusal(parsed.error.issues[0]?.message ?? "Name the key and choose its scope.", "invalid");
  const input = parsed.data;
  return db.transaction(async (tx) => {
    // The shop row is locked so that two keys made at once cannot pass the limit together.
    const [shop] = await tx
      .select({ standing: creators.standing })
      .from(creators)
      .where(eq(creators.id, creatorId))
      .for("update");
    if (shop?.standing !== "active") {
      throw new Refusal("Your shop is not in good standing: API keys cannot be made until it is.", "forbidden");
    }
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.creatorId, creatorId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) throw new Refusal(TOO_MANY_API_KEYS, "conflict");
    const key = newKey();
    const [created] = await tx
      .insert(apiKeys)
      .values({
        creatorId,
        name: input.name,
        scope: input.scope,
        prefix: key.slice(0, SHOWN_CHARACTERS),
        keyHash: hashApiKey(key),
      })
      .returning({ id: apiKeys.id, prefix: apiKeys.prefix });
    return { id: created!.id, prefix: created!.prefix, key, name: input.name, scope: input.scope };
  });
}

/** The shop's keys in use, newest first (never the key itself: it is not kept). */
export function listApiKeys(db: Database, creatorId: number) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scope: apiKeys.scope,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.creatorId, creatorId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes one of the shop's keys: from now on a request with it is refused. */
export async function revokeApiKey(db: Database, creatorId: number, keyId: number): Promise<{ name: string }> {
  const [revoked] = Number.isSafeInteger(keyId)
    ? await db
        .update(apiKeys)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.creatorId, creatorId), isNull(apiKeys.revokedAt)))
        .returning({ name: apiKeys.name })
    : [];
  if (!revoked) throw new Refusal(API_KEY_NOT_FOUND, "not-found");
  return revoked;
}

/** Who a request's key acts for. */
export interface ApiCaller {
  keyId: number;
  creatorId: number;
  scope: ApiKeyScope;
}

export type ApiKeyCheck =
  | { ok: true; caller: ApiCaller }
  /** `unknown`: no such key, or revoked. `not-allowed`: the shop is suspended or removed, or its account no longer sells. */
  | { ok: false; reason: "unknown" | "not-allowed" };

/**
 * The key's creator and scope. A revoked key is unknown; a key of a shop that is suspended or
 * removed, or whose account is no longer a seller, is not allowed. Notes when the key was last used
 * (at most once a minute, so that a busy client does not write on every request).
 */
export async function checkApiKey(db: Database, key: string): Promise<ApiKeyCheck> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return { ok: false, reason: "unknown" };
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      creatorId: apiKeys.creatorId,
      scope: apiKeys.scope,
      lastUsedAt: apiKeys.lastUsedAt,
      standing: creators.standing,
      isSeller: user.isSeller,
    })
    .from(apiKeys)
    .innerJoin(creators, eq(creators.id, apiKeys.creatorId))
    .leftJoin(user, eq(user.id, creators.userId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
  if (!row) return { ok: false, reason: "unknown" };
  if (row.standing !== "active" || row.isSeller !== true) return { ok: false, reason: "not-allowed" };
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, row.keyId));
  }
  return { ok: true, caller: { keyId: row.keyId, creatorId: row.creatorId, scope: row.scope } };
}
