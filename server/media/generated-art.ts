// Locally generated cover art: every product thumbnail and avatar is a small, self-contained SVG drawn from
// (kind, seed). The shop never depends on a third-party image host, and the same name always yields the same bytes,
// so the files can be cached forever. Served at /media/generated/<kind>-<seed>.svg (see artUrl / parseArtName).
import { intBetween, pick, type Random, seededRandom } from "../lib/random.ts";

/** The looks the generator draws: a cover for each category's products (categories.art_kind), and avatars. */
export const ART_KINDS = ["planner", "wall-art", "template", "course", "ebook", "printable", "avatar"] as const;
export type ArtKind = (typeof ART_KINDS)[number];

const MAX_SEED = 2 ** 31; // seeds are integers in [0, 2^31)
const FONT = "Inter, system-ui, sans-serif";
const LABEL_MAX_CHARS = 28;
const WHITE = "#ffffff";

// ---------------------------------------------------------------------------------------------------------------
// Palettes: [background, ink, accent x4]. Accents are ordered loosely from boldest to softest.

interface Palette {
  bg: string;
  ink: string;
  paper: string;
  accents: readonly string[];
  strong: readonly string[]; // accents dark enough to carry white text/icons
}

const PALETTE_SOURCE: readonly (readonly [string, string, string, string, string, string])[] = [
  ["#f4ece4", "#2f2a28", "#d9825b", "#3d5a80", "#7a9e7e", "#e9b872"], // terracotta
  ["#eef1ea", "#26322b", "#55705f", "#8da47e", "#e3b587", "#c9d6b8"], // sage
  ["#e8f1f5", "#14213d", "#2a6f97", "#f4a261", "#61a5c2", "#a9d6e5"], // ocean
  ["#f9ecec", "#3b2c35", "#b5838d", "#6d6875", "#e5989b", "#ffcdb2"], // blush
  ["#fff1e6", "#2b2d42", "#ef476f", "#118ab2", "#f78c6b", "#ffd166"], // sunset pop
  ["#f1eef8", "#2e2a47", "#5b4b8a", "#9d8df1", "#f2a7c3", "#c3b8f5"], // lavender
  ["#edf0e6", "#1f2d24", "#2d6a4f", "#40916c", "#d4a373", "#95d5b2"], // forest
  ["#f2f2f0", "#1c1c1c", "#e85d3f", "#1c1c1c", "#8a8a8a", "#d6d3cc"], // mono + vermilion
  ["#fdf8e4", "#283618", "#e76f51", "#588157", "#f4a300", "#f6d04d"], // citrus
  ["#f6eef3", "#2d1b2e", "#9b2c5b", "#4a3a6b", "#e86a92", "#f7c8d4"], // berry
  ["#f5efe1", "#22333b", "#e07a5f", "#3d405b", "#81b29a", "#f2cc8f"], // mid-century
  ["#eef2f3", "#1e2a32", "#c06c54", "#5c7c8a", "#a3c4bc", "#e8c07d"], // nordic
];

const PALETTES: readonly Palette[] = PALETTE_SOURCE.map(([bg, ink, ...accents]) => ({
  bg,
  ink,
  paper: mix(bg, WHITE, 0.8),
  accents,
  strong: accents.filter((a) => luminance(a) < 0.62), // at least two per palette
}));

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const between = (r: Random, lo: number, hi: number): number => lo + (hi - lo) * r();

function shuffle<T>(r: Random, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Compact number formatting (one decimal at most) keeps the documents small. */
const f = (v: number): string => String(Math.round(v * 10) / 10);

function rgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return `#${x
    .map((c, i) =>
      Math.round(c + (y[i]! - c) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Ink or white, whichever reads better on the given fill. */
const onColor = (fill: string, p: Palette): string => (luminance(fill) > 0.6 ? p.ink : WHITE);

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Label cleanup: drop characters XML cannot hold, collapse whitespace, cut to 28 characters with an ellipsis. */
function cleanLabel(label: string | undefined): string | null {
  if (typeof label !== "string") return null;
  const chars = Array.from(
    label
      .replace(/[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\uFFFE\uFFFF]/gu, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
  if (chars.length === 0) return null;
  if (chars.length <= LABEL_MAX_CHARS) return chars.join("");
  return `${chars
    .slice(0, LABEL_MAX_CHARS - 1)
    .join("")
    .trimEnd()}…`;
}

/** Rough advance width of a string in em, good enough to keep a title inside its box. */
function emWidth(s: string): number {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 0x2e80) w += 1.05;
    else if (" ilj.,:;'!|".includes(ch)) w += 0.34;
    else if ("MW@%mw".includes(ch)) w += 1;
    else if (/[A-Z0-9&#]/.test(ch)) w += 0.78;
    else w += 0.64;
  }
  return w;
}

const fitSize = (s: string, maxWidth: number, base: number): number =>
  Math.max(12, Math.min(base, maxWidth / Math.max(emWidth(s), 1)));

interface TextStyle {
  size: number;
  fill: string;
  anchor?: "middle" | "end";
  weight?: number;
  spacing?: number;
  opacity?: number;
}

function text(s: string, x: number, y: number, st: TextStyle): string {
  const extra =
    (st.anchor ? ` text-anchor="${st.anchor}"` : "") +
    (st.spacing ? ` letter-spacing="${st.spacing}"` : "") +
    (st.opacity !== undefined ? ` opacity="${st.opacity}"` : "");
  return `<text x="${f(x)}" y="${f(y)}" font-family="${FONT}" font-size="${f(st.size)}" font-weight="${st.weight ?? 700}" fill="${st.fill}"${extra}>${escapeXml(s)}</text>`;
}

function rect(x: number, y: number, w: number, h: number, rx: number, fill: string, extra = ""): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"${rx ? ` rx="${f(rx)}"` : ""} fill="${fill}"${extra}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra}/>`;
}

