// Locally generated cover art: every product thumbnail and avatar is a small, self-contained SVG drawn from
// (kind, seed). The shop never depends on a third-party image host, and the same name always yields the same bytes,
// so the files can be cached forever. Served at /media/generated/<kind>-<seed>.svg (see artUrl / parseArtName).
// Each kind is drawn by its own module in art/, from the palettes, building blocks and backdrop there.
import { seededRandom } from "../lib/random.ts";
import { renderAvatar } from "./art/avatar.ts";
import { renderCourse } from "./art/course.ts";
import { renderEbook } from "./art/ebook.ts";
import { PALETTES } from "./art/palettes.ts";
import { renderPlanner } from "./art/planner.ts";
import { renderPrintable } from "./art/printable.ts";
import type { Ctx } from "./art/scene.ts";
import { cleanLabel, escapeXml } from "./art/svg.ts";
import { renderTemplate } from "./art/template.ts";
import { renderWallArt } from "./art/wall-art.ts";

/** The looks the generator draws: a cover for each category's products (categories.art_kind), and avatars. */
export const ART_KINDS = ["planner", "wall-art", "template", "course", "ebook", "printable", "avatar"] as const;
export type ArtKind = (typeof ART_KINDS)[number];

const MAX_SEED = 2 ** 31; // seeds are integers in [0, 2^31)

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const RENDERERS: Record<ArtKind, (c: Ctx) => string> = {
  planner: renderPlanner,
  "wall-art": renderWallArt,
  template: renderTemplate,
  course: renderCourse,
  ebook: renderEbook,
  printable: renderPrintable,
  avatar: renderAvatar,
};

function isArtKind(value: string): value is ArtKind {
  return (ART_KINDS as readonly string[]).includes(value);
}

function assertArgs(kind: string, seed: number): void {
  if (!isArtKind(kind)) throw new TypeError(`Unknown art kind: ${String(kind)}`);
  if (!Number.isInteger(seed) || seed < 0 || seed >= MAX_SEED)
    throw new RangeError(`Art seed must be an integer in [0, 2^31): ${seed}`);
}

/**
 * Draws a complete, self-contained SVG document for (kind, seed[, label]). Deterministic: the same arguments always
 * give the same string. Products are 800x800, avatars 256x256. Throws for an unknown kind or a seed outside [0, 2^31).
 */
export function renderArt(kind: ArtKind, seed: number, options?: { label?: string }): string {
  assertArgs(kind, seed);
  const kindIndex = ART_KINDS.indexOf(kind);
  const p = PALETTES[(seed + kindIndex * 5) % PALETTES.length]!;
  const r = seededRandom(hashString(kind) ^ Math.imul(seed + 1, 0x9e3779b1));
  const label = kind === "avatar" ? null : cleanLabel(options?.label);
  const c: Ctx = { r, p, id: `ga${kindIndex}-${seed.toString(36)}-`, label };
  const size = kind === "avatar" ? 256 : 800;
  const title = label ? `<title>${escapeXml(label)}</title>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img">${title}${RENDERERS[kind](c)}</svg>`;
}

const NAME_PATTERN = /^([a-z]+(?:-[a-z]+)*)-(0|[1-9][0-9]{0,9})\.svg$/;

/** Parses "planner-17.svg" style names; anything that artUrl could not have produced gives null. */
export function parseArtName(name: string): { kind: ArtKind; seed: number } | null {
  if (typeof name !== "string" || name.length > 64) return null;
  const match = NAME_PATTERN.exec(name);
  if (!match) return null;
  const kind = match[1]!;
  const seed = Number(match[2]);
  if (!isArtKind(kind) || seed >= MAX_SEED) return null;
  return { kind, seed };
}

/** Public URL of a generated image. Throws for an unknown kind or a seed outside [0, 2^31). */
export function artUrl(kind: ArtKind, seed: number): string {
  assertArgs(kind, seed);
  return `/media/generated/${kind}-${seed}.svg`;
}
