import { desc, eq, sql } from "drizzle-orm";
import type { PayoutSettingsInput } from "../../shared/payout-settings-schema.ts";
import { PAYOUT_MINIMUM_CENTS } from "../../shared/shop-facts.ts";
import { DEMO_USER_IDS } from "../accounts/shared-demo-accounts.ts";
import type { Database } from "../db/client.ts";
import { creators, ledgerEntries, payoutSettings, payouts } from "../db/schema.ts";
import { sellerBalance } from "./ledger.ts";
import { fundsAvailableOn, payoutFriday } from "./payout-schedule.ts";

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

export interface PayoutRun {
  friday: string | null;
  paid: { creatorId: number; amountCents: number }[];
}

/**
 * The weekly payout run (a pg-boss job every Friday): each seller in good standing (not suspended
 * or removed) with payout settings and a balance of at least $25 is paid that balance, recorded as
 * a payout and a negative ledger entry; a shop not in good standing keeps its balance for a later Friday.
 * The demo shop (run by a shared demo account) is never paid. Safe to run twice and on several servers at once: one payout per seller and Friday (unique
 * index), and each seller's settings row is locked while their balance is read and paid.
 */
export async function runWeeklyPayouts(db: Database, now = new Date()): Promise<PayoutRun> {
  const friday = payoutFriday(now);
  if (!friday) return { friday: null, paid: [] };
  const { rows } = await db.execute<{ creator_id: number }>(sql`
    SELECT ${payoutSettings.creatorId} AS creator_id FROM ${payoutSettings}
    JOIN ${creators} ON ${creators.id} = ${payoutSettings.creatorId} AND ${creators.standing} = 'active'
      AND coalesce(${creators.userId}, '') NOT IN ${[...DEMO_USER_IDS]}
    JOIN ${ledgerEntries} ON ${ledgerEntries.creatorId} = ${payoutSettings.creatorId}
    GROUP BY ${payoutSettings.creatorId}
    HAVING sum(${ledgerEntries.amountCents}) >= ${PAYOUT_MINIMUM_CENTS}`);
  const paid: PayoutRun["paid"] = [];
  for (const { creator_id: creatorId } of rows) {
    const amount = await db.transaction(async (tx) => {
      const [settings] = await tx
        .select()
        .from(payoutSettings)
        .where(eq(payoutSettings.creatorId, creatorId))
        .for("update");
      // A suspended or removed shop is not paid. Read again under a shared lock: a suspension
      // issued meanwhile comes before this payout or after it, never halfway.
      const [shop] = await tx
        .select({ standing: creators.standing, userId: creators.userId })
        .from(creators)
        .where(eq(creators.id, creatorId))
        .for("share");
      if (shop?.standing !== "active") return 0;
      // The demo shop is run by a shared account anyone can use: it is never paid out.
      if (shop.userId && DEMO_USER_IDS.includes(shop.userId)) return 0;
      const balance = await sellerBalance(tx, creatorId);
      if (!settings || balance < PAYOUT_MINIMUM_CENTS) return 0;
      const [payout] = await tx
        .insert(payouts)
        .values({
          creatorId,
          amountCents: balance,
          method: settings.method,
          destination: settings.destination,
          weekOf: friday,
          fundsAvailableOn: fundsAvailableOn(friday),
        })
        .onConflictDoNothing()
        .returning({ id: payouts.id });
      if (!payout) return 0;
      await tx.insert(ledgerEntries).values({ creatorId, kind: "payout", amountCents: -balance, payoutId: payout.id });
      return balance;
    });
    if (amount > 0) paid.push({ creatorId, amountCents: amount });
  }
  return { friday, paid };
}
