import { intBetween, pick } from "../../lib/random.ts";
import { mix, onColor, WHITE } from "./palettes.ts";
import { backdrop, type Ctx } from "./scene.ts";
import { bar, blobPath, circle, f, fitSize, rect, shuffle, text, wrap } from "./svg.ts";

// Ebook: a book cover with spine shading, page edge and title.

export function renderEbook(c: Ctx): string {
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
