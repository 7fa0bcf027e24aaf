// What a buyer types on the hosted payment page, read the same way in the browser (formatting as
// they type) and on the server (which checks the card again).

/** A card expiry: month 1-12 and the four-digit year. */
export interface Expiry {
  month: number;
  year: number;
}

// Month and year apart (12/30, 12 / 30, 12-30, 1/30, 12/2030), or run together (1230, 122030).
const SEPARATED = /^(\d{1,2})\s*[/\-.\s]\s*(\d{2}|20\d{2})$/;
const TOGETHER = /^(\d{2})(\d{2}|20\d{2})$/;

/** The expiry date in `text`, or null when it is not one. */
export function parseExpiry(text: string): Expiry | null {
  const trimmed = text.trim();
  const match = SEPARATED.exec(trimmed) ?? TOGETHER.exec(trimmed);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]!.length === 2 ? `20${match[2]}` : match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

const MAX_CARD_DIGITS = 19;

/** A card number as it is typed: its digits in groups of four. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * An expiry as it is typed: MM/YY, the slash put in once the year begins. A whole date typed or
 * pasted another way (12 / 2030, 1/30) becomes MM/YY at once.
 */
export function formatExpiry(text: string): string {
  const whole = parseExpiry(text);
  if (whole && /\D/.test(text.trim())) {
    return `${String(whole.month).padStart(2, "0")}/${String(whole.year % 100).padStart(2, "0")}`;
  }
  // A one-digit month the buyer ended with a separator (1/) is January, not the start of 1x.
  const digits = text
    .replace(/^\s*(\d)(?=\s*[/\-.\s])/, "0$1")
    .replace(/\D/g, "")
    .slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * Where the caret goes in `formatted` for one that stood after `digitsBefore` digits of what was
 * typed: after the same digit, so that typing, deleting and pasting in the middle keep their place.
 */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index]!) && ++seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}
