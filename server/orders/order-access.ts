import crypto from "node:crypto";
import { deriveKey } from "../lib/signing.ts";

// The secret in a guest's order link (the receipt email's "View your order"): an HMAC of the
// order number under a key derived from the shop's secret. Nothing is stored, so a copy of the
// database reveals no links; whoever holds the link may see that one order and its downloads.

export function orderAccessToken(secret: string, orderNumber: string): string {
  return crypto.createHmac("sha256", deriveKey(secret, "order-access")).update(orderNumber).digest("base64url");
}

export function isOrderAccessToken(secret: string, orderNumber: string, token: unknown): boolean {
  if (typeof token !== "string") return false;
  const expected = Buffer.from(orderAccessToken(secret, orderNumber));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** Where a buyer sees their order: their account's order page, or a guest's signed link. */
export function orderPagePath(secret: string, order: { number: string; userId: string | null }): string {
  return order.userId
    ? `/account/orders/${order.number}`
    : `/orders/${order.number}?access=${orderAccessToken(secret, order.number)}`;
}
