import { Refusal } from "../lib/refusal.ts";

// The periods of the tax reports (server/admin/tax-report.ts): quarters and months in UTC, as the
// admin's addresses name them ("2026-Q4", "2026-11").

const FIRST_YEAR = 2000;
export const DAY_MS = 86_400_000;

/** A quarter or a month, in UTC. */
export interface TaxPeriod {
  /** "2026-Q4" or "2026-11". */
  name: string;
  /** Its first instant, and the first instant after it. */
  from: Date;
  to: Date;
  /** Its last day, YYYY-MM-DD: the day whose exchange rate an OSS return uses (Art. 369h, 366). */
  lastDay: string;
}

export const dayOf = (time: Date) => time.toISOString().slice(0, 10);

function periodOf(name: string, year: number, firstMonth: number, months: number): TaxPeriod {
  const from = new Date(Date.UTC(year, firstMonth, 1));
  const to = new Date(Date.UTC(year, firstMonth + months, 1));
  return { name, from, to, lastDay: dayOf(new Date(to.getTime() - DAY_MS)) };
}

/** The quarter written "2026-Q4"; anything else is refused (400), saying how to write one. */
export function quarterPeriod(text: string | null | undefined): TaxPeriod {
  const match = /^(\d{4})-Q([1-4])$/.exec(text ?? "");
  if (!match || Number(match[1]) < FIRST_YEAR) {
    throw new Refusal("Choose a quarter written YYYY-Qn, such as 2026-Q4 (October to December 2026).", "invalid");
  }
  const quarter = Number(match[2]);
  return periodOf(`${match[1]}-Q${quarter}`, Number(match[1]), (quarter - 1) * 3, 3);
}

/** The month written "2026-11"; anything else is refused (400), saying how to write one. */
export function monthPeriod(text: string | null | undefined): TaxPeriod {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text ?? "");
  if (!match || Number(match[1]) < FIRST_YEAR) {
    throw new Refusal("Choose a month written YYYY-MM, such as 2026-11 (November 2026).", "invalid");
  }
  return periodOf(`${match[1]}-${match[2]}`, Number(match[1]), Number(match[2]) - 1, 1);
}

/** "2026-08" -> "2026-Q3". */
export const quarterOfMonth = (month: string) => `${month.slice(0, 4)}-Q${Math.ceil(Number(month.slice(5, 7)) / 3)}`;

/** The last day of the month after a period (YYYY-MM-DD): when an OSS return is due (Art. 369f, 364). */
export function returnDueOn(period: TaxPeriod): string {
  return dayOf(new Date(Date.UTC(period.to.getUTCFullYear(), period.to.getUTCMonth() + 1, 0)));
}
