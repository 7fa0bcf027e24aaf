import { intBetween, pick } from "../../lib/random.ts";
import { mix } from "./palettes.ts";
import { backdrop, type Ctx } from "./scene.ts";
import { between, blobPath, circle, f, fitSize, rect, shuffle, smoothPath, text } from "./svg.ts";

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

export function renderWallArt(c: Ctx): string {
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
