import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { shopSettings } from "../db/schema.ts";

/**
 * The secret that signs session cookies: AUTH_SECRET when set, else one generated on first
 * start and kept in the database, so that every app server (and every restart) agrees on it.
 */
export async function loadAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(shopSettings)
    .values({ key: "auth_secret", value: crypto.randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, "auth_secret"));
  return row!.value;
}
