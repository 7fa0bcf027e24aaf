// `node scripts/subset-inter.ts`: writes app/fonts/inter-latin-400-700.woff2, the part of Inter the
// shop's pages draw with: Latin letters, figures and the punctuation below, weights 400 to 700
// (font-normal to font-bold, the only ones the shop uses). 28 KB where fontsource's Latin file is
// 48 KB; the page asks for it with the document (app/root.tsx). Run again after changing the
// characters, and keep app.css's unicode-range the same as CHARACTERS.
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "..");
const source = path.join(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
const target = path.join(root, "app/fonts/inter-latin-400-700.woff2");

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)).join("");
/** U+0020-007E, U+00A0-00FF and these: ‘ ’ “ ” – — … • € ™ − ← ↑ → ↓ */
const CHARACTERS = `${range(0x20, 0x7e)}${range(0xa0, 0xff)}‘’“”–—…•€™−←↑→↓`;

const font = await subsetFont(fs.readFileSync(source), CHARACTERS, {
  targetFormat: "woff2",
  variationAxes: { wght: { min: 400, max: 700 } },
});
fs.writeFileSync(target, font);
console.log(`${path.relative(root, target)}: ${font.length.toLocaleString("en-US")} bytes`);
