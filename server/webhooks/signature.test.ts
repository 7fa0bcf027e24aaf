import { describe, expect, it } from "vitest";
import { newWebhookSecret, signatureHeader, verifyWebhookSignature } from "./signature.ts";

describe("webhook signatures", () => {
  const secret = "whsec_test_secret";
  const body = '{"id":"evt","type":"sale"}';
  const t = 1_700_000_000;

  it("signs HMAC-SHA256 of '<t>.<body>' in hex (a known vector)", () => {
    // Worked out with openssl, not this code: printf '1700000000.{"id":"evt","type":"sale"}' | openssl dgst -sha256 -hmac whsec_test_secret
    expect(signatureHeader(secret, t, body)).toBe(
      "t=1700000000,v1=67acbfc35ba6d53a3d813b4d2a34200a83402db471fc132c044b699d5b04b509",
    );
  });

  it("verifies a fresh signature and refuses a tampered body, another secret, an old time or a bad header", () => {
    const header = signatureHeader(secret, t, body);
    expect(verifyWebhookSignature({ secret, header, body, toleranceSec: 300, nowSec: t + 10 })).toBe(true);
    expect(
      verifyWebhookSignature({
        secret,
        header,
        body: body.replace("sale", "refund"),
        toleranceSec: 300,
        nowSec: t + 10,
      }),
    ).toBe(false);
    expect(verifyWebhookSignature({ secret: "whsec_other", header, body, toleranceSec: 300, nowSec: t + 10 })).toBe(
      false,
    );
    expect(verifyWebhookSignature({ secret, header, body, toleranceSec: 300, nowSec: t + 301 })).toBe(false);
    expect(verifyWebhookSignature({ secret, header, body, toleranceSec: 300, nowSec: t - 301 })).toBe(false);
    // The time is signed: a new t with the old v1 is refused.
    expect(
      verifyWebhookSignature({
        secret,
        header: header.replace(`t=${t}`, `t=${t + 5}`),
        body,
        toleranceSec: 300,
        nowSec: t + 10,
      }),
    ).toBe(false);
    for (const bad of [undefined, "", "v1=abc", `t=${t}`, `t=${t},v1=zz`, "garbage"]) {
      expect(verifyWebhookSignature({ secret, header: bad, body, toleranceSec: 300, nowSec: t })).toBe(false);
    }
  });

  it("makes a different whsec_ secret each time", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
