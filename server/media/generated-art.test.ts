import { describe, expect, it } from "vitest";
import { ART_KINDS, type ArtKind, artUrl, parseArtName, renderArt } from "./generated-art.ts";

const PRODUCT_KINDS = ART_KINDS.filter((k) => k !== "avatar");
const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';

function decodeXml(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Minimal well-formedness check: balanced tags, quoted attributes, escaped text, resolvable internal references. */
function checkWellFormed(svg: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const ids = new Set<string>();
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    const between = svg.slice(last, m.index);
    if (/[<>]|&(?!(?:#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);)/i.test(between)) problems.push(`bad text: ${between}`);
    last = tag.lastIndex;
    const [, closing, name, attrs, selfClosing] = m;
    for (const [, id] of (attrs ?? "").matchAll(/\sid="([^"]*)"/g)) {
      if (ids.has(id!)) problems.push(`duplicate id ${id}`);
      ids.add(id!);
    }
    if (closing) {
      if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
    } else if (!selfClosing) stack.push(name!);
  }
  if (last !== svg.length) problems.push("trailing or unparsable content");
  if (stack.length) problems.push(`unclosed ${stack.join(",")}`);
  if (svg.replace(tag, "").includes("<")) problems.push("stray <");
  for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) if (!ids.has(ref!)) problems.push(`dangling url(#${ref})`);
  return problems;
}

const titleOf = (svg: string): string | null => {
  const m = /<title>([^<]*)<\/title>/.exec(svg);
  return m ? decodeXml(m[1]!) : null;
};
const textNodes = (svg: string): string[] => [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);

describe("renderArt", () => {
  it("is deterministic for the same kind, seed and label", () => {
    for (const kind of ART_KINDS) {
      expect(renderArt(kind, 42)).toBe(renderArt(kind, 42));
      expect(renderArt(kind, 7, { label: "Calm Planner" })).toBe(renderArt(kind, 7, { label: "Calm Planner" }));
    }
  });

  it("gives different output for different seeds", () => {
    for (const kind of ART_KINDS) {
      const outputs = new Set(Array.from({ length: 30 }, (_, seed) => renderArt(kind, seed)));
      expect(outputs.size).toBe(30);
    }
  });

  it("gives different output for different kinds with the same seed", () => {
    expect(new Set(ART_KINDS.map((kind) => renderArt(kind, 3))).size).toBe(ART_KINDS.length);
  });

  it("returns a complete SVG document with the right canvas for every kind", () => {
    for (const kind of ART_KINDS) {
      const svg = renderArt(kind, 11, { label: "Sample" });
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg).toContain(SVG_NS);
      expect(svg.endsWith("</svg>")).toBe(true);
      const size = kind === "avatar" ? 256 : 800;
      expect(svg).toContain(`viewBox="0 0 ${size} ${size}"`);
    }
  });

  it("produces well-formed markup whose internal references all resolve", () => {
    for (const kind of ART_KINDS) {
      for (let seed = 0; seed < 60; seed++) {
        expect(checkWellFormed(renderArt(kind, seed, { label: `A & B "${seed}" <x>` })), `${kind}-${seed}`).toEqual([]);
      }
    }
  });

  it("escapes label characters and never emits them raw", () => {
    const label = `Tom & Jerry's "<script>"`;
    for (const kind of PRODUCT_KINDS) {
      const svg = renderArt(kind, 5, { label });
      expect(svg.toLowerCase()).not.toContain("<script");
      expect(svg).not.toContain(label);
      expect(svg).not.toContain(`"<`);
      expect(titleOf(svg)).toBe(label);
      const texts = textNodes(svg);
      expect(texts.length).toBeGreaterThan(0);
      for (const t of texts) expect(t).not.toMatch(/[<>"']|&(?!#\d+;)/);
      // The visible title is the label (some kinds set it in capitals or across several lines).
      expect(texts.map(decodeXml).join(" ").toLowerCase()).toContain("jerry's");
    }
  });

  it("draws the label with the shop font", () => {
    for (const kind of PRODUCT_KINDS) {
      const svg = renderArt(kind, 1, { label: "Minimal Planner" });
      expect(svg).toMatch(/<text\b[^>]*font-family="Inter, system-ui, sans-serif"[^>]*>[^<]*(Minimal|MINIMAL)/);
    }
  });

  it("truncates long labels to 28 characters with an ellipsis", () => {
    const long = "The Ultimate Productivity Planner Bundle for Busy Creators";
    for (const kind of PRODUCT_KINDS) {
      const title = titleOf(renderArt(kind, 2, { label: long }));
      expect(title).not.toBeNull();
      expect(Array.from(title!).length).toBeLessThanOrEqual(28);
      expect(title!.endsWith("…")).toBe(true);
      expect(long.startsWith(title!.slice(0, -1))).toBe(true);
    }
    expect(titleOf(renderArt("planner", 2, { label: "Exactly twenty-eight chars!!" }))).toBe(
      "Exactly twenty-eight chars!!",
    );
  });

  it("ignores empty labels and drops characters XML cannot hold", () => {
    expect(renderArt("ebook", 9, { label: "   " })).toBe(renderArt("ebook", 9));
    const svg = renderArt("ebook", 9, { label: "Bad\u0000\u0007 chars\uFFFF" });
    expect(titleOf(svg)).toBe("Bad chars");
    expect(svg).not.toMatch(/[\p{Cc}\uFFFF]/u);
  });

  it("does not draw text on avatars, even when a label is passed", () => {
    for (let seed = 0; seed < 50; seed++) {
      const svg = renderArt("avatar", seed, { label: "Jane Doe" });
      expect(svg).toBe(renderArt("avatar", seed));
      expect(svg).not.toContain("<text");
      expect(svg).not.toContain("Jane");
    }
  });

  it("never emits scripts, external references, images or foreignObject, and stays under 8 KB", () => {
    const labels = [
      undefined,
      "Wide WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
      "日本語のデジタルプランナー・テンプレート集です",
      `<a href="http://x">&'"`,
    ];
    for (const kind of ART_KINDS) {
      for (let seed = 0; seed < 200; seed++) {
        const svg = renderArt(kind, seed, { label: labels[seed % labels.length] });
        const lower = svg.toLowerCase();
        expect(lower).not.toContain("<script");
        expect(lower).not.toContain('href="http');
        expect(lower).not.toContain("<image");
        expect(lower).not.toContain("foreignobject");
        expect(lower).not.toContain("@import");
        // Markup alone (escaped label text removed): no links, event handlers or URLs besides the namespace.
        const markup = lower.replace(/>[^<]*</g, "><");
        expect(markup).not.toContain("href");
        expect(markup).not.toMatch(/\son[a-z]+=/);
        expect(markup.replaceAll(SVG_NS, "")).not.toContain("http");
        expect(markup).not.toContain("<style");
        expect(Buffer.byteLength(svg, "utf8")).toBeLessThan(8 * 1024);
      }
    }
  });

  it("chooses among at least 10 palettes", () => {
    for (const kind of ART_KINDS) {
      const firstColours = new Set<string>();
      for (let seed = 0; seed < 60; seed++) {
        const m = /stop-color="(#[0-9a-f]{6})"/.exec(renderArt(kind, seed));
        expect(m).not.toBeNull();
        firstColours.add(m![1]!);
      }
      expect(firstColours.size, kind).toBeGreaterThanOrEqual(10);
    }
  });

  it("varies the layout, not just the colours", () => {
    // Reduce each document to its element skeleton; several distinct skeletons mean several compositions.
    const skeleton = (svg: string) => [...svg.matchAll(/<([a-zA-Z]+)/g)].map((m) => m[1]).join(",");
    for (const kind of ART_KINDS) {
      const shapes = new Set(Array.from({ length: 60 }, (_, seed) => skeleton(renderArt(kind, seed))));
      expect(shapes.size, kind).toBeGreaterThanOrEqual(kind === "wall-art" || kind === "avatar" ? 5 : 2);
    }
  });

  it("rejects unknown kinds and seeds outside [0, 2^31)", () => {
    expect(() => renderArt("unknown" as ArtKind, 1)).toThrow(TypeError);
    for (const seed of [-1, 1.5, 2 ** 31, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => renderArt("planner", seed)).toThrow(RangeError);
    }
    expect(renderArt("planner", 2 ** 31 - 1)).toMatch(/^<svg/);
  });
});

describe("parseArtName", () => {
  it("accepts valid names", () => {
    expect(parseArtName("planner-17.svg")).toEqual({ kind: "planner", seed: 17 });
    expect(parseArtName("wall-art-3.svg")).toEqual({ kind: "wall-art", seed: 3 });
    expect(parseArtName("avatar-120.svg")).toEqual({ kind: "avatar", seed: 120 });
    expect(parseArtName("ebook-0.svg")).toEqual({ kind: "ebook", seed: 0 });
    expect(parseArtName("course-2147483647.svg")).toEqual({ kind: "course", seed: 2147483647 });
    for (const kind of ART_KINDS) expect(parseArtName(`${kind}-5.svg`)).toEqual({ kind, seed: 5 });
  });

  it("rejects malformed, unknown or dangerous names", () => {
    const bad = [
      "../x.svg",
      "planner-.svg",
      "planner-01.svg",
      "planner-00.svg",
      "unknown-3.svg",
      "planner-3.svg.png",
      "planner-3",
      "planner-2147483648.svg",
      "planner-99999999999.svg",
      "planner--3.svg",
      "planner-+3.svg",
      "planner-3.5.svg",
      "planner-1e3.svg",
      "planner-0x1f.svg",
      "Planner-3.svg",
      "planner-3.SVG",
      " planner-3.svg",
      "planner-3.svg\n",
      "dir/planner-3.svg",
      "..\\planner-3.svg",
      "planner-3.svg/",
      "wall-3.svg",
      "art-3.svg",
      "-3.svg",
      "planner-٣.svg",
      "",
    ];
    for (const name of bad) expect(parseArtName(name), JSON.stringify(name)).toBeNull();
  });
});

describe("artUrl", () => {
  it("builds the public path", () => {
    expect(artUrl("planner", 17)).toBe("/media/generated/planner-17.svg");
    expect(artUrl("wall-art", 0)).toBe("/media/generated/wall-art-0.svg");
  });

  it("round-trips through parseArtName", () => {
    for (const kind of ART_KINDS) {
      for (const seed of [0, 1, 9, 10, 17, 120, 65535, 2 ** 31 - 1]) {
        const url = artUrl(kind, seed);
        expect(url.startsWith("/media/generated/")).toBe(true);
        expect(parseArtName(url.slice("/media/generated/".length))).toEqual({ kind, seed });
      }
    }
  });

  it("refuses arguments that parseArtName would not accept", () => {
    expect(() => artUrl("planner", -1)).toThrow(RangeError);
    expect(() => artUrl("planner", 2 ** 31)).toThrow(RangeError);
    expect(() => artUrl("../etc" as ArtKind, 1)).toThrow(TypeError);
  });
});
