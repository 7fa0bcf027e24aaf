import { z } from "zod";
import { recordIdField } from "./record-id.ts";

// The Webhooks page's forms (/seller/webhooks), checked the same in the browser and on the
// server; whether the URL's host is public is the server's check (server/webhooks/address-guard.ts).

/** The events a seller's endpoint may ask for, with what the page calls them. */
export const WEBHOOK_EVENT_CHOICES = [
  { value: "sale", label: "sale — an item of yours is paid" },
  { value: "refund", label: "refund — an item of yours is refunded" },
  { value: "license.activated", label: "license.activated — a seat of a license is activated through the API" },
  { value: "payout.paid", label: "payout.paid — a payout was sent to you" },
  {
    value: "payout.failed",
    label: "payout.failed — a payout did not go out or came back, and is on your balance again",
  },
] as const;

const EVENTS = "Choose at least one event.";
const URL_HINT = "Enter a full https:// URL, like https://example.com/webhooks.";

export const webhookEndpointFields = z.object({
  url: z
    .string({ error: URL_HINT })
    .trim()
    .max(2048, "Keep the URL under 2048 characters.")
    .regex(/^https?:\/\/\S+$/i, URL_HINT),
  // Checkboxes: one value per event ticked (Conform gives one as a string, several as a list).
  events: z
    .union([z.string(), z.array(z.string())], { error: EVENTS })
    .transform((value) => [...new Set(Array.isArray(value) ? value : [value])])
    .pipe(
      z
        .array(z.enum(["sale", "refund", "license.activated", "payout.paid", "payout.failed"], { error: EVENTS }))
        .min(1, EVENTS),
    ),
});

export type WebhookEndpointInput = z.output<typeof webhookEndpointFields>;

const endpointId = recordIdField("Choose the endpoint.");

/** The page's other buttons: each names its endpoint (or delivery). */
export const webhookIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-endpoint") }),
  z.object({ intent: z.literal("rotate-secret"), endpointId }),
  z.object({ intent: z.literal("disable"), endpointId }),
  z.object({ intent: z.literal("enable"), endpointId }),
  z.object({ intent: z.literal("delete"), endpointId }),
  z.object({ intent: z.literal("send-test"), endpointId }),
  z.object({ intent: z.literal("redeliver"), deliveryId: recordIdField("Choose the delivery.") }),
]);
