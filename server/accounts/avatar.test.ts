import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { setUpTestAuth } from "../../tests/support/test-auth.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { serveForTests } from "../../tests/support/test-server.ts";
import { user } from "../db/schema.ts";
import { uploadedAvatars } from "../http/generated-media.ts";
import { deleteOwnAccount } from "./account-settings.ts";
import {
  AVATAR_MAX_BYTES,
  AVATAR_NOT_AN_IMAGE,
  AVATAR_TOO_LARGE,
  AVATAR_TOO_MANY_PIXELS,
  removeAvatar,
  setAvatar,
} from "./avatar.ts";

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);
const server = serveForTests(() => express().get("/media/avatars/:name", uploadedAvatars(testAuth.files)));

async function signedIn(email: string) {
  const { cookie, id } = await testAuth.signUpConfirmed({ name: "Frida Kahlo", email, password: "self-portrait" });
  return { ...testAuth.client(cookie), id };
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#7c3aed" } });

async function storedImage(id: string) {
  const [row] = await database.db.select({ image: user.image }).from(user).where(eq(user.id, id));
  return row!.image;
}

const fileOf = (url: string) => testAuth.files.read(`avatars/${url.split("/").pop()}`);

describe("profile pictures", () => {
  it("are stored as 256 px square WebP without the photo's metadata, and served from the shop", async () => {
    const context = await signedIn("frida@example.com");
    const photo = await picture(1200, 800)
      .withExif({ IFD0: { Copyright: "Casa Azul, Coyoacán" } })
      .jpeg()
      .toBuffer();
    const url = await setAvatar(context, photo);
    expect(url).toMatch(/^\/media\/avatars\/[A-Za-z0-9-]+-[0-9a-f]{12}\.webp$/);
    expect(await storedImage(context.id)).toBe(url);
    const stored = await sharp((await fileOf(url))!).metadata();
    expect(stored).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(stored.exif).toBeUndefined();

    const response = await fetch(`${server.baseUrl}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("replace the previous picture, whose file is removed, and can be removed for the initials", async () => {
    const context = await signedIn("replace@example.com");
    const first = await setAvatar(context, await picture(300, 300).png().toBuffer());
    const second = await setAvatar(context, await picture(64, 64).gif().toBuffer());
    expect(await fileOf(first)).toBeNull();
    expect(await fileOf(second)).not.toBeNull();
    await removeAvatar(context);
    expect(await storedImage(context.id)).toBeNull();
    expect(await fileOf(second)).toBeNull();
  });

  it("refuse what is not a JPEG, PNG, WebP or GIF by its content, whatever it claims, and change nothing", async () => {
    const context = await signedIn("refused@example.com");
    const kept = await setAvatar(context, await picture(100, 100).webp().toBuffer());
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const bytes of [
      Buffer.from("just some text, named photo.png"),
      svg,
      await picture(50, 50).tiff().toBuffer(),
    ]) {
      await expect(setAvatar(context, bytes)).rejects.toThrow(AVATAR_NOT_AN_IMAGE);
    }
    const truncated = (await picture(400, 400).png().toBuffer()).subarray(0, 200);
    await expect(setAvatar(context, truncated)).rejects.toThrow(AVATAR_NOT_AN_IMAGE);
    await expect(setAvatar(context, new Uint8Array())).rejects.toThrow("Please choose a picture.");
    expect(await storedImage(context.id)).toBe(kept);
  });

  it("refuse files over 5 MB and images of too many pixels", async () => {
    const context = await signedIn("huge@example.com");
    await expect(setAvatar(context, new Uint8Array(AVATAR_MAX_BYTES + 1))).rejects.toThrow(AVATAR_TOO_LARGE);
    // A small file that would decode to 100 million pixels.
    const bomb = await picture(10_000, 10_000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.byteLength).toBeLessThan(AVATAR_MAX_BYTES);
    await expect(setAvatar(context, bomb)).rejects.toThrow(AVATAR_TOO_MANY_PIXELS);
    expect(await storedImage(context.id)).toBeNull();
  });

  it("need a signed-in user, and go with the account when it is deleted", async () => {
    await expect(setAvatar(testAuth.client(), await picture(10, 10).png().toBuffer())).rejects.toMatchObject({
      status: 401,
    });
    const context = await signedIn("gone@example.com");
    const url = await setAvatar(context, await picture(10, 10).png().toBuffer());
    await deleteOwnAccount(context.auth, context.headers, "self-portrait");
    expect(await fileOf(url)).toBeNull();
    expect((await fetch(`${server.baseUrl}${url}`)).status).toBe(404);
  });

  it("are served only by their exact names", async () => {
    // User ids may hold hyphens (the demo accounts' do).
    await testAuth.files.put("avatars/demo-seller-0123456789ab.webp", await picture(8, 8).webp().toBuffer());
    expect((await fetch(`${server.baseUrl}/media/avatars/demo-seller-0123456789ab.webp`)).status).toBe(200);
    for (const name of ["..%2F..%2Fetc%2Fpasswd", "x.webp", "abc-0123456789ab.png"]) {
      expect((await fetch(`${server.baseUrl}/media/avatars/${name}`)).status).toBe(404);
    }
  });
});
