import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { WebhookRejected } from "../provider.ts";
import { createHostedProvider, hostedWebhookSecret } from "./hosted-provider.ts";
import { SIGNATURE_HEADER, signatureHeader } from "./webhook-signature.ts";

const SECRET = "a-shop-secret-of-at-least-32-characters!";
// verifyWebhook reads no database: it checks the signature and the body's shape.
const provider = createHostedProvider({ db: {} as Database, publicUrl: "http://shop.test", secret: SECRET });

function signed(body: unknown) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const headers = new Headers({ [SIGNATURE_HEADER]: signatureHeader(hostedWebhookSecret(SECRET), raw) });
  return () => provider.verifyWebhook(raw, headers);
}

const data = { sessionId: "hps_1", reference: "ABC123XYZ", amountCents: 3239, currency: "usd" };

describe("the hosted page's webhooks", () => {
  it("read a signed payment as the event the shop applies", () => {
    expect(signed({ id: "hpe_1", type: "payment.succeeded", created: 1, data })()).toEqual({
      id: "hpe_1",
      type: "payment_succeeded",
      reference: "ABC123XYZ",
      sessionRef: "hps_1",
      amountCents: 3239,
      currency: "usd",
    });
  });

  it("read the card's issuing country with a payment, as sent (checked as evidence later)", () => {
    const withCard = (cardCountry: unknown) =>
      signed({ id: "hpe_2", type: "payment.succeeded", created: 1, data: { ...data, cardCountry } })();
    expect(withCard("FR")).toMatchObject({ type: "payment_succeeded", cardCountry: "FR" });
    expect(withCard(null)).toMatchObject({ cardCountry: null });
    expect(withCard("XX")).toMatchObject({ cardCountry: "XX" });
    expect(() => withCard("F".repeat(500))).toThrow(WebhookRejected);
    expect(() => withCard(49)).toThrow(WebhookRejected);
  });

  it.each([
    ["no currency", { id: "hpe_1", type: "payment.succeeded", data: { ...data, currency: undefined } }],
    ["an amount in words", { id: "hpe_1", type: "payment.succeeded", data: { ...data, amountCents: "lots" } }],
    ["a fractional amount", { id: "hpe_1", type: "payment.succeeded", data: { ...data, amountCents: 1.5 } }],
    ["no reference", { id: "hpe_1", type: "payment.failed", data: { sessionId: "hps_1" } }],
    ["a huge reference", { id: "hpe_1", type: "session.expired", data: { ...data, reference: "A".repeat(10_000) } }],
    ["no data", { id: "hpe_1", type: "payment.succeeded" }],
    ["a numeric id", { id: 7, type: "payment.succeeded", data }],
    ["an array", [1, 2, 3]],
    ["null", null],
    ["broken JSON", "{"],
  ])("refuse a genuinely signed body with %s as unreadable, never a crash", (_, body) => {
    expect(signed(body)).toThrow(WebhookRejected);
  });

  it("pass on event types the shop does not act on", () => {
    expect(signed({ id: "hpe_9", type: "something.new", data: 42 })()).toEqual({
      id: "hpe_9",
      type: "other",
      providerType: "something.new",
    });
  });
});
