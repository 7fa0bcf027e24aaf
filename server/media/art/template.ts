import { mix, onColor, WHITE } from "./palettes.ts";
import { backdrop, type Ctx } from "./scene.ts";
import { bar, between, circle, f, fitSize, rect, shuffle, text } from "./svg.ts";

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

export function renderTemplate(c: Ctx): string {
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
