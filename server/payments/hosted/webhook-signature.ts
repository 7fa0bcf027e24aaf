import crypto from "node:crypto";
import { WebhookRejected } from "../provider.ts";

// How the hosted payment page signs its webhooks, on the model of Stripe's scheme: the header
// `Shop-Pay-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. The timestamp is
// signed too, so an old delivery cannot be replayed after the tolerance.

export const SIGNATURE_HEADER = "shop-pay-signature";
export const TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) =>
  crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

export function signatureHeader(secret: string, body: string, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** Why the signature is not acceptable, or null when it is. */
export function signatureProblem({
  secret,
  body,
  header,
  now = Date.now(),
}: {
  secret: string;
  body: string;
  header: string | null;
  now?: number;
}): string | null {
  if (!header) return "missing signature";
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1");
  if (!Number.isInteger(timestamp) || !given || !/^[0-9a-f]{64}$/.test(given)) return "malformed signature";
  const expected = hmac(secret, timestamp, body);
  if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(given))) return "signature does not match";
  if (Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS) return "signature is too old";
  return null;
}

/**
 * The body of a delivery signed by one of the shop's hosted stand-ins (payments, payouts), parsed;
 * throws WebhookRejected when its signature does not hold or it is not JSON.
 */
export function readSignedBody(secret: string, rawBody: string, headers: Headers): unknown {
  const problem = signatureProblem({ secret, body: rawBody, header: headers.get(SIGNATURE_HEADER) });
  if (problem) throw new WebhookRejected(problem);
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new WebhookRejected("unreadable body");
  }
}
