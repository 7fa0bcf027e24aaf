// Wall art: printable posters and print sets, sold by number of prints.
import { intBetween, pick, type Random } from "../../../lib/random.ts";
import type { Format } from "../sample-types.ts";
import { type KindProfile, list, lower, pickSome, plural, STYLE_WORDS } from "./profile.ts";

const WALL_SUBJECTS = list(
  "Sunset|Botanical|Mountain|Ocean Wave|Wildflower|Cat|Coffee|Kitchen|City Map|Moon Phase|Desert Landscape|Lemon|Mushroom|Architecture|Landscape|Galaxy|Bird|Tropical Leaf|Shapes|Cocktail|Fruit Market|Sailboat|Forest|Butterfly|Horse|Olive Branch|Seashell|Amalfi Coast|Paris|Tokyo",
);
const WALL_COLORS = list("Sage|Terracotta|Neutral|Black and White|Blush|Navy and Gold|Earthy|Pastel|Burnt Orange|Blue");
const WALL_MEDIA = list("Watercolor|Line Art|Linocut|Risograph|Oil Painting|Photography|Gouache|Charcoal");
// Painted and photographed art ships as raster files; line art also as vectors.
const mediumFormat = (r: Random, medium: string): Format =>
  medium === "Line Art" ? pick(r, ["SVG", "AI", "PNG"] as const) : pick(r, ["JPG", "JPG", "PNG"] as const);
const SET_SIZES = [2, 3, 3, 4, 6, 6, 9];

export const wallArt: KindProfile = {
  countField: "prints",
  countRange: [1, 12],
  priceDollars: [3, 29],
  formats: ["JPG", "JPG", "JPG", "JPG", "PNG", "PNG", "PNG", "SVG", "SVG", "AI", "PSD"],
  styles: [
    "Abstract",
    "Modern",
    "Boho",
    "Minimalist",
    "Vintage",
    "Geometric",
    "Colorful",
    "Typography",
    "Abstract",
    "Boho",
  ],
  baseTags: ["wall art", "printable art"],
  title(r, style, _year) {
    const subject = pick(r, WALL_SUBJECTS);
    const adjective = pick(r, STYLE_WORDS[style]);
    const tags = [lower(subject), `${lower(adjective)} art`];
    switch (intBetween(r, 0, 5)) {
      case 0: {
        const n = pick(r, SET_SIZES);
        return {
          title: `${adjective} ${subject} Print Set of ${n}`,
          subject: `${lower(subject)} print set`,
          tags: [...tags, "print set"],
          count: n,
        };
      }
      case 1:
        return {
          title: `${adjective} ${subject} Poster`,
          subject: `${lower(subject)} poster`,
          tags: [...tags, "poster"],
          count: 1,
        };
      case 2: {
        const color = pick(r, WALL_COLORS);
        return {
          title: `${color} ${subject} Wall Art`,
          subject: `${lower(subject)} wall art`,
          tags: [...tags, `${lower(color)} decor`],
        };
      }
      case 3:
        return {
          title: `${subject} Gallery Wall Set`,
          subject: `${lower(subject)} gallery wall`,
          tags: [...tags, "gallery wall"],
          count: intBetween(r, 6, 15),
        };
      case 4: {
        const medium = pick(r, WALL_MEDIA);
        return {
          title: `${medium} ${subject} Prints`,
          subject: `${lower(medium)} ${lower(subject)} print collection`,
          tags: [...tags, lower(medium)],
          count: intBetween(r, 2, 12),
          format: mediumFormat(r, medium),
        };
      }
      default: {
        const medium = pick(r, WALL_MEDIA);
        return {
          title: `${adjective} ${subject} ${medium} Print`,
          subject: `${lower(medium)} print`,
          tags: [...tags, lower(medium)],
          count: 1,
          format: mediumFormat(r, medium),
        };
      }
    }
  },
  openers: [
    (_r, d) => `A ${d.style} ${d.subject} you can download tonight and frame tomorrow.`,
    (_r, d) =>
      `Bring warmth to a bare wall with this ${d.style} ${d.subject}, made for living rooms, bedrooms and offices.`,
    (_r, d) => `This ${d.subject} mixes soft colour and strong shapes for a gallery look at a fraction of the price.`,
  ],
  middles: [
    "Files are 300 dpi and come in five ratios, so they fit standard frames up to 24x36 in.",
    "Print at home, at a local print shop or through an online printing service.",
    (_r, d) =>
      `You get ${plural(d.count, "design", "designs")} as high-resolution ${d.format} files, colour-calibrated for print.`,
  ],
  closers: [
    "Frames are not included: this is a digital download.",
    "Mix and match them into a gallery wall.",
    "Colours may vary slightly between screens and printers.",
  ],
  features: list(
    "High-resolution 300 dpi files|Five ratios for frames up to 24x36 in|Colour-calibrated for home and pro printing|Scanned from original artwork|Instant download, no shipping|Personal use license included",
  ),
  whatYouGet: (r, d) => [
    `${plural(d.count, "art print", "art prints")} in ${d.format}`,
    ...pickSome(
      r,
      [
        "5 aspect ratios per print (2:3, 3:4, 4:5, 11x14, ISO)",
        "Printing and framing guide",
        "Gallery wall layout ideas",
      ],
      intBetween(r, 1, 3),
    ),
  ],
  specialties: ["Abstract Art & Prints", "Printable Wall Art", "Illustration & Poster Design"],
  studioWords: ["Prints", "Art Studio", "Gallery", "Art"],
  bioLine: (name) =>
    `${name} paints and draws printable wall art, scanned and prepared for prints from postcard to poster size.`,
};
