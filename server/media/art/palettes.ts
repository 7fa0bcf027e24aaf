// The palettes every picture is drawn in, and colour arithmetic. A palette is [background, ink,
// accent x4]; accents are ordered loosely from boldest to softest.

export const WHITE = "#ffffff";

export interface Palette {
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

export const PALETTES: readonly Palette[] = PALETTE_SOURCE.map(([bg, ink, ...accents]) => ({
  bg,
  ink,
  paper: mix(bg, WHITE, 0.8),
  accents,
  strong: accents.filter((a) => luminance(a) < 0.62), // at least two per palette
}));

function rgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function mix(a: string, b: string, t: number): string {
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
export const onColor = (fill: string, p: Palette): string => (luminance(fill) > 0.6 ? p.ink : WHITE);
