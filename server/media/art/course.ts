import { intBetween } from "../../lib/random.ts";
import { mix, WHITE } from "./palettes.ts";
import { backdrop, type Ctx } from "./scene.ts";
import { bar, between, circle, f, fitSize, rect, shuffle, text } from "./svg.ts";

// Course: a video player with a play button and progress bar above a lesson list.

export function renderCourse(c: Ctx): string {
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