/** Placeholder "text" line. */
const bar = (x: number, y: number, w: number, h: number, fill: string, opacity = 1): string =>
  rect(x, y, w, h, h / 2, fill, opacity < 1 ? ` opacity="${opacity}"` : "");

/** Smooth closed (or open) curve through points, Catmull-Rom converted to cubic Béziers. */
function smoothPath(pts: readonly (readonly [number, number])[], closed: boolean): string {
  const n = pts.length;
  const at = (i: number) => pts[closed ? (i + n) % n : Math.max(0, Math.min(n - 1, i))]!;
  let d = `M${f(at(0)[0])} ${f(at(0)[1])}`;
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    d += `C${f(p1[0] + (p2[0] - p0[0]) / 6)} ${f(p1[1] + (p2[1] - p0[1]) / 6)} ${f(p2[0] - (p3[0] - p1[0]) / 6)} ${f(
      p2[1] - (p3[1] - p1[1]) / 6,
    )} ${f(p2[0])} ${f(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

function blobPath(r: Random, cx: number, cy: number, radius: number): string {
  const count = intBetween(r, 6, 8);
  const pts: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const a = ((i + between(r, -0.2, 0.2)) / count) * Math.PI * 2;
    const rr = radius * between(r, 0.75, 1.15);
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  return smoothPath(pts, true);
}

/** Wrap words into at most `maxLines` lines of roughly `perLine` characters. */
function wrap(s: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of s.split(" ")) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last.length + 1 + word.length <= perLine || lines.length >= maxLines)) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else lines.push(word);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------
// Shared scenery

interface Ctx {
  r: Random;
  p: Palette;
  id: string; // prefix for element ids, unique per (kind, seed) so inlined SVGs do not clash
  label: string | null;
}

function shadowFilter(c: Ctx, suffix = "s", dy = 18, blur = 22, opacity = 0.2): string {
  return `<filter id="${c.id}${suffix}" x="-25%" y="-25%" width="150%" height="160%"><feDropShadow dx="0" dy="${dy}" stdDeviation="${blur}" flood-color="${c.p.ink}" flood-opacity="${opacity}"/></filter>`;
}

/** Soft gradient backdrop with two large tinted circles. */
function backdrop(c: Ctx, size = 800): string {
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

const MONTHS = [
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

// ---------------------------------------------------------------------------------------------------------------
// Planner: tablet mockup with a monthly calendar or weekly spread, tabs on the right edge, stylus.

function renderPlanner(c: Ctx): string {
  const { r, p, id } = c;
  const main = pick(r, p.strong);
  const device = r() < 0.65 ? p.ink : "#dcdde1";
  const [X, Y, W, H] = [150, 92, 500, 616];
  const [sx, sy, sw, sh] = [X + 18, Y + 18, W - 36, H - 36];
  let o = backdrop(c);
  o += `<defs><clipPath id="${id}c">${rect(sx, sy, sw, sh, 22, "#000")}</clipPath></defs>`;
  // Stylus, then the device on top of the backdrop.
  o += `<g transform="rotate(9 706 430)">${rect(698, 250, 16, 350, 8, mix(device, WHITE, 0.25), ` filter="url(#${id}s)"`)}${rect(698, 250, 16, 26, 8, main)}<path d="M698 594L706 624L714 594Z" fill="${mix(device, WHITE, 0.25)}"/></g>`;
  o += rect(X, Y, W, H, 44, device, ` filter="url(#${id}s)"`);
  o += `<g clip-path="url(#${id}c)">${rect(sx, sy, sw, sh, 0, p.paper)}`;
  const tabCount = intBetween(r, 4, 6);
  const tabColors = shuffle(r, p.accents);
  for (let i = 0; i < tabCount; i++) o += rect(sx + sw - 32, sy + 44 + i * 74, 60, 64, 10, tabColors[i % 4]!);
  o += "</g>";

  const [px, py, pw] = [sx + 30, sy + 34, sw - 32 - 30 - 26];
  const bottom = sy + sh - 34;
  const month = pick(r, MONTHS);
  if (c.label) {
    o += text(c.label, px, py + 28, { size: fitSize(c.label, pw - 64, 30), fill: p.ink, weight: 800 });
    o += text(month.toUpperCase(), px, py + 54, { size: 13, fill: main, spacing: 2 });
  } else {
    o += text(month, px, py + 30, { size: 32, fill: p.ink, weight: 800 });
    o += bar(px, py + 46, 120, 8, p.ink, 0.2);
  }
  o += circle(px + pw - 20, py + 18, 20, main) + circle(px + pw - 20, py + 18, 7, WHITE);
  const top = py + 78;
  const soft = mix(p.paper, p.ink, 0.12);

  if (r() < 0.55) {
    // Monthly grid
    const cw = pw / 7;
    const gy = top + 22;
    const rh = (bottom - gy) / 5;
    o += `<g font-family="${FONT}" font-size="12" font-weight="700" fill="${p.ink}" text-anchor="middle" opacity=".45">`;
    for (const [i, d] of ["M", "T", "W", "T", "F", "S", "S"].entries())
      o += `<text x="${f(px + cw * i + cw / 2)}" y="${f(top + 8)}">${d}</text>`;
    o += "</g>";
    let lines = "";
    for (let i = 0; i <= 5; i++) lines += `M${f(px)} ${f(gy + rh * i)}H${f(px + pw)}`;
    for (let i = 1; i < 7; i++) lines += `M${f(px + cw * i)} ${f(gy)}V${f(gy + rh * 5)}`;
    o += `<path d="${lines}" stroke="${soft}" stroke-width="1.5" fill="none"/>`;
    const start = intBetween(r, 0, 4);
    const days = pick(r, [30, 31]);
    const today = intBetween(r, 3, 26);
    const events = new Map<number, string>();
    for (let i = intBetween(r, 4, 7); i > 0; i--) events.set(intBetween(r, 1, days), pick(r, p.accents));
    let nums = "";
    for (let d = 1; d <= days && start + d - 1 < 35; d++) {
      const cx = px + cw * ((start + d - 1) % 7);
      const cy = gy + rh * Math.floor((start + d - 1) / 7);
      const ev = events.get(d);
      if (ev) o += bar(cx + 5, cy + rh - 22, cw - 10, 13, ev, 0.85);
      if (d === today) o += circle(cx + 16, cy + 17, 12, main);
      nums += `<text x="${f(cx + 16)}" y="${f(cy + 21)}"${d === today ? ` fill="${WHITE}"` : ""}>${d}</text>`;
    }
    o += `<g font-family="${FONT}" font-size="11" font-weight="600" fill="${p.ink}" text-anchor="middle">${nums}</g>`;
  } else {
    // Weekly spread: seven days and a notes box
    const gap = 14;
    const bw = (pw - gap) / 2;
    const bh = (bottom - top - gap * 3) / 4;
    const names = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN", "NOTES"];
    const box = mix(p.paper, p.bg, 0.9);
    for (const [i, name] of names.entries()) {
      const bx = px + (i % 2) * (bw + gap);
      const by = top + Math.floor(i / 2) * (bh + gap);
      o += rect(bx, by, bw, bh, 12, box);
      o += text(name, bx + 14, by + 24, { size: 11, fill: i === 7 ? p.ink : main, spacing: 1.5 });
      if (i < 7 && r() < 0.7) o += bar(bx + 14, by + 36, between(r, 60, bw - 40), 14, pick(r, p.accents), 0.8);
      let rule = "";
      for (let l = by + 64; l < by + bh - 8; l += 20) rule += `M${f(bx + 14)} ${f(l)}H${f(bx + bw - 14)}`;
      o += `<path d="${rule}" stroke="${soft}" stroke-width="1.5"/>`;
    }
  }
  return o;
}

// ---------------------------------------------------------------------------------------------------------------
// Wall art: a framed abstract print hanging above a sideboard with a vase.

type Composition = (c: Ctx, x: number, y: number, w: number, h: number) => string;

const compositions: readonly Composition[] = [
  // Overlapping circles
  (c, x, y, w, h) => {
    const { r, p } = c;
    const cols = shuffle(r, p.accents);
    let o = rect(x, y, w, h, 0, mix(p.paper, cols[3]!, 0.2));
    for (let i = 0; i < intBetween(r, 3, 4); i++) {
      o += circle(
        x + w * between(r, 0.25, 0.75),
        y + h * between(r, 0.2, 0.8),
        w * between(r, 0.17, 0.34),
        cols[i % 3]!,
        ' style="mix-blend-mode:multiply" opacity=".9"',
      );
    }
    const ly = y + h * between(r, 0.3, 0.8);
    return `${o}<path d="M${f(x + w * 0.12)} ${f(ly)}H${f(x + w * 0.88)}" stroke="${p.ink}" stroke-width="2.5"/>`;
  },
  // Boho rainbow arches with a sun
  (c, x, y, w, h) => {
    const { r, p } = c;
    const cols = shuffle(r, p.accents);
    const base = mix(p.paper, p.bg, 0.7);
    let o = rect(x, y, w, h, 0, base);
    o += circle(x + w * pick(r, [0.22, 0.78]), y + h * 0.2, w * 0.1, cols[0]!);
    const cx = x + w / 2;
    const cy = y + h * 0.6;
    const bands = intBetween(r, 4, 6);
    const outer = w * 0.42;
    for (let i = 0; i < bands; i++) {
      const R = outer * (1 - i / (bands + 1));
      o += `<path d="M${f(cx - R)} ${f(y + h)}V${f(cy)}A${f(R)} ${f(R)} 0 0 1 ${f(cx + R)} ${f(cy)}V${f(y + h)}Z" fill="${cols[(i + 1) % 4]!}"/>`;
    }
    const R = outer / (bands + 1);
    return `${o}<path d="M${f(cx - R)} ${f(y + h)}V${f(cy)}A${f(R)} ${f(R)} 0 0 1 ${f(cx + R)} ${f(cy)}V${f(y + h)}Z" fill="${base}"/>`;
  },
  // Organic blobs with a dot pattern
  (c, x, y, w, h) => {
    const { r, p, id } = c;
    const cols = shuffle(r, p.accents);
    let o = `<defs><pattern id="${id}d" width="16" height="16" patternUnits="userSpaceOnUse">${circle(4, 4, 2, p.ink)}</pattern></defs>`;
    o += rect(x, y, w, h, 0, mix(p.paper, cols[3]!, 0.15));
    o += `<path d="${blobPath(r, x + w * 0.4, y + h * 0.4, w * 0.34)}" fill="${cols[0]}"/>`;
    o += rect(
      x + w * between(r, 0.45, 0.6),
      y + h * between(r, 0.05, 0.2),
      w * 0.32,
      h * 0.25,
      0,
      `url(#${id}d)`,
      ' opacity=".5"',
    );
    o += `<path d="${blobPath(r, x + w * 0.62, y + h * 0.68, w * 0.26)}" fill="${cols[1]}" opacity=".92"/>`;
    o += `<path d="${blobPath(r, x + w * between(r, 0.2, 0.35), y + h * 0.78, w * 0.12)}" fill="${cols[2]}"/>`;
    return o;
  },
  // Layered hills under a sun
  (c, x, y, w, h) => {
    const { r, p } = c;
    const cols = shuffle(r, p.accents);
    let o = rect(x, y, w, h, 0, mix(p.paper, cols[3]!, 0.25));
    o += circle(x + w * between(r, 0.3, 0.7), y + h * between(r, 0.25, 0.38), w * between(r, 0.13, 0.2), cols[0]!);
    for (let layer = 0; layer < 3; layer++) {
      const base = y + h * (0.5 + layer * 0.14);
      const pts: [number, number][] = [];
      for (let i = 0; i <= 5; i++) pts.push([x - 10 + ((w + 20) * i) / 5, base + between(r, -h * 0.07, h * 0.07)]);
      o += `<path d="${smoothPath(pts, false)}V${f(y + h)}H${f(x - 10)}Z" fill="${layer === 2 ? p.ink : cols[layer + 1]!}"${layer === 2 ? ' opacity=".85"' : ""}/>`;
    }
    return o;
  },
  // Bauhaus tiles
  (c, x, y, w, h) => {
    const { r, p } = c;
    const colors = [...p.accents, p.ink, mix(p.paper, p.bg, 0.5)];
    const cols = 3;
    const rows = 4;
    const s = Math.min(w / cols, h / rows);
    const ox = x + (w - s * cols) / 2;
    const oy = y + (h - s * rows) / 2;
    let o = rect(x, y, w, h, 0, mix(p.paper, p.bg, 0.5));
    for (let i = 0; i < cols * rows; i++) {
      const tx = ox + (i % cols) * s;
      const ty = oy + Math.floor(i / cols) * s;
      const [bgc, fg] = shuffle(r, colors);
      const spin = ` transform="rotate(${90 * intBetween(r, 0, 3)} ${f(tx + s / 2)} ${f(ty + s / 2)})"`;
      o += rect(tx, ty, s, s, 0, bgc!);
      const shape = intBetween(r, 0, 4);
      if (shape === 0)
        o += `<path d="M${f(tx)} ${f(ty)}H${f(tx + s)}A${f(s)} ${f(s)} 0 0 1 ${f(tx)} ${f(ty + s)}Z" fill="${fg}"${spin}/>`;
      else if (shape === 1)
        o += `<path d="M${f(tx)} ${f(ty + s)}A${f(s / 2)} ${f(s / 2)} 0 0 1 ${f(tx + s)} ${f(ty + s)}Z" fill="${fg}"${spin}/>`;
      else if (shape === 2) o += circle(tx + s / 2, ty + s / 2, s * 0.32, fg!);
      else if (shape === 3) o += `<path d="M${f(tx)} ${f(ty)}H${f(tx + s)}V${f(ty + s)}Z" fill="${fg}"${spin}/>`;
    }
    return o;
  },
];

