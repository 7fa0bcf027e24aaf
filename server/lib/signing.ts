import crypto from "node:crypto";

// Signed, expiring tokens (download links) and per-purpose keys, all from the shop's one secret
// (AUTH_SECRET, or the one generated at first start): a key for one purpose never signs another.

/** The key for one purpose, derived from the shop's secret. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return crypto.createHmac("sha256", secret).update(`marketplace:${purpose}`).digest();
}

function mac(key: Buffer, body: string): string {
  return crypto.createHmac("sha256", key).update(body).digest("base64url");
}

/** Whether a MAC that came with a request is the one expected, compared in constant time. */
export function sameMac(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** `body.mac`, where body is the base64url JSON of `payload` plus its expiry (`exp`, ms since epoch). */
export function signToken(key: Buffer, payload: Record<string, string | number>, expiresAt: number): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt })).toString("base64url");
  return `${body}.${mac(key, body)}`;
}

export type TokenCheck<T> = { ok: true; payload: T } | { ok: false; reason: "invalid" | "expired" };

/** The payload of a token this key signed, unless it was altered or its time is up. */
export function verifyToken<T extends Record<string, unknown>>(
  key: Buffer,
  token: string,
  now = Date.now(),
): TokenCheck<T> {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return { ok: false, reason: "invalid" };
  if (!sameMac(mac(key, body), signature)) return { ok: false, reason: "invalid" };
  let payload: T & { exp?: unknown };
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (typeof payload.exp !== "number") return { ok: false, reason: "invalid" };
  if (payload.exp <= now) return { ok: false, reason: "expired" };
  return { ok: true, payload };
}
