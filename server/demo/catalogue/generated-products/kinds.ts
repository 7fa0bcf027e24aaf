// The kinds of product the generator writes, and how often. Each category's artKind says which profile describes
// its products; avatars are art for creators, not a kind of product.
import type { Random } from "../../../lib/random.ts";
import type { ArtKind } from "../../../media/generated-art.ts";
import { course } from "./course.ts";
import { ebook } from "./ebook.ts";
import { planner } from "./planner.ts";
import { printable } from "./printable.ts";
import type { KindProfile } from "./profile.ts";
import { template } from "./template.ts";
import { wallArt } from "./wall-art.ts";

export type ProductKind = Exclude<ArtKind, "avatar">;

export const PROFILES: Record<ProductKind, KindProfile> = {
  planner,
  "wall-art": wallArt,
  template,
  course,
  ebook,
  printable,
};

// How often each kind appears, roughly as on a real marketplace.
const KIND_WEIGHTS: Record<ProductKind, number> = {
  planner: 22,
  "wall-art": 22,
  template: 20,
  course: 8,
  ebook: 10,
  printable: 18,
};

export const isProductKind = (kind: string): kind is ProductKind => kind in PROFILES;

/** Sum of the weights of these kinds, for pickKind. */
export const kindWeightTotal = (kinds: readonly ProductKind[]): number =>
  kinds.reduce((sum, kind) => sum + KIND_WEIGHTS[kind], 0);

/** One of the kinds, by weight; `total` is kindWeightTotal(kinds). */
export function pickKind(r: Random, kinds: readonly ProductKind[], total: number): ProductKind {
  let x = r() * total;
  for (const kind of kinds) {
    x -= KIND_WEIGHTS[kind];
    if (x < 0) return kind;
  }
  return kinds[kinds.length - 1]!;
}
