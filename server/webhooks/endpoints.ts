import { and, asc, count, eq, sql } from "drizzle-orm";
import type { WebhookEndpointInput } from "../../shared/webhook-schema.ts";
import type { Database, Queryable } from "../db/client.ts";
import { webhookEndpoints } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { type AddressPolicy, checkWebhookUrl } from "./address-guard.ts";
import { newWebhookSecret } from "./signature.ts";

// A seller's webhook endpoints (/seller/webhooks): add one (its URL checked, a signing secret
// made), rotate its secret, disable, enable or delete it. Every call names the seller, and an
// endpoint of another seller is "no such endpoint".

/** Endpoints a seller may have: enough for a shop, an app and a test server. */
export const MAX_ENDPOINTS = 5;
const NO_SUCH_ENDPOINT = "There is no such endpoint.";

/** Adds an endpoint; refused (nothing made) for a URL that is not public https, or past MAX_ENDPOINTS. */
export async function addWebhookEndpoint(
  db: Database,
  { creatorId, endpoint, policy = {} }: { creatorId: number; endpoint: WebhookEndpointInput; policy?: AddressPolicy },
) {
  const url = await checkWebhookUrl(endpoint.url, policy);
  return db.transaction(async (tx) => {
    // The seller's endpoints one change at a time, so two adds at once cannot pass the limit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('webhook-endpoints'), ${creatorId})`);
    const [held] = await tx
      .select({ count: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.creatorId, creatorId));
    if ((held?.count ?? 0) >= MAX_ENDPOINTS) {
      throw new Refusal(`You can have ${MAX_ENDPOINTS} endpoints: delete one to add another.`, "conflict");
    }
    const [made] = await tx
      .insert(webhookEndpoints)
      .values({ creatorId, url, secret: newWebhookSecret(), events: endpoint.events })
      .returning();
    return made!;
  });
}

/** The seller's endpoints, oldest first. */
export function listWebhookEndpoints(db: Queryable, creatorId: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.creatorId, creatorId))
    .orderBy(asc(webhookEndpoints.id));
}

/** One of the seller's endpoints, or a 404. */
export async function sellersEndpoint(db: Queryable, creatorId: number, endpointId: number) {
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.creatorId, creatorId)));
  if (!endpoint) throw new Refusal(NO_SUCH_ENDPOINT, "not-found");
  return endpoint;
}

async function changeEndpoint(
  db: Database,
  creatorId: number,
  endpointId: number,
  change: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  const [changed] = await db
    .update(webhookEndpoints)
    .set(change)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.creatorId, creatorId)))
    .returning();
  if (!changed) throw new Refusal(NO_SUCH_ENDPOINT, "not-found");
  return changed;
}

/** A new signing secret: deliveries are signed with it from now on, the old one no longer. */
export function rotateWebhookSecret(db: Database, creatorId: number, endpointId: number) {
  return changeEndpoint(db, creatorId, endpointId, { secret: newWebhookSecret() });
}

/**
 * Disables an endpoint: no new events are recorded for it and its pending deliveries are not
 * sent (they fail at their next attempt); enabling it again sends it new events.
 */
export function setWebhookEndpointEnabled(
  db: Database,
  { creatorId, endpointId, enabled }: { creatorId: number; endpointId: number; enabled: boolean },
) {
  return changeEndpoint(db, creatorId, endpointId, { disabledAt: enabled ? null : new Date() });
}

/** Deletes an endpoint with its delivery log. */
export async function deleteWebhookEndpoint(db: Database, creatorId: number, endpointId: number) {
  const [deleted] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.creatorId, creatorId)))
    .returning({ url: webhookEndpoints.url });
  if (!deleted) throw new Refusal(NO_SUCH_ENDPOINT, "not-found");
  return deleted;
}
