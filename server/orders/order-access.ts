import crypto from "node:crypto";
import { ORDER_LINK_DAYS } from "../../shared/order-link.ts";
import { deriveKey } from "../lib/signing.ts";

export { ORDER_LINK_DAYS, ORDER_LOOKUP_PATH } from "../../shared/order-link.ts";

// The secret in a guest's order link (the receipt email's "View your order"): the time the link
// was issued and an HMAC of the order number and that time, under a key derived from the shop's
// secret. Nothing is stored, so a copy of the database reveals no links; whoever holds the link
// may see that one order and its downloads, for ORDER_LINK_DAYS. After that the buyer asks for a
// fresh link by email (request-order-link.ts).
//
// Links of the first format (an HMAC of the number alone, which never expired) are refused: they
// were written to the request log before it hid them, and the buyer can get a fresh one.

const LIFETIME_MS = ORDER_LINK_DAYS * 24 * 60 * 60 * 1000;
// Links issued on another app server whose clock runs a little ahead are still good.
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const TIME_BYTES = 4; // seconds since 1970 as an unsigned 32-bit number: good until 2106
const MAC_BYTES = 16; // HMAC-SHA256 truncated to 128 bits
const TOKEN = /^[A-Za-z0-9_-]{27}$/; // base64url of 20 bytes, unpadded

function mac(secret: string, orderNumber: string, issuedSeconds: number): Buffer {
  return crypto
    .createHmac("sha256", deriveKey(secret, "order-access"))
    .update(`order-link:v2:${orderNumber}:${issuedSeconds}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** A link token for this order, issued at `issuedAt` (ms since 1970): 27 URL-safe characters. */
export function orderAccessToken(secret: string, orderNumber: string, issuedAt = Date.now()): string {
  const issuedSeconds = Math.floor(issuedAt / 1000);
  const time = Buffer.alloc(TIME_BYTES);
  time.writeUInt32BE(issuedSeconds);
  return Buffer.concat([time, mac(secret, orderNumber, issuedSeconds)]).toString("base64url");
}

export type OrderLinkCheck = "valid" | "expired" | "invalid";

/** Whether `token` opens this order at `now`: signed for it by this shop, and not yet 90 days old. */
/** A token to check: the shop's secret, the order it claims to open, and when it is asked. */
interface AccessTokenCheck {
  secret: string;
  orderNumber: string;
  token: unknown;
  now?: number;
}

export function checkOrderAccessToken({
  secret,
  orderNumber,
  token,
  now = Date.now(),
}: AccessTokenCheck): OrderLinkCheck {
  if (typeof token !== "string" || !TOKEN.test(token)) return "invalid";
  const bytes = Buffer.from(token, "base64url");
  // One spelling per token: base64url's last character has spare bits that decoding ignores.
  if (bytes.toString("base64url") !== token) return "invalid";
  const issuedSeconds = bytes.readUInt32BE(0);
  if (!crypto.timingSafeEqual(bytes.subarray(TIME_BYTES), mac(secret, orderNumber, issuedSeconds))) return "invalid";
  const issuedAt = issuedSeconds * 1000;
  if (issuedAt > now + CLOCK_SKEW_MS) return "invalid";
  return now - issuedAt >= LIFETIME_MS ? "expired" : "valid";
}

export function isOrderAccessToken(check: AccessTokenCheck): boolean {
  return checkOrderAccessToken(check) === "valid";
}

/** Where a buyer sees their order: their account's order page, or a guest's signed link issued now. */
export function orderPagePath(
  secret: string,
  order: { number: string; userId: string | null },
  now = Date.now(),
): string {
  return order.userId
    ? `/account/orders/${order.number}`
    : `/orders/${order.number}?access=${orderAccessToken(secret, order.number, now)}`;
}