function renderWallArt(c: Ctx): string {
  const { r, p, id } = c;
  const frame = pick(r, [p.ink, "#b48a62", "#f7f5f0", "#2b2b2b"]);
  const [fw, fh] = [400, 516];
  const [fx, fy] = [200, 86];
  const border = 14;
  const mat = 34;
  const matBottom = 64;
  let o = backdrop(c);
  // Sideboard and vase
  const wood = mix("#a9825f", p.bg, 0.15);
  o += rect(110, 690, 580, 20, 4, wood) + rect(130, 710, 540, 90, 0, mix(wood, p.ink, 0.15));
  o += `<path d="M400 722V800" stroke="${mix(wood, p.ink, 0.35)}" stroke-width="2"/>`;
  // Frame, mat and the print itself
  o += rect(fx, fy, fw, fh, 3, frame, ` filter="url(#${id}s)"`);
  o += rect(fx + border, fy + border, fw - border * 2, fh - border * 2, 0, "#fbfaf7");
  const [ax, ay] = [fx + border + mat, fy + border + mat];
  const [aw, ah] = [fw - 2 * (border + mat), fh - 2 * border - mat - matBottom];
  o += `<defs><clipPath id="${id}c">${rect(ax, ay, aw, ah, 0, "#000")}</clipPath></defs>`;
  o += `<g clip-path="url(#${id}c)">${pick(r, compositions)(c, ax, ay, aw, ah)}</g>`;
  // Vase with a few leafy stems, beside the frame
  const vase = pick(r, p.accents);
  const vx = pick(r, [165, 635]);
  let plant = "";
  const leaf = mix(p.ink, "#7c9a6a", 0.7);
  for (const [ex, ey] of [
    [vx - 52, 470],
    [vx + 4, 430],
    [vx + 50, 476],
  ] as const) {
    const [qx, qy] = [vx + (ex - vx) * 0.15, (600 + ey) / 2];
    plant += `<path d="M${vx} 600Q${f(qx)} ${f(qy)} ${ex} ${ey}" stroke="${leaf}" stroke-width="2.5" fill="none"/>`;
    const deg = (Math.atan2(ey - 600, ex - vx) * 180) / Math.PI;
    for (const [i, t] of [0.45, 0.68, 0.9, 1].entries()) {
      const side = i % 2 ? 1 : -1;
      const u = 1 - t;
      const lx = u * u * vx + 2 * u * t * qx + t * t * ex;
      const ly = u * u * 600 + 2 * u * t * qy + t * t * ey;
      const a = t === 1 ? deg : deg + side * 50;
      plant += `<ellipse cx="${f(lx)}" cy="${f(ly)}" rx="14" ry="5.5" transform="rotate(${f(a)} ${f(lx)} ${f(ly)})" fill="${leaf}"/>`;
    }
  }
  o += `${plant}<path d="M${vx - 8} 690C${vx - 40} 675 ${vx - 38} 620 ${vx - 14} 606V590H${vx + 14}V606C${vx + 38} 620 ${vx + 40} 675 ${vx + 8} 690Z" fill="${vase}"/>`;
  if (c.label) {
    o += text(c.label.toUpperCase(), 400, ay + ah + 38, {
      size: fitSize(c.label.toUpperCase(), aw * 0.8, 17) * 0.85,
      fill: p.ink,
      anchor: "middle",
      spacing: 2.5,
      weight: 600,
    });
  }
  return o;
}

