import { intBetween, pick } from "../../lib/random.ts";
import { mix, WHITE } from "./palettes.ts";
import { backdrop, type Ctx } from "./scene.ts";
import { bar, between, circle, f, fitSize, rect, shuffle, text } from "./svg.ts";

// Printable: a sheet of paper with checklist rows, washi tape and a pencil.

export function renderPrintable(c: Ctx): string {
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
