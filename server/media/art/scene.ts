import { pick, type Random } from "../../lib/random.ts";
import { mix, type Palette } from "./palettes.ts";
import { between, circle, rect } from "./svg.ts";

// What every picture is drawn with: its random numbers, palette and label, and the backdrop it stands on.

export interface Ctx {
  r: Random;
  p: Palette;
  id: string; // prefix for element ids, unique per (kind, seed) so inlined SVGs do not clash
  label: string | null;
}

function shadowFilter(c: Ctx, suffix = "s", dy = 18, blur = 22, opacity = 0.2): string {
  return `<filter id="${c.id}${suffix}" x="-25%" y="-25%" width="150%" height="160%"><feDropShadow dx="0" dy="${dy}" stdDeviation="${blur}" flood-color="${c.p.ink}" flood-opacity="${opacity}"/></filter>`;
}

/** Soft gradient backdrop with two large tinted circles. */
export function backdrop(c: Ctx, size = 800): string {
  const { r, p, id } = c;
  const tint = mix(p.bg, pick(r, p.accents), 0.22);
  let out = `<defs><linearGradient id="${id}b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg}"/><stop offset="1" stop-color="${tint}"/></linearGradient>${shadowFilter(c)}</defs>`;
  out += rect(0, 0, size, size, 0, `url(#${id}b)`);
  out += circle(
    size * between(r, 0.05, 0.3),
    size * between(r, 0.05, 0.25),
    size * between(r, 0.16, 0.26),
    mix(p.bg, p.accents[0]!, 0.14),
  );
  out += circle(
    size * between(r, 0.75, 0.98),
    size * between(r, 0.7, 0.95),
    size * between(r, 0.2, 0.32),
    mix(p.bg, p.accents[2]!, 0.18),
  );
  return out;
}

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
