import { and, count, eq, isNull } from "drizzle-orm";
import { violationReason } from "../../shared/moderation-note-schema.ts";
import { type EnforcementStep, enforcementActions } from "../db/schema.ts";
import { QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { applyStanding } from "./apply-standing.ts";
import { letterTo, lockCreator } from "./creator-lock.ts";
import { actionEmail } from "./enforcement-emails.ts";
import {
  addDays,
  appealDeadline,
  FIX_DAYS,
  type ModerationServices,
  SUSPENSION_DAYS,
  stepAfter,
} from "./enforcement-rules.ts";

export type EnforcementAction = typeof enforcementActions.$inferSelect;

/**
 * Records a violation by a seller shop. Its step follows from the shop's earlier
 * actions that still stand: a warning with 7 days to fix, then a 30-day suspension (the shop's
 * products hidden, no payouts), then permanent removal. The shop row is locked first, so two admins
 * acting at once give two consecutive steps. The seller is emailed in the same transaction.
 */
export async function issueViolation(
  services: ModerationServices,
  { adminId, creatorId, reason, now = new Date() }: { adminId: string; creatorId: number; reason: string; now?: Date },
): Promise<EnforcementAction> {
  const parsed = violationReason.safeParse(reason);
  if (!parsed.success) throw new Refusal(parsed.error.issues[0]!.message, "invalid");
  return services.db.transaction(async (tx) => {
    const found = await lockCreator(tx, creatorId);
    if (!found) throw new Refusal("There is no such seller shop.", "not-found");
    const { creator, owner } = found;
    if (creator.standing === "removed") {
      throw new Refusal(
        "This shop has been removed from the marketplace: no further actions can be recorded.",
        "conflict",
      );
    }
    const [standing] = await tx
      .select({ n: count() })
      .from(enforcementActions)
      .where(and(eq(enforcementActions.creatorId, creator.id), isNull(enforcementActions.revokedAt)));
    const step: EnforcementStep = stepAfter(standing?.n ?? 0);
    const [action] = await tx
      .insert(enforcementActions)
      .values({
        creatorId: creator.id,
        step,
        reason: parsed.data,
        issuedBy: adminId,
        issuedAt: now,
        fixBy: step === "warning" ? addDays(now, FIX_DAYS) : null,
        endsAt: step === "suspension" ? addDays(now, SUSPENSION_DAYS) : null,
      })
      .returning();
    if (step !== "warning") await applyStanding(tx, creator.id, now);
    await services.jobs.send(
      QUEUES.sendEmail,
      actionEmail(letterTo(services, creator, owner), { ...action!, appealBy: appealDeadline(now) }),
      tx,
    );
    return action!;
  });
}
