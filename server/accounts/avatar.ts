import crypto from "node:crypto";
import sharp from "sharp";
import type { FileStore } from "../storage/file-store.ts";
import type { Auth } from "./auth.ts";
import { AuthFailure, requireSession } from "./auth-failure.ts";

/** The largest picture accepted, in bytes, before it is resized. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Avatars are stored as squares of this many pixels. */
const AVATAR_PIXELS = 256;
/** Where avatars are served from; the file name is the store key under `avatars/`. */
export const AVATAR_URL_PREFIX = "/media/avatars/";

export const AVATAR_TOO_LARGE = "Your picture must be at most 5 MB.";
export const AVATAR_NOT_AN_IMAGE = "Please choose a JPEG, PNG, WebP or GIF image.";
export const AVATAR_TOO_MANY_PIXELS = "Your picture has too many pixels. Please use one under 50 megapixels.";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);
// Guards against images that are small files but huge once decoded.
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * A square WebP avatar from an uploaded picture. The type is read from the bytes themselves,
 * not from the name or the browser's claim; the picture is turned upright, cropped to its
 * centre and stripped of its metadata (a photo's EXIF may hold where it was taken).
 */
export async function avatarFromUpload(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.byteLength === 0) throw new AuthFailure("Please choose a picture.", "invalid");
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw new AuthFailure(AVATAR_TOO_LARGE, "too-large");
  try {
    // The header alone says the format and size, before anything is decoded.
    const { format, width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new AuthFailure(AVATAR_NOT_AN_IMAGE, "unsupported-type");
    if (width * height > MAX_INPUT_PIXELS) throw new AuthFailure(AVATAR_TOO_MANY_PIXELS, "too-large");
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(AVATAR_PIXELS, AVATAR_PIXELS, { fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AuthFailure) throw error;
    throw new AuthFailure(AVATAR_NOT_AN_IMAGE, "unsupported-type");
  }
}

interface AvatarContext {
  auth: Auth;
  files: FileStore;
  headers: Headers;
}

/** The store key of an avatar this shop serves, or null for any other picture (e.g. Google's). */
export function storedAvatarKey(image: string | null | undefined) {
  if (!image?.startsWith(AVATAR_URL_PREFIX)) return null;
  return `avatars/${image.slice(AVATAR_URL_PREFIX.length)}`;
}

/** Replaces the signed-in user's picture with `bytes`; returns the new picture's address. */
export async function setAvatar({ auth, files, headers }: AvatarContext, bytes: Uint8Array): Promise<string> {
  const { user } = await requireSession(auth, headers);
  const avatar = await avatarFromUpload(bytes);
  // A new name each time, so browsers and caches may keep a picture for good.
  const name = `${user.id}-${crypto.randomBytes(6).toString("hex")}.webp`;
  await files.put(`avatars/${name}`, avatar);
  const url = `${AVATAR_URL_PREFIX}${name}`;
  await auth.api.updateUser({ body: { image: url }, headers });
  const previous = storedAvatarKey(user.image);
  if (previous) await files.remove(previous);
  return url;
}

/** Removes the signed-in user's picture; their initials show instead. */
export async function removeAvatar({ auth, files, headers }: AvatarContext): Promise<void> {
  const { user } = await requireSession(auth, headers);
  await auth.api.updateUser({ body: { image: null }, headers });
  const previous = storedAvatarKey(user.image);
  if (previous) await files.remove(previous);
}
