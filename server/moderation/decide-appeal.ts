import { eq } from "drizzle-orm";
import { denialNote } from "../../shared/moderation-note-schema.ts";
import { appeals, enforcementActions } from "../db/schema.ts";
import { QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { applyStanding, type Standing } from "./apply-standing.ts";
import { letterTo, lockCreator } from "./creator-lock.ts";
import { appealDeniedEmail, appealUpheldEmail } from "./enforcement-emails.ts";
import type { ModerationServices } from "./enforcement-rules.ts";

export type AppealDecision = { uphold: boolean; note?: string | null };

/**
 * An admin's decision on a pending appeal (the appeal row is locked: it is decided once). Upheld,
 * the action is revoked and its effects undone: the shop's standing becomes what its remaining
 * actions imply and the products the action hid come back. Denied, the action stands and the note
 * says why. The seller is emailed either way. Returns the shop's standing afterwards.
 */
export async function decideAppeal(
  services: ModerationServices,
  {
    adminId,
    appealId,
    decision,
    now = new Date(),
  }: { adminId: string; appealId: number; decision: AppealDecision; now?: Date },
): Promise<{ standing: Standing }> {
  let note = decision.note?.trim() || null;
  if (!decision.uphold) {
    const parsed = denialNote.safeParse(note ?? "");
    if (!parsed.success) throw new Refusal(parsed.error.issues[0]!.message, "invalid");
    note = parsed.data;
  }
  return services.db.transaction(async (tx) => {
    const [appeal] = Number.isSafeInteger(appealId)
      ? await tx.select().from(appeals).where(eq(appeals.id, appealId)).for("update")
      : [];
    if (!appeal) throw new Refusal("There is no such appeal.", "not-found");
    if (appeal.status !== "pending") throw new Refusal("This appeal has already been decided.", "conflict");
    const [action] = await tx.select().from(enforcementActions).where(eq(enforcementActions.id, appeal.actionId));
    const found = await lockCreator(tx, action!.creatorId);
    if (!found) throw new Refusal("The shop of this appeal no longer has an owner.", "conflict");
    await tx
      .update(appeals)
      .set({ status: decision.uphold ? "upheld" : "denied", decisionNote: note, decidedBy: adminId, decidedAt: now })
      .where(eq(appeals.id, appeal.id));
    const letter = letterTo(services, found.creator, found.owner);
    if (!decision.uphold) {
      await services.jobs.send(QUEUES.sendEmail, appealDeniedEmail(letter, action!.step, note!), tx);
      return { standing: found.creator.standing };
    }
    await tx.update(enforcementActions).set({ revokedAt: now }).where(eq(enforcementActions.id, action!.id));
    const standing = await applyStanding(tx, found.creator.id, now);
    await services.jobs.send(QUEUES.sendEmail, appealUpheldEmail(letter, action!.step, note), tx);
    return { standing };
  });
}