// ---------------------------------------------------------------------------------------------------------------
// Template: a set of social-post cards with placeholder bars.

type Card = (c: Ctx, x: number, y: number, w: number, h: number, accent: string) => string;

const cards: readonly Card[] = [
  // Photo post
  (c, x, y, w, h, accent) => {
    const { p, r } = c;
    const ih = h * 0.58;
    let o =
      rect(x, y, w, h, 16, p.paper) +
      `<path d="M${f(x)} ${f(y + ih)}V${f(y + 16)}Q${f(x)} ${f(y)} ${f(x + 16)} ${f(y)}H${f(x + w - 16)}Q${f(x + w)} ${f(y)} ${f(x + w)} ${f(y + 16)}V${f(y + ih)}Z" fill="${accent}"/>`;
    o += circle(x + w * between(r, 0.3, 0.7), y + ih * 0.45, Math.min(w, ih) * 0.22, mix(accent, WHITE, 0.35));
    o += `<path d="M${f(x)} ${f(y + ih)}L${f(x + w * 0.35)} ${f(y + ih * 0.62)}L${f(x + w * 0.6)} ${f(y + ih * 0.85)}L${f(x + w * 0.75)} ${f(y + ih * 0.72)}L${f(x + w)} ${f(y + ih)}Z" fill="${mix(accent, p.ink, 0.35)}"/>`;
    o += bar(x + 20, y + ih + 22, w * 0.62, 12, p.ink) + bar(x + 20, y + ih + 44, w * 0.45, 8, p.ink, 0.3);
    return o + bar(x + 20, y + h - 38, 84, 22, accent);
  },
  // Quote card
  (c, x, y, w, h, accent) => {
    const ink = onColor(accent, c.p);
    const cx = x + w / 2;
    let o = rect(x, y, w, h, 16, accent);
    const qy = y + h * 0.5 - 62;
    for (const dx of [-16, 12])
      o += `<path d="M${f(cx + dx)} ${f(qy)}a10 10 0 1 1 10 10c0 8-4 14-12 18 3-5 4-9 2-12-4-3-6-7-0-16z" fill="${ink}"/>`;
    o +=
      bar(cx - w * 0.34, y + h * 0.5, w * 0.68, 11, ink, 0.9) +
      bar(cx - w * 0.28, y + h * 0.5 + 22, w * 0.56, 11, ink, 0.9);
    return o + bar(cx - w * 0.12, y + h * 0.5 + 54, w * 0.24, 6, ink, 0.6);
  },
  // Stats card with a bar chart
  (c, x, y, w, h, accent) => {
    const { p, r } = c;
    let o =
      rect(x, y, w, h, 16, p.paper) +
      bar(x + 20, y + 24, w * 0.4, 26, p.ink) +
      bar(x + 20, y + 60, w * 0.55, 8, p.ink, 0.3);
    const cw = (w - 40) / 4;
    for (let i = 0; i < 4; i++) {
      const bh = (h - 120) * between(r, 0.35, 1);
      o += rect(x + 20 + i * cw + 6, y + h - 20 - bh, cw - 12, bh, 6, i === 3 ? accent : mix(accent, p.paper, 0.6));
    }
    return o;
  },
  // Split layout
  (c, x, y, w, h, accent) => {
    const { p } = c;
    let o = rect(x, y, w, h, 16, p.paper);
    o += `<path d="M${f(x + 16)} ${f(y)}H${f(x + w / 2)}V${f(y + h)}H${f(x + 16)}Q${f(x)} ${f(y + h)} ${f(x)} ${f(y + h - 16)}V${f(y + 16)}Q${f(x)} ${f(y)} ${f(x + 16)} ${f(y)}Z" fill="${accent}"/>`;
    o += `<path d="M${f(x)} ${f(y + h * 0.75)}A${f(w / 2)} ${f(w / 2)} 0 0 1 ${f(x + w / 2)} ${f(y + h * 0.75 - w / 2)}V${f(y + h)}H${f(x)}Z" fill="${mix(accent, WHITE, 0.3)}"/>`;
    const bx = x + w / 2 + 16;
    const bw = w / 2 - 32;
    o += bar(bx, y + h * 0.3, bw, 14, p.ink) + bar(bx, y + h * 0.3 + 24, bw * 0.7, 14, p.ink);
    for (let i = 0; i < 3; i++) o += bar(bx, y + h * 0.3 + 56 + i * 16, bw * (0.9 - i * 0.15), 6, p.ink, 0.3);
    return o;
  },
  // Checklist / tips card
  (c, x, y, w, h, accent) => {
    const { p } = c;
    let o = rect(x, y, w, h, 16, mix(accent, WHITE, 0.78)) + bar(x + 20, y + 26, w * 0.55, 18, p.ink);
    for (let i = 0; i < 4; i++) {
      const ry = y + 72 + i * ((h - 100) / 4);
      o += circle(x + 30, ry + 6, 9, accent) + bar(x + 48, ry + 2, w * (0.62 - (i % 2) * 0.15), 9, p.ink, 0.55);
    }
    return o;
  },
];

