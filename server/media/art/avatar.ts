import { intBetween } from "../../lib/random.ts";
import { mix, WHITE } from "./palettes.ts";
import type { Ctx } from "./scene.ts";
import { between, blobPath, circle, f, rect, shuffle } from "./svg.ts";

// Avatar: 256x256 gradient square with abstract shapes kept inside the central circle.

export function renderAvatar(c: Ctx): string {
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
