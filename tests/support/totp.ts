import crypto from "node:crypto";

// An authenticator app for tests (and the e2e fixtures): the code it shows for an otpauth://
// address, computed by RFC 6238 (HMAC-SHA-1, 6 digits, 30-second steps) from the address's secret,
// independently of the library the shop uses.

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Bytes(text: string): Buffer {
  let bits = "";
  for (const char of text.replace(/[\s=]/g, "").toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The 6-digit code for the base32 `secret` at `time` (ms; now by default), `step` steps of 30 s away. */
export function totpFromSecret(secret: string, { time = Date.now(), step = 0 } = {}): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 30_000) + step));
  const mac = crypto.createHmac("sha1", base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 1_000_000).padStart(6, "0");
}

/** The code an app that scanned the otpauth:// address `uri` shows now (or `step` steps away). */
export function totpCode(uri: string, options: { time?: number; step?: number } = {}): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`No secret in ${uri}`);
  return totpFromSecret(secret, options);
}

/** A 6-digit code that is not the one `uri` shows now, nor one step either side (which are accepted too). */
export function wrongTotpCode(uri: string): string {
  const accepted = new Set([-1, 0, 1].map((step) => totpCode(uri, { step })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!accepted.has(candidate)) return candidate;
  }
}