function renderTemplate(c: Ctx): string {
  const { r, p, id } = c;
  let o = backdrop(c);
  const deck = shuffle(r, cards);
  const colors = shuffle(r, p.accents.slice(0, 3)).concat(shuffle(r, p.accents.slice(0, 3)));
  const title = c.label;
  const slots: [number, number, number, number][] =
    r() < 0.6
      ? [
          [100, 150, 290, 290],
          [410, 150, 290, 290],
          [100, 460, 290, 290],
          [410, 460, 290, 290],
        ]
      : [
          [80, 250, 200, 356],
          [300, 190, 200, 356],
          [520, 250, 200, 356],
        ];
  if (title) o += text(title, 400, 104, { size: fitSize(title, 600, 38), fill: p.ink, anchor: "middle", weight: 800 });
  else o += bar(290, 84, 220, 22, p.ink) + bar(330, 118, 140, 8, p.ink, 0.3);
  for (const [i, [x, y, w, h]] of slots.entries()) {
    o += `<g filter="url(#${id}s)">${deck[i % deck.length]!(c, x, y, w, h, colors[i]!)}</g>`;
  }
  return o;
}

// ---------------------------------------------------------------------------------------------------------------
// Course: a video player with a play button and progress bar above a lesson list.

function renderCourse(c: Ctx): string {
  const { r, p, id } = c;
  const [accent, second] = shuffle(r, p.strong);
  const screen = mix(p.ink, accent!, 0.25);
  let o = backdrop(c);
  const [X, Y, W, H] = [70, 120, 660, 370];
  if (c.label) o += text(c.label, X, 88, { size: fitSize(c.label, W, 36), fill: p.ink, weight: 800 });
  else o += bar(X, 62, 300, 24, p.ink);
  o += `<defs><clipPath id="${id}c">${rect(X, Y, W, H, 20, "#000")}</clipPath><linearGradient id="${id}g" x2="1" y2="1"><stop offset="0" stop-color="${screen}"/><stop offset="1" stop-color="${p.ink}"/></linearGradient></defs>`;
  o += rect(X, Y, W, H, 20, `url(#${id}g)`, ` filter="url(#${id}s)"`);
  // Slide inside the player
  o += `<g clip-path="url(#${id}c)">`;
  o +=
    circle(X + W * between(r, 0.65, 0.85), Y + H * 0.35, 150, accent!, ' opacity=".35"') +
    circle(X + W * 0.12, Y + H, 120, second!, ' opacity=".3"');
  o +=
    bar(X + 48, Y + 56, 200, 16, WHITE, 0.85) +
    bar(X + 48, Y + 82, 140, 16, WHITE, 0.85) +
    bar(X + 48, Y + 112, 170, 7, WHITE, 0.4);
  o += "</g>";
  const [cx, cy] = [X + W / 2, Y + H / 2];
  o +=
    circle(cx, cy, 46, WHITE, ' opacity=".95"') +
    `<path d="M${f(cx - 13)} ${f(cy - 20)}L${f(cx + 21)} ${f(cy)}L${f(cx - 13)} ${f(cy + 20)}Z" fill="${accent}"/>`;
  const progress = between(r, 0.2, 0.75);
  const [tx, tw, ty] = [X + 28, W - 56, Y + H - 34];
  o +=
    bar(tx, ty, tw, 6, WHITE, 0.3) +
    bar(tx, ty, tw * progress, 6, accent!) +
    circle(tx + tw * progress, ty + 3, 9, WHITE);
  o += bar(tx, ty - 26, 64, 8, WHITE, 0.6) + bar(tx + tw - 40, ty - 26, 40, 8, WHITE, 0.6);
  // Lesson list
  const done = intBetween(r, 0, 2);
  for (let i = 0; i < 3; i++) {
    const ly = 520 + i * 84;
    const active = i === done;
    o += rect(X, ly, W, 70, 16, p.paper, active ? ` stroke="${accent}" stroke-width="3"` : "");
    if (i < done)
      o +=
        circle(X + 38, ly + 35, 16, accent!) +
        `<path d="M${X + 30} ${ly + 35}l6 6 11-12" stroke="${WHITE}" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
    else
      o += circle(
        X + 38,
        ly + 35,
        15,
        "none",
        ` stroke="${active ? accent : mix(p.paper, p.ink, 0.25)}" stroke-width="3"`,
      );
    if (active) o += `<path d="M${X + 34} ${ly + 28}L${X + 45} ${ly + 35}L${X + 34} ${ly + 42}Z" fill="${accent}"/>`;
    o +=
      bar(X + 74, ly + 20, between(r, 200, 340), 12, p.ink, i < done ? 0.45 : 0.9) +
      bar(X + 74, ly + 42, between(r, 100, 160), 7, p.ink, 0.3);
    o += bar(X + W - 84, ly + 26, 60, 18, mix(p.paper, accent!, 0.18));
  }
  return o;
}

// ---------------------------------------------------------------------------------------------------------------
// Ebook: a book cover with spine shading, page edge and title.

function renderEbook(c: Ctx): string {
  const { r, p, id } = c;
  const [cover, alt] = shuffle(r, p.strong);
  const decoColor = pick(
    r,
    p.accents.filter((a) => a !== cover),
  );
  const [X, Y, W, H] = [230, 120, 350, 510];
  let o = backdrop(c);
  o += `<ellipse cx="${X + W / 2 + 10}" cy="${Y + H + 30}" rx="${W * 0.7}" ry="22" fill="${p.ink}" opacity=".12"/>`;
  // A second book leaning behind
  o += `<g transform="rotate(-8 ${X} ${Y + H})">${rect(X - 60, Y + 30, W - 20, H - 30, 6, alt!, ` filter="url(#${id}s)"`)}${rect(X - 60, Y + 30, 18, H - 30, 0, p.ink, ' opacity=".18"')}</g>`;
  // Page block and cover
  o += rect(X + 14, Y + 8, W, H - 8, 6, "#f4f1ea", ` filter="url(#${id}s)"`);
  o += `<path d="M${X + W + 4} ${Y + 20}V${Y + H - 12}M${X + W + 9} ${Y + 24}V${Y + H - 14}" stroke="${mix("#f4f1ea", p.ink, 0.15)}"/>`;
  o += `<defs><clipPath id="${id}c">${rect(X, Y, W, H, 6, "#000")}</clipPath><linearGradient id="${id}p"><stop offset="0" stop-color="#000" stop-opacity=".35"/><stop offset=".6" stop-color="#fff" stop-opacity=".18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient><linearGradient id="${id}g" x2="0" y2="1"><stop offset="0" stop-color="${mix(cover!, WHITE, 0.12)}"/><stop offset="1" stop-color="${mix(cover!, p.ink, 0.2)}"/></linearGradient></defs>`;
  o += `<g clip-path="url(#${id}c)">${rect(X, Y, W, H, 0, `url(#${id}g)`)}`;
  const style = intBetween(r, 0, 3);
  const soft = mix(cover!, WHITE, 0.25);
  if (style === 0)
    o += circle(X + W * 0.62, Y + H * 0.7, W * 0.42, decoColor) + circle(X + W * 0.62, Y + H * 0.7, W * 0.26, soft);
  else if (style === 1) {
    for (let i = 0; i < 7; i++)
      o += `<path d="M${X - 40 + i * 70} ${Y + H}L${X + 120 + i * 70} ${Y + H * 0.45}" stroke="${i % 2 ? decoColor : soft}" stroke-width="22"/>`;
  } else if (style === 2) {
    for (let i = 0; i < 4; i++) {
      const R = W * (0.55 - i * 0.12);
      o += `<path d="M${f(X + W / 2 - R)} ${Y + H}V${f(Y + H * 0.8)}A${f(R)} ${f(R)} 0 0 1 ${f(X + W / 2 + R)} ${f(Y + H * 0.8)}V${Y + H}Z" fill="${i % 2 ? soft : decoColor}"/>`;
    }
  } else
    o +=
      `<path d="${blobPath(r, X + W * 0.6, Y + H * 0.7, W * 0.35)}" fill="${decoColor}"/>` +
      circle(X + W * 0.3, Y + H * 0.58, 26, soft);
  o +=
    rect(X, Y, 30, H, 0, `url(#${id}p)`) +
    `<path d="M${X + 30} ${Y}V${Y + H}" stroke="#000" stroke-opacity=".15" stroke-width="2"/></g>`;
  // Title block
  const ink = onColor(cover!, p);
  const tx = X + 52;
  if (c.label) {
    const lines = wrap(c.label, 14, 3);
    const size = Math.min(...lines.map((l) => fitSize(l, W - 100, 42)));
    for (const [i, line] of lines.entries())
      o += text(line, tx, Y + 80 + size + i * size * 1.15, { size, fill: ink, weight: 800 });
  } else o += bar(tx, Y + 90, W * 0.62, 28, ink) + bar(tx, Y + 132, W * 0.45, 28, ink);
  o += bar(tx, Y + 64, 56, 5, ink, 0.7);
  o += bar(tx, Y + H - 52, 110, 9, ink, 0.75);
  return o;
}

// ---------------------------------------------------------------------------------------------------------------
// Printable: a sheet of paper with checklist rows, washi tape and a pencil.

function renderPrintable(c: Ctx): string {
  const { r, p, id } = c;
  const [accent, tape] = shuffle(r, p.strong);
  const tilt = between(r, -3.5, 3.5);
  const [X, Y, W, H] = [175, 80, 450, 636];
  let o = backdrop(c);
  o += `<g transform="rotate(${f(tilt)} 400 400)">`;
  o += rect(X, Y, W, H, 4, "#fffefb", ` filter="url(#${id}s)"`);
  const tx = X + 48;
  if (c.label) o += text(c.label, tx, Y + 86, { size: fitSize(c.label, W - 170, 32), fill: p.ink, weight: 800 });
  else o += bar(tx, Y + 62, 220, 26, p.ink);
  o += bar(tx, Y + 104, 140, 8, accent!, 0.8);
  o += circle(X + W - 70, Y + 74, 26, mix(accent!, WHITE, 0.55)) + circle(X + W - 70, Y + 74, 12, accent!);
  const rows = 9;
  const checked = new Set<number>();
  for (let i = intBetween(r, 2, 5); i > 0; i--) checked.add(intBetween(r, 0, rows - 1));
  const rule = mix("#fffefb", p.ink, 0.1);
  for (let i = 0; i < rows; i++) {
    const ry = Y + 150 + i * 50;
    const box = checked.has(i);
    o += rect(
      tx,
      ry,
      24,
      24,
      6,
      box ? accent! : "none",
      box ? "" : ` stroke="${p.ink}" stroke-opacity=".55" stroke-width="2.5"`,
    );
    if (box)
      o += `<path d="M${tx + 6} ${ry + 12}l5 5 8-10" stroke="${WHITE}" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
    o += bar(tx + 40, ry + 8, between(r, 120, W - 150), 9, p.ink, box ? 0.3 : 0.65);
    o += `<path d="M${tx + 40} ${ry + 38}H${X + W - 48}" stroke="${rule}" stroke-width="1.5"/>`;
  }
  o += bar(X + W - 120, Y + H - 46, 72, 7, p.ink, 0.25);
  o += rect(
    X + W / 2 - 70,
    Y - 18,
    140,
    38,
    2,
    tape!,
    ` opacity=".75" transform="rotate(${f(between(r, -6, 6))} ${X + W / 2} ${Y})"`,
  );
  o += "</g>";
  // Pencil
  const body = pick(r, p.accents);
  o += `<g transform="rotate(${f(between(r, 28, 40))} 640 748)">${rect(629, 556, 22, 162, 3, body)}${rect(629, 542, 22, 18, 3, "#e8a0a0")}<path d="M629 716L640 748L651 716Z" fill="#e9cfa8"/><path d="M636 737L640 748L644 737Z" fill="${p.ink}"/></g>`;
  return o;
}

// ---------------------------------------------------------------------------------------------------------------
// Avatar: 256x256 gradient square with abstract shapes kept inside the central circle.

function renderAvatar(c: Ctx): string {
  const { r, p, id } = c;
  // The boldest accent always leads the gradient so no avatar ends up washed out.
  const [g1, g2, s1, s2] = [p.accents[0]!, ...shuffle(r, p.accents.slice(1))];
  const angle = intBetween(r, 0, 3) * 90 + 45;
  let o = `<defs><linearGradient id="${id}b" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${g1}"/><stop offset="1" stop-color="${mix(g2!, p.ink, 0.1)}"/></linearGradient></defs>`;
  o += rect(0, 0, 256, 256, 0, `url(#${id}b)`);
  const style = intBetween(r, 0, 4);
  if (style === 0) {
    for (let i = 0; i < 4; i++)
      o += circle(
        128 + between(r, -8, 8),
        128 + between(r, -8, 8),
        92 - i * 20,
        "none",
        ` stroke="${i % 2 ? s1 : WHITE}" stroke-width="10" opacity="${f(0.9 - i * 0.12)}"`,
      );
  } else if (style === 1) {
    o += `<path d="${blobPath(r, 112, 118, 62)}" fill="${s1}" opacity=".9"/><path d="${blobPath(r, 148, 144, 48)}" fill="${WHITE}" opacity=".55"/>`;
  } else if (style === 2) {
    // Sun over rolling waves
    const h1 = intBetween(r, 150, 172);
    o += circle(128, h1 - 36, 42, mix(s1!, WHITE, 0.3));
    o += `<path d="M0 ${h1}Q64 ${h1 - 28} 128 ${h1 + 4}T256 ${h1 - 6}V256H0Z" fill="${s2}" opacity=".9"/>`;
    o += `<path d="M0 ${h1 + 44}Q70 ${h1 + 10} 140 ${h1 + 40}T256 ${h1 + 30}V256H0Z" fill="${p.ink}" opacity=".3"/>`;
  } else if (style === 3) {
    o += `<g transform="rotate(${intBetween(r, 0, 3) * 90} 128 128)"><path d="M60 128A68 68 0 0 1 128 60V128Z" fill="${WHITE}" opacity=".85"/><path d="M196 128A68 68 0 0 1 128 196V128Z" fill="${s1}"/>`;
    o += `${circle(162, 94, 26, s2!)}${rect(70, 150, 46, 46, 8, p.ink, ' opacity=".3"')}</g>`;
  } else {
    o +=
      circle(128, 128, 58, s1!) +
      circle(128, 128, 84, "none", ` stroke="${WHITE}" stroke-width="3" stroke-dasharray="4 10" opacity=".8"`);
    for (let i = 0; i < 3; i++) {
      const a = between(r, 0, Math.PI * 2);
      o += circle(128 + Math.cos(a) * 84, 128 + Math.sin(a) * 84, 9 - i * 2, i === 0 ? WHITE : s2!);
    }
  }
  // Gentle sheen so every avatar has some depth
  return `${o}<ellipse cx="90" cy="70" rx="70" ry="40" fill="${WHITE}" opacity=".12"/>`;
}

// ---------------------------------------------------------------------------------------------------------------
// Public API

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
