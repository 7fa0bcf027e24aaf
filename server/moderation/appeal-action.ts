import { and, eq } from "drizzle-orm";
import { appealMessage } from "../../shared/appeal-schema.ts";
import { appeals, creators, enforcementActions, user } from "../db/schema.ts";
import { QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { letterTo } from "./creator-lock.ts";
import { appealReceivedEmail } from "./enforcement-emails.ts";
import { APPEAL_WINDOW_DAYS, appealDeadline, formatDay, type ModerationServices } from "./enforcement-rules.ts";

export type Appeal = typeof appeals.$inferSelect;

const NOT_FOUND = "We could not find this action on your shop.";

/**
 * A seller's appeal of an action on their own shop, within 7 days of it, once per
 * action. Another shop's action answers as if it did not exist.
 */
export async function appealAction(
  services: ModerationServices,
  {
    creatorId,
    actionId,
    message,
    now = new Date(),
  }: { creatorId: number; actionId: number; message: string; now?: Date },
): Promise<Appeal> {
  const parsed = appealMessage.safeParse(message);
  if (!parsed.success) throw new Refusal(parsed.error.issues[0]!.message, "invalid");
  if (!Number.isSafeInteger(actionId)) throw new Refusal(NOT_FOUND, "not-found");
  const [found] = await services.db
    .select({ action: enforcementActions, creatorName: creators.name, ownerName: user.name, ownerEmail: user.email })
    .from(enforcementActions)
    .innerJoin(creators, eq(creators.id, enforcementActions.creatorId))
    .innerJoin(user, eq(user.id, creators.userId))
    .where(and(eq(enforcementActions.id, actionId), eq(enforcementActions.creatorId, creatorId)));
  if (!found) throw new Refusal(NOT_FOUND, "not-found");
  const { action } = found;
  if (action.revokedAt) throw new Refusal("This action has already been withdrawn.", "conflict");
  const deadline = appealDeadline(action.issuedAt);
  if (now > deadline) {
    throw new Refusal(
      `The ${APPEAL_WINDOW_DAYS} days to appeal this action ended on ${formatDay(deadline)}: it can no longer be appealed.`,
      "conflict",
    );
  }
  return services.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(appeals)
      .values({ actionId: action.id, message: parsed.data, createdAt: now })
      // One appeal per action (unique action_id): a second one, even at the same moment, is refused.
      .onConflictDoNothing()
      .returning();
    if (!created) throw new Refusal("You have already appealed this action.", "conflict");
    const letter = letterTo(services, { name: found.creatorName }, { name: found.ownerName, email: found.ownerEmail });
    await services.jobs.send(QUEUES.sendEmail, appealReceivedEmail(letter, action.step), tx);
    return created;
  });
}
