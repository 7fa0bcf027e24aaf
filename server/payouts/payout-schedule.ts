// When payouts happen: weekly on Friday, funds available 2-3 business days later.

const DAY = 24 * 3600_000;
const PAYOUT_WEEKDAY = 5; // Friday, in UTC
const PAYOUT_HOUR_UTC = 9;
/** pg-boss cron: every Friday at 09:00 UTC. */
export const PAYOUT_CRON = `0 ${PAYOUT_HOUR_UTC} * * 5`;
const FUNDS_AVAILABLE_BUSINESS_DAYS = 3;

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The payout week's Friday (YYYY-MM-DD) when `now` is a Friday in UTC, else null. */
export function payoutFriday(now: Date): string | null {
  return now.getUTCDay() === PAYOUT_WEEKDAY ? isoDate(now.getTime()) : null;
}

/**
 * The Friday (YYYY-MM-DD) of the next run that can still take a payout: today when it is Friday
 * before the scheduled hour, else the coming Friday.
 */
export function nextPayoutFriday(now: Date): string {
  const daysUntil = (PAYOUT_WEEKDAY - now.getUTCDay() + 7) % 7;
  const today = daysUntil === 0 && now.getUTCHours() < PAYOUT_HOUR_UTC;
  return isoDate(now.getTime() + (daysUntil === 0 && !today ? 7 : daysUntil) * DAY);
}

/** The date funds reach the seller: the last of the 2-3 business days after the payout. */
export function fundsAvailableOn(friday: string): string {
  let time = Date.parse(`${friday}T12:00:00Z`);
  for (let added = 0; added < FUNDS_AVAILABLE_BUSINESS_DAYS; ) {
    time += DAY;
    const weekday = new Date(time).getUTCDay();
    if (weekday !== 0 && weekday !== 6) added++;
  }
  return isoDate(time);
}

/** The most recent payout Friday (YYYY-MM-DD): today when it is Friday in UTC. */
export function latestPayoutFriday(now: Date): string {
  const daysSince = (now.getUTCDay() - PAYOUT_WEEKDAY + 7) % 7;
  return isoDate(now.getTime() - daysSince * DAY);
}

/** When the run of a payout Friday (YYYY-MM-DD) takes place: that day at the scheduled hour. */
export function payoutRunAt(friday: string): Date {
  return new Date(`${friday}T${String(PAYOUT_HOUR_UTC).padStart(2, "0")}:00:00Z`);
}

/**
 * The moment a payout run for `friday` (YYYY-MM-DD, default the latest Friday) takes place: that
 * Friday at the scheduled hour. A run missed while the shop was down is made up this way; a day
 * that is not a Friday, or one still to come, is refused with the reason.
 */
export function payoutRunTime(friday: string | undefined, now: Date): Date {
  const day = friday ?? latestPayoutFriday(now);
  const time = /^\d{4}-\d{2}-\d{2}$/.test(day) ? payoutRunAt(day) : new Date(Number.NaN);
  if (Number.isNaN(time.getTime()) || isoDate(time.getTime()) !== day) {
    throw new RangeError(`"${day}" is not a date: write it as YYYY-MM-DD.`);
  }
  if (time.getUTCDay() !== PAYOUT_WEEKDAY) throw new RangeError(`${day} is not a Friday: payouts run on Fridays.`);
  if (day > isoDate(now.getTime())) throw new RangeError(`${day} has not come yet.`);
  return time;
}
