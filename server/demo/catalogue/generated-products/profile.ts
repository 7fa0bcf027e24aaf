// What every kind of generated product has to provide (a KindProfile), and the helpers the kind files share to
// write their word lists and sentences. One file per kind (planner.ts, wall-art.ts, ...) fills in a profile.
import { pick, type Random } from "../../../lib/random.ts";
import type { Format, Style } from "../sample-types.ts";

/** The product column that holds a kind's count: pages of a planner, prints in a set, minutes of a course. */
export type CountField = "pages" | "prints" | "templates" | "durationMinutes";

/** What a title decides about the rest of the product. */
interface Draft {
  title: string;
  subject: string; // lower-case noun phrase for sentences: "budget planner"
  tags: string[];
  format?: Format;
  count?: number; // fixed by the title ("Set of 3", "50 Canva ... Templates")
  tool?: string;
}

/** Facts about one product that description sentences and lists may mention. */
export interface Details {
  subject: string;
  style: string; // lower-case style adjective
  count: number;
  format: Format;
  tool: string;
}

/** A fixed sentence, or one written from the product's details. */
export type Line = string | ((r: Random, d: Details) => string);

export interface KindProfile {
  countField: CountField;
  countRange: readonly [number, number];
  priceDollars: readonly [number, number];
  formats: readonly Format[]; // repeated entries weigh more
  styles: readonly Style[];
  baseTags: readonly string[];
  title: (r: Random, style: Style, year: number) => Draft;
  openers: readonly Line[];
  middles: readonly Line[];
  closers: readonly Line[];
  features: readonly Line[];
  whatYouGet: (r: Random, d: Details) => string[];
  specialties: readonly string[];
  studioWords: readonly string[];
  bioLine: (name: string) => string;
}

export const STYLE_WORDS: Record<Style, readonly string[]> = {
  Minimalist: ["Minimalist", "Minimal", "Simple", "Clean"],
  Aesthetic: ["Aesthetic", "Dreamy", "Cozy"],
  Boho: ["Boho", "Bohemian", "Earthy"],
  Modern: ["Modern", "Contemporary", "Sleek"],
  Vintage: ["Vintage", "Retro", "Antique"],
  Colorful: ["Colorful", "Bright", "Vibrant"],
  Abstract: ["Abstract", "Organic"],
  Geometric: ["Geometric", "Bauhaus"],
  Typography: ["Typographic", "Lettered"],
};

/** Up to n different elements, in random order. */
export function pickSome<T>(r: Random, items: readonly T[], n: number): T[] {
  const pool = items.slice();
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(r() * pool.length), 1)[0]!);
  return out;
}

export const lower = (s: string) => s.toLowerCase();
export const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** A word list written as one string, "a|b|c", to keep long lists on one line. */
export const list = (words: string): string[] => words.split("|");

/** One of the lines, written out for this product. */
export const pickLine = (r: Random, lines: readonly Line[], d: Details): string => {
  const chosen = pick(r, lines);
  return typeof chosen === "string" ? chosen : chosen(r, d);
};

/** Topics with their tags, written "Name=tag one,tag two|Other Name=tag" (no tags: the lower-cased name). */
export const topics = (spec: string) =>
  list(spec).map((entry) => {
    const [name, tags] = entry.split("=") as [string, string | undefined];
    return { name, tags: tags ? tags.split(",") : [lower(name)] };
  });
