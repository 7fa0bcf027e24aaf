import type { Database } from "../../db/client.ts";
import { PostgresRateLimitStore } from "../../http/rate-limit-store.ts";
import { Refusal } from "../../lib/refusal.ts";

// How many VAT numbers one client may have checked with VIES in a while: a buyer needs one or two,
// and without a limit the checkout would be a free way to ask VIES about any number (and to get
// its holder's name), in the shop's name and against VIES's limits per member state. Counted in
// PostgreSQL, as the shop's other limits (server/http/rate-limits.ts), so that every app server
// counts the same checks. Only checks that reach VIES count (an answer from the cache does not).

export interface VatCheckLimit {
  /** Counts one check for `client` (its address); refuses it (429) once the client has had its share. */
  take(client: string): Promise<void>;
}

/** `limit` checks per client in `windowMinutes`: 10 an hour unless said. */
export function vatCheckLimit(
  db: Database,
  { limit = 10, windowMinutes = 60 }: { limit?: number; windowMinutes?: number } = {},
): VatCheckLimit {
  const store = new PostgresRateLimitStore(db, "vat-check", windowMinutes * 60_000);
  return {
    async take(client) {
      const { totalHits, resetTime } = await store.increment(client);
      if (totalHits <= limit) return;
      const minutes = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now()) - Date.now()) / 60_000));
      throw new Refusal(
        `You have had ${limit} VAT numbers checked in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or leave the VAT number out and pay with VAT.`,
        "rate-limited",
        { field: "vatNumber" },
      );
    },
  };
}
