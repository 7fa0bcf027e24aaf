import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { hostedPaymentSessions } from "../../db/schema.ts";
import { deriveKey } from "../../lib/signing.ts";
import { type PaymentEvent, type PaymentProvider, WebhookRejected } from "../provider.ts";
import { closePaymentSession } from "./hosted-payments.ts";
import { refundHostedPayment } from "./hosted-refunds.ts";
import { readSignedBody } from "./webhook-signature.ts";

/** How long a payment page stays open. */
const SESSION_HOURS = 24;

/** The secret the hosted page signs its webhooks with, derived from the shop's secret. */
export const hostedWebhookSecret = (shopSecret: string) =>
  deriveKey(shopSecret, "hosted-payments-webhook").toString("hex");

/** The webhook body the hosted page sends (server/payments/hosted/hosted-payments.ts writes it). */
export interface HostedEventBody {
  id: string;
  type: "payment.succeeded" | "payment.failed" | "session.expired";
  created: number;
  data: {
    sessionId: string;
    reference: string;
    amountCents: number;
    currency: string;
    reason?: string;
    /** payment.succeeded: the card's issuing country (events queued before it was sent lack it). */
    cardCountry?: string | null;
  };
}

/**
 * The shop's side of its own hosted payment page: starting a payment creates a session on the
 * page (in the page's own tables), and its events arrive as signed webhooks, as with any provider.
 */
export function createHostedProvider(options: { db: Database; publicUrl: string; secret: string }): PaymentProvider {
  const webhookSecret = hostedWebhookSecret(options.secret);
  return {
    name: "hosted",
    async createCheckout(request) {
      const total = request.lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);
      if (total !== request.amountCents) throw new Error("The payment lines do not add up to the amount");
      // One session per reference: starting the same payment again opens the same page.
      await options.db
        .insert(hostedPaymentSessions)
        .values({
          id: `hps_${crypto.randomBytes(18).toString("base64url")}`,
          reference: request.reference,
          amountCents: request.amountCents,
          currency: request.currency,
          lines: request.lines,
          customerEmail: request.customerEmail,
          returnUrl: request.returnUrl,
          cancelUrl: request.cancelUrl,
          webhookUrl: `${options.publicUrl}/api/v1/payments/webhook/hosted`,
          expiresAt: new Date(Date.now() + SESSION_HOURS * 3600_000),
        })
        .onConflictDoNothing({ target: hostedPaymentSessions.reference });
      const [session] = await options.db
        .select({ id: hostedPaymentSessions.id, expiresAt: hostedPaymentSessions.expiresAt })
        .from(hostedPaymentSessions)
        .where(eq(hostedPaymentSessions.reference, request.reference));
      return { ref: session!.id, url: `${options.publicUrl}/pay/${session!.id}`, expiresAt: session!.expiresAt };
    },
    closeCheckout(sessionRef) {
      return closePaymentSession(options.db, sessionRef);
    },
    verifyWebhook(rawBody, headers) {
      return toPaymentEvent(readSignedBody(webhookSecret, rawBody, headers));
    },
    // The page's own webhook carries the card's country already.
    async withCardCountry(event) {
      return event;
    },
    refund(request) {
      return refundHostedPayment(options.db, request);
    },
  };
}

// What a signed event must hold before the shop acts on it: a genuine signature on a malformed
// body (a field missing, a string too long) is refused as unreadable, never a 500.
const reference = z.string().min(1).max(64);
const sessionData = z.object({ sessionId: z.string().min(1).max(200), reference });
const eventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(100),
  data: z.unknown(),
});
const dataSchemas = {
  "payment.succeeded": sessionData.extend({
    amountCents: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    currency: z.string().regex(/^[a-z]{3}$/i),
    // Bounded, not checked as a code: one that is no country's is kept as evidence that said nothing.
    cardCountry: z.string().max(10).nullish(),
  }),
  "payment.failed": sessionData.extend({ reason: z.string().max(500).optional() }),
  "session.expired": sessionData,
} as const;

function toPaymentEvent(raw: unknown): PaymentEvent {
  const event = eventSchema.safeParse(raw);
  if (!event.success) throw new WebhookRejected("unreadable event");
  const { id, type } = event.data;
  if (!(type in dataSchemas)) return { id, type: "other", providerType: type };
  const parsed = dataSchemas[type as keyof typeof dataSchemas].safeParse(event.data.data);
  if (!parsed.success) throw new WebhookRejected("unreadable event");
  const data = parsed.data as z.infer<(typeof dataSchemas)["payment.succeeded"]> & { reason?: string };
  const common = { id, reference: data.reference, sessionRef: data.sessionId };
  switch (type) {
    case "payment.succeeded":
      return {
        ...common,
        type: "payment_succeeded",
        amountCents: data.amountCents,
        currency: data.currency,
        ...(data.cardCountry !== undefined && { cardCountry: data.cardCountry }),
      };
    case "payment.failed":
      return { ...common, type: "payment_failed", reason: data.reason ?? "The payment did not go through." };
    case "session.expired":
      return { ...common, type: "session_expired" };
    default:
      return { id, type: "other", providerType: type };
  }
}
