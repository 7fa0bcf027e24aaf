// One generated product: title, description, tags, counts, price, popularity and dates, composed from its kind's
// profile. Only the random source decides, so the same sequence of numbers always gives the same product.
import { intBetween, pick, type Random } from "../../../lib/random.ts";
import type { SampleProduct } from "../sample-types.ts";
import { PROFILES, type ProductKind } from "./kinds.ts";
import { type CountField, type Details, lower, pickLine, pickSome, STYLE_WORDS } from "./profile.ts";

const START = Date.UTC(2021, 0, 1);
const END = Date.UTC(2026, 10, 1); // fixed, so that a seed always gives the same dates
const DAY = 86_400_000;

/**
 * A product's columns, shaped like a sample product but without ids or slugs: the count sits
 * in its kind's count field, the other three are null.
 */
export interface GeneratedProduct
  extends Omit<SampleProduct, "id" | "creatorSlug" | "categorySlug" | "originalPriceCents" | CountField>,
    Record<CountField, number | null> {
  kind: ProductKind;
  originalPriceCents: number | null;
  updatedAt: string;
}

const cents = (dollars: number, r: Random) => dollars * 100 + (r() < 0.8 ? 99 : 49);

// The order of the calls to r below is part of the output: reordering them changes every product of every seed.
export function composeProduct(r: Random, kind: ProductKind, extraTags: readonly string[]): GeneratedProduct {
  const profile = PROFILES[kind];
  const created = START + Math.floor((END - START) * Math.sqrt(r())); // more recent products than old ones
  const createdDate = new Date(created);
  const year = createdDate.getUTCFullYear() + (createdDate.getUTCMonth() >= 8 ? 1 : 0);
  const styles = pickSome(r, [...new Set(profile.styles)], intBetween(r, 1, 3));
  // Weighted first style, so that each kind leans towards its typical looks.
  const lead = pick(r, profile.styles);
  if (!styles.includes(lead)) styles[0] = lead;
  const draft = profile.title(r, styles[0]!, year);
  const format = draft.format ?? pick(r, profile.formats);
  const count = draft.count ?? intBetween(r, profile.countRange[0], profile.countRange[1]);
  const details: Details = {
    subject: draft.subject,
    style: lower(pick(r, STYLE_WORDS[styles[0]!])),
    count,
    format,
    tool: draft.tool ?? (kind === "planner" ? "GoodNotes" : "Canva"),
  };

  const [lo, hi] = profile.priceDollars;
  const dollars = Math.round(lo + (hi - lo) * r() ** 1.6);
  const price = cents(Math.max(lo, dollars), r);
  const original = r() < 0.3 ? cents(Math.round((price / 100) * (1.3 + r() * 0.9)), r) : null;

  const age = Math.min(1, (END - created) / (365 * DAY));
  // A few products are too new to have reviews; popularity is long-tailed and grows with age.
  const reviews = r() < 0.06 ? 0 : 1 + Math.floor(r() ** 5 * 4000 * (0.15 + 0.85 * age));
  const rating = reviews === 0 ? 0 : Math.round(Math.min(5, Math.max(3.2, 4.95 - r() * r() * 1.6)) * 10) / 10;
  const downloads = reviews * intBetween(r, 5, 14) + intBetween(r, 0, 250);

  const tags = [...new Set([...profile.baseTags, ...draft.tags, lower(styles[0]!), ...extraTags])].slice(
    0,
    8 + extraTags.length,
  );
  const features = pickSome(r, profile.features, intBetween(r, 3, 5)).map((f) =>
    typeof f === "string" ? f : f(r, details),
  );
  const description = `${pickLine(r, profile.openers, details)} ${pickLine(r, profile.middles, details)} ${pickLine(r, profile.closers, details)}`;
  const whatYouGet = profile.whatYouGet(r, details);
  const updated = Math.min(END, created + intBetween(r, 0, 120) * DAY);
  const x = r();
  const imageCount = x < 0.25 ? 1 : x < 0.6 ? 2 : 3;

  return {
    kind,
    title: draft.title,
    priceCents: price,
    originalPriceCents: original !== null && original > price ? original : null,
    rating,
    reviewCount: reviews,
    downloads,
    isBestseller: reviews >= 1500 && rating >= 4.5,
    format,
    styles,
    tags,
    description,
    features,
    whatYouGet,
    pages: null,
    prints: null,
    templates: null,
    durationMinutes: null,
    [profile.countField]: count,
    createdAt: createdDate.toISOString(),
    updatedAt: new Date(updated).toISOString(),
    imageCount,
  };
}
