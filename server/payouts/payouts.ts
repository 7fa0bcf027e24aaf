import { desc, eq, sql } from "drizzle-orm";
import type { PayoutSettingsInput } from "../../shared/payout-settings-schema.ts";
import { PAYOUT_METHOD_NAMES } from "../../shared/shop-facts.ts";
import type { Database } from "../db/client.ts";
import { payoutSettings, payouts } from "../db/schema.ts";
import { type DestinationChangeServices, notePayoutDestination } from "./destination-changes.ts";

/** A manual rail's destination as the seller reads it: "PayPal ana@example.com". */
const settingsInWords = (settings: { method: keyof typeof PAYOUT_METHOD_NAMES; destination: string }) =>
  `${PAYOUT_METHOD_NAMES[settings.method]} ${settings.destination}`;

/**
 * Payout settings (the manual rail): a PayPal address, or the last four digits of a US bank
 * account. A new destination is noted, emailed and, replacing another, pauses payouts.
 */
export async function savePayoutSettings(
  db: Database,
  services: DestinationChangeServices,
  { creatorId, input }: { creatorId: number; input: PayoutSettingsInput },
) {
  const destination = input.method === "paypal" ? input.paypalEmail : `account ending ${input.accountLast4}`;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(payoutSettings)
      .where(eq(payoutSettings.creatorId, creatorId))
      .for("update");
    await tx
      .insert(payoutSettings)
      .values({ creatorId, method: input.method, destination })
      .onConflictDoUpdate({
        target: payoutSettings.creatorId,
        set: { method: input.method, destination, updatedAt: sql`now()` },
      });
    await notePayoutDestination(tx, services, {
      creatorId,
      destination: settingsInWords({ method: input.method, destination }),
      previous: before ? settingsInWords(before) : null,
    });
  });
}

export async function payoutSettingsOf(db: Database, creatorId: number) {
  const [row] = await db.select().from(payoutSettings).where(eq(payoutSettings.creatorId, creatorId));
  return row ?? null;
}

export function payoutsOf(db: Database, creatorId: number) {
  return db.select().from(payouts).where(eq(payouts.creatorId, creatorId)).orderBy(desc(payouts.weekOf)).limit(52);
}
