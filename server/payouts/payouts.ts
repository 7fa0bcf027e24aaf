import { desc, eq, sql } from "drizzle-orm";
import type { PayoutSettingsInput } from "../../shared/payout-settings-schema.ts";
import type { Database } from "../db/client.ts";
import { payoutSettings, payouts } from "../db/schema.ts";

/** Payout settings: a PayPal address, or the last four digits of a US bank account. */
export async function savePayoutSettings(db: Database, creatorId: number, input: PayoutSettingsInput) {
  const destination = input.method === "paypal" ? input.paypalEmail : `account ending ${input.accountLast4}`;
  await db
    .insert(payoutSettings)
    .values({ creatorId, method: input.method, destination })
    .onConflictDoUpdate({
      target: payoutSettings.creatorId,
      set: { method: input.method, destination, updatedAt: sql`now()` },
    });
}

export async function payoutSettingsOf(db: Database, creatorId: number) {
  const [row] = await db.select().from(payoutSettings).where(eq(payoutSettings.creatorId, creatorId));
  return row ?? null;
}

export function payoutsOf(db: Database, creatorId: number) {
  return db.select().from(payouts).where(eq(payouts.creatorId, creatorId)).orderBy(desc(payouts.weekOf)).limit(52);
}
