import { describe, expect, it } from "vitest";
import { Refusal } from "../lib/refusal.ts";
import { deriveKey, signToken } from "../lib/signing.ts";
import { DOWNLOAD_LINK_MINUTES, type DownloadTarget, downloadUrl, readDownloadToken } from "./download-links.ts";

const SECRET = "test-secret-for-download-links";
const tokenOf = (url: string) => url.replace(/^\/downloads\//, "");

function refusalOf(work: () => unknown): Refusal {
  try {
    work();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("download links", () => {
  const target: DownloadTarget = { orderItemId: 12, fileId: 34 };
  const now = Date.UTC(2026, 0, 5, 12);

  it("name the item and file, for DOWNLOAD_LINK_MINUTES", () => {
    const url = downloadUrl(SECRET, target, now);
    expect(url).toMatch(/^\/downloads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(readDownloadToken(SECRET, tokenOf(url), now)).toEqual(target);
    expect(readDownloadToken(SECRET, tokenOf(url), now + DOWNLOAD_LINK_MINUTES * 60_000 - 1)).toEqual(target);
  });

  it("expire after 10 minutes with 410 and a way to a fresh link", () => {
    expect(DOWNLOAD_LINK_MINUTES).toBe(10);
    const token = tokenOf(downloadUrl(SECRET, target, now));
    for (const later of [10 * 60_000, 10 * 60_000 + 1, 24 * 3600_000]) {
      const refusal = refusalOf(() => readDownloadToken(SECRET, token, now + later));
      expect(refusal).toMatchObject({
        status: 410,
        message: "This download link has expired. Open your order again for a fresh link.",
      });
    }
  });

  it("are refused with 403 when altered, signed with another secret, or malformed", () => {
    const token = tokenOf(downloadUrl(SECRET, target, now));
    const altered = token.slice(0, 5) + (token[5] === "A" ? "B" : "A") + token.slice(6);
    const forged = tokenOf(downloadUrl("another-shop-secret", target, now));
    // A body we did not sign: the same link for another item, with the original signature.
    const [, signature] = token.split(".");
    const swapped = `${Buffer.from(JSON.stringify({ orderItemId: 13, fileId: 34, exp: now + 60_000 })).toString("base64url")}.${signature}`;
    for (const bad of [altered, forged, swapped, "", "nonsense", "a.b.c", `${token}x`]) {
      const refusal = refusalOf(() => readDownloadToken(SECRET, bad, now));
      expect(refusal).toMatchObject({ status: 403, message: "This download link is not valid." });
    }
  });

  it("refuse a token we signed whose payload is not a pair of positive whole numbers", () => {
    const key = deriveKey(SECRET, "downloads");
    const payloads: Record<string, string | number>[] = [
      { orderItemId: 0, fileId: 34 },
      { orderItemId: -12, fileId: 34 },
      { orderItemId: 1.5, fileId: 34 },
      { orderItemId: "12", fileId: 34 },
      { orderItemId: 12 },
      {},
    ];
    for (const payload of payloads) {
      const refusal = refusalOf(() => readDownloadToken(SECRET, signToken(key, payload, now + 60_000), now));
      expect(refusal).toMatchObject({ status: 403, message: "This download link is not valid." });
    }
    // The key is only for downloads: a token of another purpose, same secret, is not one of ours.
    const other = signToken(deriveKey(SECRET, "orders"), { ...target }, now + 60_000);
    expect(refusalOf(() => readDownloadToken(SECRET, other, now)).status).toBe(403);
  });
});
