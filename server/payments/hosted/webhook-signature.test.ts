import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { SIGNATURE_HEADER, signatureHeader, signatureProblem, TOLERANCE_SECONDS } from "./webhook-signature.ts";

const SECRET = "whsec-test-secret";
const NOW = Date.UTC(2026, 2, 1, 9); // a whole second, in milliseconds
const BODY = JSON.stringify({ id: "hpe_1", type: "payment.succeeded", data: { reference: "ABC123XYZ" } });
const seconds = (count: number) => count * 1000;

describe("webhook signatures", () => {
  it("are sent in the shop-pay-signature header as t=<unix seconds>,v1=<HMAC-SHA256 hex of t.body>", () => {
    const expected = crypto
      .createHmac("sha256", SECRET)
      .update(`${NOW / 1000}.${BODY}`)
      .digest("hex");
    expect(SIGNATURE_HEADER).toBe("shop-pay-signature");
    expect(signatureHeader(SECRET, BODY, NOW)).toBe(`t=${NOW / 1000},v1=${expected}`);
  });

  it("verify what they signed, within the tolerance of 300 seconds either way", () => {
    const header = signatureHeader(SECRET, BODY, NOW);
    expect(TOLERANCE_SECONDS).toBe(300);
    expect(signatureProblem({ secret: SECRET, body: BODY, header, now: NOW })).toBeNull();
    expect(signatureProblem({ secret: SECRET, body: BODY, header, now: NOW + seconds(300) })).toBeNull();
    expect(signatureProblem({ secret: SECRET, body: BODY, header, now: NOW - seconds(300) })).toBeNull();
  });

  it("refuse a body changed after signing, even by one character", () => {
    const header = signatureHeader(SECRET, BODY, NOW);
    expect(signatureProblem({ secret: SECRET, body: BODY.replace("ABC123XYZ", "ABC123XYY"), header, now: NOW })).toBe(
      "signature does not match",
    );
    expect(signatureProblem({ secret: SECRET, body: `${BODY} `, header, now: NOW })).toBe("signature does not match");
  });

  it("refuse a signature made with another secret", () => {
    const header = signatureHeader("another-secret", BODY, NOW);
    expect(signatureProblem({ secret: SECRET, body: BODY, header, now: NOW })).toBe("signature does not match");
  });

  it("refuse a changed timestamp: it is signed with the body", () => {
    const header = signatureHeader(SECRET, BODY, NOW - seconds(3600));
    const moved = header.replace(/^t=\d+/, `t=${NOW / 1000}`);
    expect(signatureProblem({ secret: SECRET, body: BODY, header: moved, now: NOW })).toBe("signature does not match");
  });

  it("refuse a delivery signed more than 300 seconds ago (a replay)", () => {
    const header = signatureHeader(SECRET, BODY, NOW);
    expect(signatureProblem({ secret: SECRET, body: BODY, header, now: NOW + seconds(301) })).toBe(
      "signature is too old",
    );
    expect(signatureProblem({ secret: SECRET, body: BODY, header, now: NOW + seconds(86_400) })).toBe(
      "signature is too old",
    );
  });

  it("refuse a delivery signed more than 300 seconds in the future", () => {
    const header = signatureHeader(SECRET, BODY, NOW + seconds(301));
    expect(signatureProblem({ secret: SECRET, body: BODY, header, now: NOW })).toBe("signature is too old");
  });

  it.each([null, ""])("refuse a missing header (%j)", (header) => {
    expect(signatureProblem({ secret: SECRET, body: BODY, header, now: NOW })).toBe("missing signature");
  });

  it.each([
    ["no parts", "garbage"],
    ["no timestamp", `v1=${"a".repeat(64)}`],
    ["no signature", `t=${NOW / 1000}`],
    ["a timestamp that is not a number", `t=soon,v1=${"a".repeat(64)}`],
    ["a fractional timestamp", `t=${NOW / 1000}.5,v1=${"a".repeat(64)}`],
    ["a short signature", `t=${NOW / 1000},v1=${"a".repeat(63)}`],
    ["a long signature", `t=${NOW / 1000},v1=${"a".repeat(65)}`],
    ["a signature that is not hex", `t=${NOW / 1000},v1=${"g".repeat(64)}`],
    ["only an older scheme's signature", `t=${NOW / 1000},v0=${"a".repeat(64)}`],
  ])("refuse a malformed header: %s", (_, header) => {
    expect(signatureProblem({ secret: SECRET, body: BODY, header, now: NOW })).toBe("malformed signature");
  });

  it("refuse an upper-case copy of a good signature as malformed", () => {
    const header = signatureHeader(SECRET, BODY, NOW);
    const [t, v1] = header.split(",");
    expect(
      signatureProblem({
        secret: SECRET,
        body: BODY,
        header: `${t},${v1!.toUpperCase().replace("V1=", "v1=")}`,
        now: NOW,
      }),
    ).toBe("malformed signature");
  });
});
