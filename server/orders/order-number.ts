import crypto from "node:crypto";

// Order numbers (9 uppercase alphanumeric characters) and licence keys. Both
// come from the operating system's secure random source: nobody can guess another's.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export function randomCharacters(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return out;
}

export const ORDER_NUMBER = /^[A-Z0-9]{9}$/;

/** A new order number; the database's unique index decides whether it is free. */
export function newOrderNumber(): string {
  return randomCharacters(9);
}
