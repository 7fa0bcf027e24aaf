import { and, desc, eq, gt, lte } from "drizzle-orm";
import { formatDateTimeUtc } from "../../shared/format.ts";
import type { Queryable } from "../db/client.ts";
import { creators, payoutDestinationChanges, user } from "../db/schema.ts";
import { paragraphsEmail } from "../email/paragraphs-email.ts";
import { type JobQueue, QUEUES } from "../jobs/queue.ts";

// Where a seller's payouts go is what a thief with their password would change first
// (docs/decisions/056): every destination set or changed is kept here and emailed to the seller,
// and a change of one already set pauses the seller's payouts for the shop's pause
// (PAYOUT_ACCOUNT_CHANGE_PAUSE_HOURS, 48 by default), time to notice a change they did not make.
// The first destination pauses nothing: there was nowhere else the money could have gone.

/** What noting a change needs besides the database: the email's queue and words, and the pause. */
export interface DestinationChangeServices {
  jobs: JobQueue;
  shopName: string;
  publicUrl: string;
  pauseHours: number;
}

/**
 * Notes the seller's payout destination as it is now (in words the seller reads), inside the
 * caller's transaction: nothing when it is the one last noted; else a row, the seller's email, and
 * a pause when it replaced another. `previous` is the destination before the caller's change when
 * the caller knows it (a manual rail's settings saved before this history began).
 */
export async function notePayoutDestination(
  tx: Queryable,
  services: DestinationChangeServices,
  {
    creatorId,
    destination,
    previous: previousKnown,
    now = new Date(),
  }: { creatorId: number; destination: string; previous?: string | null; now?: Date },
): Promise<{ changed: boolean; pausedUntil: Date | null }> {
  // One change at a time per seller: two at once would each see the other's destination as new.
  const [seller] = await tx
    .select({ name: creators.name, email: user.email, ownerName: user.name })
    .from(creators)
    .leftJoin(user, eq(user.id, creators.userId))
    .where(eq(creators.id, creatorId))
    .for("update", { of: creators });
  if (!seller) return { changed: false, pausedUntil: null };
  const [last] = await tx
    .select({ destination: payoutDestinationChanges.destination })
    .from(payoutDestinationChanges)
    .where(eq(payoutDestinationChanges.creatorId, creatorId))
    .orderBy(desc(payoutDestinationChanges.changedAt), desc(payoutDestinationChanges.id))
    .limit(1);
  const previous = last?.destination ?? previousKnown ?? null;
  if (previous === destination) return { changed: false, pausedUntil: null };
  const pausedUntil = previous ? new Date(now.getTime() + services.pauseHours * 3600_000) : null;
  await tx.insert(payoutDestinationChanges).values({ creatorId, destination, previous, changedAt: now, pausedUntil });
  if (seller.email) {
    await services.jobs.send(
      QUEUES.sendEmail,
      destinationChangedEmail({
        to: seller.email,
        name: seller.ownerName ?? seller.name,
        shopName: seller.name,
        marketName: services.shopName,
        contactUrl: `${services.publicUrl}/contact`,
        earningsUrl: `${services.publicUrl}/seller/earnings`,
        destination,
        previous,
        pausedUntil,
      }),
      tx,
    );
  }
  return { changed: true, pausedUntil };
}

/** The pause in force on the seller's payouts at `now`: set by a change made by then, not yet over. */
export async function payoutPauseOf(
  db: Queryable,
  creatorId: number,
  now: Date,
): Promise<{ until: Date; changedAt: Date } | null> {
  const [pause] = await db
    .select({ until: payoutDestinationChanges.pausedUntil, changedAt: payoutDestinationChanges.changedAt })
    .from(payoutDestinationChanges)
    .where(
      and(
        eq(payoutDestinationChanges.creatorId, creatorId),
        lte(payoutDestinationChanges.changedAt, now),
        gt(payoutDestinationChanges.pausedUntil, now),
      ),
    )
    .orderBy(desc(payoutDestinationChanges.pausedUntil))
    .limit(1);
  return pause?.until ? { until: pause.until, changedAt: pause.changedAt } : null;
}

/** The seller's notice of a new payout destination (and of the pause it set). */
export function destinationChangedEmail(letter: {
  to: string;
  name: string;
  /** The seller's shop, and the marketplace's name. */
  shopName: string;
  marketName: string;
  contactUrl: string;
  earningsUrl: string;
  destination: string;
  previous: string | null;
  pausedUntil: Date | null;
}) {
  const { previous, pausedUntil } = letter;
  return paragraphsEmail(
    letter.to,
    previous
      ? `Your payout account on ${letter.marketName} was changed`
      : `A payout account was added to your shop on ${letter.marketName}`,
    [
      `Hi ${letter.name},`,
      previous
        ? `The payouts of your shop "${letter.shopName}" now go to ${letter.destination}, in place of ${previous}.`
        : `The payouts of your shop "${letter.shopName}" now go to ${letter.destination}.`,
      ...(pausedUntil
        ? [
            `To keep your money safe, your payouts are paused until ${formatDateTimeUtc(pausedUntil.toISOString())}. Nothing is lost: your balance is paid on the first payout day after that.`,
          ]
        : []),
      `If you did not make this change, change your password and contact us at once: ${letter.contactUrl}`,
      `Your earnings and payouts: ${letter.earningsUrl}`,
    ],
  );
}
