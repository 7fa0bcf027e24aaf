import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creatorProfileSchema } from "../../shared/creator-profile-schema.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { creators } from "../db/schema.ts";
import { type FileStore, localFileStore } from "../storage/file-store.ts";
import { creatorProfileOf, setCreatorAvatar, updateCreatorProfile } from "./creator-profile-editor.ts";

const database = setUpTestDatabase();
let files: FileStore;
let directory = "";
let creatorId = 0;

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "creator-profile-"));
  files = localFileStore(directory);
  const [row] = await database.db
    .insert(creators)
    .values({ slug: "edited", name: "Edited Studio" })
    .returning({ id: creators.id });
  creatorId = row!.id;
});
afterAll(() => fs.rm(directory, { recursive: true, force: true }));

describe("a seller's creator profile", () => {
  it("saves specialty, bio, location and an http(s) website; refuses other addresses", async () => {
    await updateCreatorProfile(
      database.db,
      creatorId,
      creatorProfileSchema.parse({
        specialty: "Planners",
        bio: "Hello",
        location: "Lisbon",
        website: "https://edited.example",
      }),
    );
    expect(await creatorProfileOf(database.db, creatorId)).toMatchObject({
      specialty: "Planners",
      location: "Lisbon",
      website: "https://edited.example",
    });
    expect(
      creatorProfileSchema.safeParse({ specialty: "", bio: "", location: "", website: "javascript:alert(1)" }).success,
    ).toBe(false);
    expect(creatorProfileSchema.parse({ specialty: "", bio: "", location: "", website: "" }).website).toBeNull();
  });

  it("replaces the picture with a square WebP and removes the old one", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    await setCreatorAvatar(database.db, { files, creatorId, bytes: png });
    const first = (await creatorProfileOf(database.db, creatorId)).avatarUrl!;
    await setCreatorAvatar(database.db, { files, creatorId, bytes: png });
    const second = (await database.db.select().from(creators).where(eq(creators.id, creatorId)))[0]!.avatarUrl!;
    expect(second).toMatch(/^\/media\/avatars\/creator-\d+-[0-9a-f]{12}\.webp$/);
    expect(await files.read(`avatars/${first.split("/").pop()}`)).toBeNull();
    const stored = await files.read(`avatars/${second.split("/").pop()}`);
    expect(await sharp(stored!).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
    await expect(
      setCreatorAvatar(database.db, { files, creatorId, bytes: new TextEncoder().encode("not an image") }),
    ).rejects.toThrow("Please choose a JPEG, PNG, WebP or GIF image.");
  });
});
