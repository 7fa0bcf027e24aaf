import { XMLParser, XMLValidator } from "fast-xml-parser";
import { parseRate, rateText } from "../../shared/exchange-rate.ts";

// Reading the European Central Bank's daily reference rates file (eurofxref-daily.xml, or any file
// in its shape): a gesmes:Envelope whose Cube holds a Cube per day (time='YYYY-MM-DD'), each with a
// Cube per currency (currency='USD' rate='1.0705'), the rate being that currency's units per euro.
// A file that is not that, or not for a recent day, is refused with the reason: the rates the shop
// holds stay as they were (server/currencies/update-rates.ts).

/** Days after its reference day that a file, or the rates taken from one, still count as current. */
export const FEED_CURRENT_DAYS = 7;

/** The most a rates file may weigh: the ECB's is under 2 kB; anything near this is not one. */
export const FEED_MAX_BYTES = 256 * 1024;

interface EuroRates {
  /** The reference day the rates are for. */
  day: string;
  /** Units of each currency per euro, as exact decimals ("0.84638"); the euro itself is not in it. */
  rates: Map<string, string>;
}

/** Why a file was refused: `kind` malformed (worth fetching again later) or stale (it will stay so today). */
export class FeedRefused extends Error {
  override name = "FeedRefused";
  readonly kind: "malformed" | "stale";
  constructor(kind: "malformed" | "stale", message: string) {
    super(message);
    this.kind = kind;
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CODE = /^[A-Z]{3}$/;

const asList = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const attribute = (node: unknown, name: string): unknown =>
  node && typeof node === "object" ? (node as Record<string, unknown>)[name] : undefined;

/**
 * The rates of the file's latest day. Refused (FeedRefused): a file that is not well-formed XML,
 * not in the ECB's shape, with a rate that is not a positive decimal or a currency twice, without a
 * rate for one of `required` (the shop's currencies other than the euro), or for a day more than
 * FEED_CURRENT_DAYS before `now` or after it.
 */
export function parseEcbRates(xml: string, { required, now }: { required: readonly string[]; now: Date }): EuroRates {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) {
    throw new FeedRefused(
      "malformed",
      `is not well-formed XML: ${wellFormed.err.msg} (line ${wellFormed.err.line}, column ${wellFormed.err.col})`,
    );
  }
  const envelope = attribute(parser.parse(xml), "Envelope");
  const days = asList(attribute(attribute(envelope, "Cube"), "Cube")).filter(
    (cube) => typeof attribute(cube, "time") === "string",
  );
  if (!envelope || days.length === 0) {
    throw new FeedRefused(
      "malformed",
      "is not the ECB's reference rates file: no <Cube time='YYYY-MM-DD'> in an Envelope",
    );
  }
  const latest = days.reduce((best, cube) =>
    String(attribute(cube, "time")) > String(attribute(best, "time")) ? cube : best,
  );
  const day = String(attribute(latest, "time"));
  if (!isDay(day)) {
    throw new FeedRefused("malformed", `has a reference day that is not a date: ${JSON.stringify(day)}`);
  }
  const rates = new Map<string, string>();
  for (const cube of asList(attribute(latest, "Cube"))) {
    const currency = attribute(cube, "currency");
    const rate = attribute(cube, "rate");
    if (typeof currency !== "string" || !CODE.test(currency)) {
      throw new FeedRefused("malformed", `has a rate without a currency code: ${JSON.stringify(currency ?? null)}`);
    }
    if (typeof rate !== "string" || !parseRate(rate)) {
      throw new FeedRefused(
        "malformed",
        `has a rate for ${currency} that is not a positive decimal: ${JSON.stringify(rate ?? null)}`,
      );
    }
    if (rates.has(currency)) throw new FeedRefused("malformed", `has two rates for ${currency}`);
    rates.set(currency, rateText(rate));
  }
  const missing = required.filter((code) => code !== "EUR" && !rates.has(code));
  if (missing.length > 0) {
    throw new FeedRefused("malformed", `has no rate for ${missing.join(", ")} (of ${day})`);
  }
  const age = daysBetween(day, now);
  if (age < -1) throw new FeedRefused("malformed", `is for ${day}, a day still to come`);
  if (age > FEED_CURRENT_DAYS) {
    throw new FeedRefused("stale", `is for ${day}, ${age} days ago: more than ${FEED_CURRENT_DAYS} days old`);
  }
  return { day, rates };
}

/** Whether `text` is a real day written YYYY-MM-DD (not 2026-02-30). */
function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}

/** Whole days from `day` (YYYY-MM-DD) to the UTC day of `now`. */
export function daysBetween(day: string, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((today - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
}
