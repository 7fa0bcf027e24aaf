import { and, eq, lte } from "drizzle-orm";
import { creators } from "../db/schema.ts";
import { QUEUES } from "../jobs/queue.ts";
import { applyStanding } from "./apply-standing.ts";
import { letterTo, lockCreator } from "./creator-lock.ts";
import { suspensionEndedEmail } from "./enforcement-emails.ts";
import type { ModerationServices } from "./enforcement-rules.ts";

/**
 * Ends the suspensions whose 30 days are over (a pg-boss job every 15 minutes): the shop is active
 * again, the products its suspension hid are back on sale (products the platform hid for another
 * reason stay hidden), and the seller is told. Each shop's row is locked and its standing read
 * again, so running this on several servers at once, or beside an admin's action, changes each shop
 * once. Returns how many shops were reinstated.
 */
export async function liftEndedSuspensions(services: ModerationServices, now = new Date()): Promise<number> {
  const { db } = services;
  const due = await db
    .select({ id: creators.id })
    .from(creators)
    .where(and(eq(creators.standing, "suspended"), lte(creators.suspendedUntil, now)));
  let lifted = 0;
  for (const { id } of due) {
    const changed = await db.transaction(async (tx) => {
      const found = await lockCreator(tx, id);
      if (!found) return false;
      const { creator, owner } = found;
      if (creator.standing !== "suspended" || !creator.suspendedUntil || creator.suspendedUntil > now) return false;
      if ((await applyStanding(tx, id, now)) !== "active") return false;
      await services.jobs.send(QUEUES.sendEmail, suspensionEndedEmail(letterTo(services, creator, owner)), tx);
      return true;
    });
    if (changed) lifted++;
  }
  return lifted;
}
