import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { CreatorProfileInput } from "../../shared/creator-profile-schema.ts";
import { AVATAR_URL_PREFIX, avatarFromUpload, storedAvatarKey } from "../accounts/avatar.ts";
import type { Database } from "../db/client.ts";
import { creators } from "../db/schema.ts";
import type { FileStore } from "../storage/file-store.ts";

export async function updateCreatorProfile(db: Database, creatorId: number, input: CreatorProfileInput) {
  await db.update(creators).set(input).where(eq(creators.id, creatorId));
}

/** A new picture for the creator page, processed like an account's (checked, square, WebP, no metadata). */
export async function setCreatorAvatar(
  db: Database,
  { files, creatorId, bytes }: { files: FileStore; creatorId: number; bytes: Uint8Array },
) {
  const avatar = await avatarFromUpload(bytes);
  const name = `creator-${creatorId}-${crypto.randomBytes(6).toString("hex")}.webp`;
  await files.put(`avatars/${name}`, avatar);
  const [previous] = await db
    .select({ avatarUrl: creators.avatarUrl })
    .from(creators)
    .where(eq(creators.id, creatorId));
  await db
    .update(creators)
    .set({ avatarUrl: `${AVATAR_URL_PREFIX}${name}` })
    .where(eq(creators.id, creatorId));
  const oldKey = storedAvatarKey(previous?.avatarUrl);
  if (oldKey) await files.remove(oldKey);
}

export async function creatorProfileOf(db: Database, creatorId: number) {
  const [row] = await db
    .select({
      name: creators.name,
      slug: creators.slug,
      specialty: creators.specialty,
      bio: creators.bio,
      location: creators.location,
      website: creators.website,
      avatarUrl: creators.avatarUrl,
    })
    .from(creators)
    .where(eq(creators.id, creatorId));
  return row!;
}
