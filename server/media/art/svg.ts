import { intBetween, type Random } from "../../lib/random.ts";

// SVG building blocks: compact numbers, text that fits its box, shapes, smooth paths, and the random
// choices they draw on.

export const FONT = "Inter, system-ui, sans-serif";
const LABEL_MAX_CHARS = 28;

export const between = (r: Random, lo: number, hi: number): number => lo + (hi - lo) * r();

export function shuffle<T>(r: Random, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Compact number formatting (one decimal at most) keeps the documents small. */
export const f = (v: number): string => String(Math.round(v * 10) / 10);

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Label cleanup: drop characters XML cannot hold, collapse whitespace, cut to 28 characters with an ellipsis. */
export function cleanLabel(label: string | undefined): string | null {
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

export const fitSize = (s: string, maxWidth: number, base: number): number =>
  Math.max(12, Math.min(base, maxWidth / Math.max(emWidth(s), 1)));

interface TextStyle {
  size: number;
  fill: string;
  anchor?: "middle" | "end";
  weight?: number;
  spacing?: number;
  opacity?: number;
}

export function text(s: string, x: number, y: number, st: TextStyle): string {
  const extra =
    (st.anchor ? ` text-anchor="${st.anchor}"` : "") +
    (st.spacing ? ` letter-spacing="${st.spacing}"` : "") +
    (st.opacity !== undefined ? ` opacity="${st.opacity}"` : "");
  return `<text x="${f(x)}" y="${f(y)}" font-family="${FONT}" font-size="${f(st.size)}" font-weight="${st.weight ?? 700}" fill="${st.fill}"${extra}>${escapeXml(s)}</text>`;
}

export function rect(x: number, y: number, w: number, h: number, rx: number, fill: string, extra = ""): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"${rx ? ` rx="${f(rx)}"` : ""} fill="${fill}"${extra}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra}/>`;
}

/** Placeholder "text" line. */
export const bar = (x: number, y: number, w: number, h: number, fill: string, opacity = 1): string =>
  rect(x, y, w, h, h / 2, fill, opacity < 1 ? ` opacity="${opacity}"` : "");

/** Smooth closed (or open) curve through points, Catmull-Rom converted to cubic Béziers. */
export function smoothPath(pts: readonly (readonly [number, number])[], closed: boolean): string {
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

export function blobPath(r: Random, cx: number, cy: number, radius: number): string {
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
export function wrap(s: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of s.split(" ")) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last.length + 1 + word.length <= perLine || lines.length >= maxLines)) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else lines.push(word);
  }
  return lines;
}
