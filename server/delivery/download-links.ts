import { Refusal } from "../lib/refusal.ts";
import { deriveKey, signToken, verifyToken } from "../lib/signing.ts";

// A download link names one file of one bought item and is signed with a key only for download
// links. It is short-lived so that a link copied out of the page (or a shared one) soon stops
// working; the order page and the library hand out fresh ones each time they are opened.

export const DOWNLOAD_LINK_MINUTES = 10;

export interface DownloadTarget {
  orderItemId: number;
  fileId: number;
}

const keyOf = (secret: string) => deriveKey(secret, "downloads");

const INVALID = "This download link is not valid.";
const EXPIRED = "This download link has expired. Open your order again for a fresh link.";

/** `/downloads/<token>`: the link to `target`, good for DOWNLOAD_LINK_MINUTES from `now`. */
export function downloadUrl(secret: string, target: DownloadTarget, now = Date.now()): string {
  const token = signToken(
    keyOf(secret),
    { orderItemId: target.orderItemId, fileId: target.fileId },
    now + DOWNLOAD_LINK_MINUTES * 60_000,
  );
  return `/downloads/${token}`;
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** What a link from downloadUrl names; a Refusal if it expired (410) or is not one of ours (403). */
export function readDownloadToken(secret: string, token: string, now = Date.now()): DownloadTarget {
  const check = verifyToken<Record<string, unknown>>(keyOf(secret), token, now);
  if (!check.ok)
    throw new Refusal(
      check.reason === "expired" ? EXPIRED : INVALID,
      check.reason === "expired" ? "gone" : "forbidden",
    );
  const { orderItemId, fileId } = check.payload;
  // Signed by us, so this only fails if the token format changes: still, never trust its shape.
  if (!isId(orderItemId) || !isId(fileId)) throw new Refusal(INVALID, "forbidden");
  return { orderItemId, fileId };
}
