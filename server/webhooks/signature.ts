import crypto from "node:crypto";

// Each delivery is signed like Stripe's: `Webhook-Signature: t=<unix seconds>,v1=<hex>` where the
// hex is the HMAC-SHA256 of "<t>.<body>" under the endpoint's secret. The time inside the signed
// text lets a receiver refuse an old request replayed (docs/webhooks.md).

export const SIGNATURE_HEADER = "Webhook-Signature";
export const EVENT_ID_HEADER = "Webhook-Id";

/** A new signing secret: `whsec_` and 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64url")}`;
}

function hmac(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The Webhook-Signature header of `body` sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * What a receiver runs (docs/webhooks.md has a copy to paste): true when `header` signs exactly
 * `body` with `secret` and its time is within `toleranceSec` of now.
 */
export function verifyWebhookSignature({
  secret,
  header,
  body,
  toleranceSec = 300,
  nowSec = Math.floor(Date.now() / 1000),
}: {
  secret: string;
  header: string | null | undefined;
  body: string;
  toleranceSec?: number;
  nowSec?: number;
}): boolean {
  if (!header) return false;
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([name]) => name === "t")?.[1]);
  if (!Number.isSafeInteger(timestamp) || Math.abs(nowSec - timestamp) > toleranceSec) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  return parts
    .filter(([name, value]) => name === "v1" && value && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => crypto.timingSafeEqual(expected, Buffer.from(value!, "hex")));
}
