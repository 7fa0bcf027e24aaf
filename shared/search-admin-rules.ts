// What the admin Search page and the server both need to know: the report's periods and the
// bounds of synonym groups.

/** The periods the Search page reports on, in days. */
export const REPORT_RANGES = [7, 30] as const;
export type ReportDays = (typeof REPORT_RANGES)[number];

/** `?days=30` as 30; anything else is the last 7 days. */
export function parseReportDays(value: string | null): ReportDays {
  return REPORT_RANGES.find((days) => String(days) === value) ?? 7;
}

export const MAX_SYNONYM_GROUPS = 500;
export const GROUP_WORDS = { min: 2, max: 10 } as const;
/** The longest word of a synonym group. */
export const MAX_WORD_LENGTH = 40;
/** The longest text the form may send: ten words of 40 letters, with commas and spaces. */
export const MAX_GROUP_TEXT = 500;
