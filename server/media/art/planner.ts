import { intBetween, pick } from "../../lib/random.ts";
import { mix, WHITE } from "./palettes.ts";
import { backdrop, type Ctx, MONTHS } from "./scene.ts";
import { bar, between, circle, FONT, f, fitSize, rect, shuffle, text } from "./svg.ts";

// Planner: tablet mockup with a monthly calendar or weekly spread, tabs on the right edge, stylus.

export function renderPlanner(c: Ctx): string {
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
