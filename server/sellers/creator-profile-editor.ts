import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { AVATAR_URL_PREFIX, avatarFromUpload, storedAvatarKey } from "../accounts/avatar.ts";
import type { Database } from "../db/client.ts";
import { creators } from "../db/schema.ts";
import { isWebAddress } from "../lib/web-address.ts";
import type { FileStore } from "../storage/file-store.ts";

/** What a seller edits on their creator page: specialty, bio, location and website. */
export const creatorProfileSchema = z.object({
  specialty: z.string().trim().max(80, "Please keep your specialty under 80 characters."),
  bio: z.string().trim().max(1000, "Please keep your bio under 1000 characters."),
  location: z.string().trim().max(80, "Please keep your location under 80 characters."),
  website: z
    .string()
    .trim()
    .max(300, "Please keep your website under 300 characters.")
    .refine(
      (value) => !value || isWebAddress(value),
      "Your website must be a full address starting with http:// or https://.",
    )
    .transform((value) => value || null),
});

export async function updateCreatorProfile(
  db: Database,
  creatorId: number,
  input: z.infer<typeof creatorProfileSchema>,
) {
  await db.update(creators).set(input).where(eq(creators.id, creatorId));
}

/** A new picture for the creator page, processed like an account's (checked, square, WebP, no metadata). */
export async function setCreatorAvatar(db: Database, files: FileStore, creatorId: number, bytes: Uint8Array) {
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
