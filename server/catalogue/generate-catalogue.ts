// Generates a large, believable catalogue on top of the sample one, for load tests and benchmarks
// (`npm run seed -- --products N`, `npm run bench`). Titles, descriptions, tags, counts and prices are
// composed from word lists per kind of product, so a page of 100,000 generated products reads like a shop.
//
// Speed: rows go in by batch with one `INSERT ... SELECT FROM unnest($1::int[], $2::text[], ...)` per table
// and batch, never row by row. Product ids are taken from the sequence first (nextval) so that the images
// of a batch can reference them without relying on the order of RETURNING rows. While one batch is being
// written, the next one is generated, so Node and PostgreSQL work at the same time.
import { base, en, Faker } from "@faker-js/faker";
import { asc } from "drizzle-orm";
import type pg from "pg";
import type { Database } from "../db/client.ts";
import { categories } from "../db/schema.ts";
import { artUrl } from "../media/generated-art.ts";
import type { ArtKind, Format, Style } from "./sample-types.ts";

export interface GenerateOptions {
  products: number;
  /** Same seed and same starting table size give the same catalogue. Default 42. */
  seed?: number;
  /** Rows per INSERT statement (and per transaction). Default 5,000. */
  batchSize?: number;
  /** Called after each committed batch with the number of products written so far. */
  onProgress?: (done: number) => void;
  /** Test hook: extra tags given to the first generated product (checks the array encoding). */
  extraTags?: readonly string[];
}

export interface GenerateResult {
  products: number;
  creators: number;
  images: number;
  milliseconds: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Encoding of text[] values

/**
 * A PostgreSQL array literal for a text[] value. Every element is double-quoted with `"` and `\` escaped, so
 * commas, quotes, braces, backslashes, spaces and the word NULL all survive as plain text.
 */
export function pgArrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Randomness: faker (seeded) for creators; a fast seeded generator for the product loop.

type Rng = () => number;

function mulberry32(state: number): Rng {
  let a = state | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
const intIn = (r: Rng, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

function pickSome<T>(r: Rng, items: readonly T[], n: number): T[] {
  const pool = items.slice();
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(r() * pool.length), 1)[0]!);
  return out;
}

const lower = (s: string) => s.toLowerCase();
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

// ---------------------------------------------------------------------------------------------------------------
// Kinds of product. Each category's artKind says which word lists describe its products.

type ProductKind = Exclude<ArtKind, "avatar">;
type CountField = "pages" | "prints" | "templates" | "durationMinutes";

interface Draft {
  title: string;
  subject: string; // lower-case noun phrase for sentences: "budget planner"
  tags: string[];
  format?: Format;
  count?: number; // fixed by the title ("Set of 3", "50 Canva ... Templates")
  tool?: string;
}

interface Details {
  subject: string;
  style: string; // lower-case style adjective
  count: number;
  format: Format;
  tool: string;
}

type Line = string | ((r: Rng, d: Details) => string);

interface KindProfile {
  countField: CountField;
  countRange: readonly [number, number];
  priceDollars: readonly [number, number];
  bytesPerUnit: readonly [number, number];
  formats: readonly Format[]; // repeated entries weigh more
  styles: readonly Style[];
  baseTags: readonly string[];
  title: (r: Rng, style: Style, year: number) => Draft;
  openers: readonly Line[];
  middles: readonly Line[];
  closers: readonly Line[];
  features: readonly Line[];
  whatYouGet: (r: Rng, d: Details) => string[];
  specialties: readonly string[];
  studioWords: readonly string[];
  bioLine: (name: string) => string;
}

const STYLE_WORDS: Record<Style, readonly string[]> = {
  Minimalist: ["Minimalist", "Minimal", "Simple", "Clean"],
  Aesthetic: ["Aesthetic", "Dreamy", "Cozy"],
  Boho: ["Boho", "Bohemian", "Earthy"],
  Modern: ["Modern", "Contemporary", "Sleek"],
  Vintage: ["Vintage", "Retro", "Antique"],
  Colorful: ["Colorful", "Bright", "Vibrant"],
  Abstract: ["Abstract", "Organic"],
  Geometric: ["Geometric", "Bauhaus"],
  Typography: ["Typographic", "Lettered"],
};

/** A word list written as one string, "a|b|c", to keep long lists on one line. */
const list = (words: string): string[] => words.split("|");

const line = (r: Rng, lines: readonly Line[], d: Details): string => {
  const chosen = pick(r, lines);
  return typeof chosen === "string" ? chosen : chosen(r, d);
};

/** Topics with their tags, written "Name=tag one,tag two|Other Name=tag" (no tags: the lower-cased name). */
const topics = (spec: string) =>
  list(spec).map((entry) => {
    const [name, tags] = entry.split("=") as [string, string | undefined];
    return { name, tags: tags ? tags.split(",") : [lower(name)] };
  });

// --- Planners --------------------------------------------------------------------------------------------------

const PLANNER_COLORS = list(
  "Sage Green|Dusty Rose|Terracotta|Lavender|Neutral Beige|Pastel Rainbow|Navy Blue|Mocha|Blush Pink|Ocean Blue|Charcoal|Cream|Olive Green|Mustard|Lilac|Peach|Forest Green|Black and Gold|Earth Tone|Soft Coral",
);
const PLANNER_LAYOUTS = list(
  "Weekly|Daily|Monthly|Vertical Weekly|Horizontal Weekly|Hourly|Weekly and Monthly|All-in-One|Undated Daily|Undated Weekly",
);
const PLANNER_TOPICS = topics(
  "Budget=budget,finance|Fitness=fitness,workout|Meal=meal planning,recipes|Wedding=wedding|Teacher=teacher,classroom|Student=student,school|Small Business=small business,entrepreneur|Content=content creator,social media|Self-Care=self care,wellness|Pregnancy=pregnancy,baby|Travel=travel|Reading=reading,books|Habit=habits|Goal=goal setting|Project=project management|Homeschool=homeschool|Wellness=wellness,health|Gratitude=gratitude,journal|Productivity=productivity|ADHD-Friendly=adhd|Mom=mom life,family|Nurse=nursing,shift work|Garden=gardening|Etsy Seller=etsy,shop owner|Cleaning=cleaning,home",
);
const PLANNER_APPS = ["GoodNotes", "Notability", "Noteshelf", "iPad", "reMarkable", "Kindle Scribe", "Boox"];
const ACADEMIC = ["Student", "Teacher", "Academic", "College", "Nursing School", "Law School", "Homeschool"];

const planner: KindProfile = {
  countField: "pages",
  countRange: [40, 520],
  priceDollars: [4, 34],
  bytesPerUnit: [60_000, 160_000],
  formats: ["PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PNG"],
  styles: ["Minimalist", "Aesthetic", "Boho", "Colorful", "Modern", "Minimalist", "Aesthetic", "Vintage"],
  baseTags: ["planner", "digital planner"],
  title(r, style, year) {
    const topic = pick(r, PLANNER_TOPICS);
    const adjective = pick(r, STYLE_WORDS[style]);
    switch (intIn(r, 0, 6)) {
      case 0: {
        const layout = pick(r, PLANNER_LAYOUTS);
        return {
          title: `${year} ${pick(r, PLANNER_COLORS)} ${layout} Planner`,
          subject: `${lower(layout)} planner`,
          tags: [`${year} planner`, "dated planner"],
        };
      }
      case 1:
        return {
          title: `${adjective} ${topic.name} Planner`,
          subject: `${lower(topic.name)} planner`,
          tags: topic.tags,
        };
      case 2: {
        const app = pick(r, PLANNER_APPS);
        const who = pick(r, ACADEMIC);
        return {
          title: `${app} ${who} Planner ${year}-${year + 1}`,
          subject: `${lower(who)} planner`,
          tags: [lower(app), "academic planner", lower(who)],
          tool: app,
        };
      }
      case 3:
        return {
          title: `Hyperlinked ${topic.name} Planner`,
          subject: `${lower(topic.name)} planner`,
          tags: ["hyperlinked", ...topic.tags],
        };
      case 4:
        return {
          title: `${topic.name} Planner Bundle`,
          subject: `${lower(topic.name)} planner bundle`,
          tags: ["bundle", ...topic.tags],
        };
      case 5: {
        const app = pick(r, PLANNER_APPS);
        const layout = pick(r, PLANNER_LAYOUTS);
        return {
          title: `${adjective} ${layout} Planner for ${app}`,
          subject: `${lower(layout)} planner`,
          tags: [lower(app), "ipad planner"],
          tool: app,
        };
      }
      default:
        return {
          title: `${year} ${topic.name} Planner`,
          subject: `${lower(topic.name)} planner`,
          tags: [`${year} planner`, ...topic.tags],
        };
    }
  },
  openers: [
    (_r, d) => `A ${d.style} ${d.subject} that keeps your weeks, goals and to-dos in one place.`,
    (_r, d) => `Plan with less stress using this ${d.subject}, built around real routines rather than pretty spreads.`,
    (_r, d) =>
      `This ${d.style} ${d.subject} gives every day a clear focus, with room for priorities, notes and habits.`,
    (_r, d) => `Stay on top of everything with a ${d.subject} designed to be used every single day.`,
  ],
  middles: [
    "Every tab and index entry is hyperlinked, so you can jump from the year overview to any day in one tap.",
    "It works in GoodNotes, Notability, Noteshelf and any PDF annotation app, or you can print it at home.",
    (_r, d) => `Made for ${d.tool}, and it works in any PDF annotation app.`,
    (_r, d) => `Inside are ${d.count} pages of weekly spreads, monthly calendars, trackers and lined notes.`,
    "Sunday and Monday start versions are included, in portrait and landscape.",
  ],
  closers: [
    "Download it instantly and start planning today.",
    "Free date updates are included every year.",
    "Pair it with the matching sticker set for a fully coordinated setup.",
    "Questions are answered within a day through the shop's contact page.",
  ],
  features: [
    "Fully hyperlinked tabs and index",
    "Undated pages: start any month",
    "Sunday and Monday start versions",
    "Portrait layout optimised for iPad and Android tablets",
    "12 colour-coded monthly tabs",
    "Prints on US Letter and A4",
    (r) => `Includes ${intIn(r, 2, 12) * 10} bonus note templates`,
    "Habit, mood and budget trackers",
  ],
  whatYouGet: (r, d) => [
    `Planner ${d.format} (${d.count} pages)`,
    ...pickSome(
      r,
      [
        "Light and dark cover versions",
        `${intIn(r, 5, 40) * 10} pre-cropped digital stickers`,
        "Quick-start guide for GoodNotes and Notability",
        "Printable A4 and US Letter versions",
      ],
      intIn(r, 1, 3),
    ),
  ],
  specialties: ["Digital Planners & Journals", "Hyperlinked Planners", "Printable Planners & Inserts"],
  studioWords: ["Planners", "Paper Co.", "Plans", "Stationery"],
  bioLine: (name) =>
    `${name} designs hyperlinked digital planners and printable inserts for people who like paper-style planning.`,
};

// --- Wall art --------------------------------------------------------------------------------------------------

const WALL_SUBJECTS = list(
  "Sunset|Botanical|Mountain|Ocean Wave|Wildflower|Cat|Coffee|Kitchen|City Map|Moon Phase|Desert Landscape|Lemon|Mushroom|Architecture|Landscape|Galaxy|Bird|Tropical Leaf|Shapes|Cocktail|Fruit Market|Sailboat|Forest|Butterfly|Horse|Olive Branch|Seashell|Amalfi Coast|Paris|Tokyo",
);
const WALL_COLORS = list("Sage|Terracotta|Neutral|Black and White|Blush|Navy and Gold|Earthy|Pastel|Burnt Orange|Blue");
const WALL_MEDIA = list("Watercolor|Line Art|Linocut|Risograph|Oil Painting|Photography|Gouache|Charcoal");
// Painted and photographed art ships as raster files; line art also as vectors.
const mediumFormat = (r: Rng, medium: string): Format =>
  medium === "Line Art" ? pick(r, ["SVG", "AI", "PNG"] as const) : pick(r, ["JPG", "JPG", "PNG"] as const);
const SET_SIZES = [2, 3, 3, 4, 6, 6, 9];

const wallArt: KindProfile = {
  countField: "prints",
  countRange: [1, 12],
  priceDollars: [3, 29],
  bytesPerUnit: [6_000_000, 24_000_000],
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
    switch (intIn(r, 0, 5)) {
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
          count: intIn(r, 6, 15),
        };
      case 4: {
        const medium = pick(r, WALL_MEDIA);
        return {
          title: `${medium} ${subject} Prints`,
          subject: `${lower(medium)} ${lower(subject)} print collection`,
          tags: [...tags, lower(medium)],
          count: intIn(r, 2, 12),
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
    "High-resolution 300 dpi files|Five ratios for frames up to 24x36 in|Colour-calibrated for home and pro printing|Scanned from original artwork|Instant download, no shipping|Personal use licence included",
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
      intIn(r, 1, 3),
    ),
  ],
  specialties: ["Abstract Art & Prints", "Printable Wall Art", "Illustration & Poster Design"],
  studioWords: ["Prints", "Art Studio", "Gallery", "Art"],
  bioLine: (name) =>
    `${name} paints and draws printable wall art, scanned and prepared for prints from postcard to poster size.`,
};

// --- Templates -------------------------------------------------------------------------------------------------

type ToolGroup = "social" | "document" | "slides" | "print";
const TOOLS: Record<ToolGroup, readonly (readonly [string, Format])[]> = {
  social: [
    ["Canva", "PDF"],
    ["Canva", "PDF"],
    ["Photoshop", "PSD"],
    ["Figma", "PNG"],
    ["Illustrator", "AI"],
  ],
  document: [
    ["Canva", "PDF"],
    ["Word", "PDF"],
    ["Google Docs", "PDF"],
    ["Illustrator", "AI"],
  ],
  slides: [
    ["Canva", "PDF"],
    ["PowerPoint", "PDF"],
    ["Keynote", "PDF"],
    ["Google Slides", "PDF"],
  ],
  print: [
    ["Canva", "PDF"],
    ["Illustrator", "AI"],
    ["Photoshop", "PSD"],
  ],
};
const TEMPLATE_THINGS: readonly { name: string; group: ToolGroup; tags: string[] }[] = [
  { name: "Instagram Carousel", group: "social", tags: ["instagram", "carousel"] },
  { name: "Instagram Post", group: "social", tags: ["instagram", "social media"] },
  { name: "Instagram Story", group: "social", tags: ["instagram stories", "social media"] },
  { name: "Pinterest Pin", group: "social", tags: ["pinterest", "social media"] },
  { name: "YouTube Thumbnail", group: "social", tags: ["youtube", "thumbnails"] },
  { name: "LinkedIn Banner", group: "social", tags: ["linkedin", "banner"] },
  { name: "Etsy Shop Banner", group: "social", tags: ["etsy", "shop branding"] },
  { name: "Podcast Cover", group: "social", tags: ["podcast", "cover art"] },
  { name: "Resume", group: "document", tags: ["resume", "cv", "job search"] },
  { name: "Invoice", group: "document", tags: ["invoice", "small business"] },
  { name: "Proposal", group: "document", tags: ["proposal", "freelance"] },
  { name: "Media Kit", group: "document", tags: ["media kit", "influencer"] },
  { name: "Newsletter", group: "document", tags: ["newsletter", "email"] },
  { name: "Lead Magnet", group: "document", tags: ["lead magnet", "marketing"] },
  { name: "Price List", group: "document", tags: ["price list", "services"] },
  { name: "Pitch Deck", group: "slides", tags: ["pitch deck", "startup"] },
  { name: "Presentation", group: "slides", tags: ["presentation", "slides"] },
  { name: "Webinar Slide", group: "slides", tags: ["webinar", "slides"] },
  { name: "Business Card", group: "print", tags: ["business card", "branding"] },
  { name: "Wedding Invitation", group: "print", tags: ["wedding", "invitation"] },
  { name: "Restaurant Menu", group: "print", tags: ["menu", "restaurant"] },
  { name: "Real Estate Flyer", group: "print", tags: ["real estate", "flyer"] },
  { name: "Event Flyer", group: "print", tags: ["flyer", "event"] },
  { name: "Brand Board", group: "print", tags: ["brand board", "branding"] },
  { name: "Logo", group: "print", tags: ["logo", "branding"] },
  { name: "Certificate", group: "print", tags: ["certificate", "award"] },
];
const TEMPLATE_VARIANTS = ["Bold", "Minimal", "Boho", "Earthy", "Pastel", "Modern", "Luxe", "Playful", "Neutral"];
const TEMPLATE_AUDIENCES = list(
  "Coaches|Realtors|Photographers|Small Businesses|Bloggers|Etsy Sellers|Wedding Planners|Fitness Trainers|Bakeries|Therapists|Podcasters|Restaurants|Hair Salons",
);
const TEMPLATE_COUNTS = [12, 20, 24, 30, 40, 50, 60, 100, 150];

const template: KindProfile = {
  countField: "templates",
  countRange: [5, 120],
  priceDollars: [6, 49],
  bytesPerUnit: [800_000, 6_000_000],
  formats: ["PDF", "PSD", "AI", "PNG"],
  styles: ["Modern", "Minimalist", "Colorful", "Typography", "Aesthetic", "Boho", "Geometric", "Modern", "Minimalist"],
  baseTags: ["templates", "editable"],
  title(r, style, _year) {
    const thing = pick(r, TEMPLATE_THINGS);
    const [tool, format] = pick(r, TOOLS[thing.group]);
    const tags = [...thing.tags, `${lower(tool)} templates`];
    const base = { tool, format, tags, subject: `${lower(thing.name)} template` };
    switch (intIn(r, 0, 5)) {
      case 0:
        return {
          ...base,
          title: `${tool} ${thing.name} Templates — ${pick(r, TEMPLATE_VARIANTS)}`,
          count: intIn(r, 10, 120),
        };
      case 1: {
        const audience = pick(r, TEMPLATE_AUDIENCES);
        return {
          ...base,
          title: `${thing.name} Template Kit for ${audience}`,
          tags: [...tags, lower(audience)],
          count: intIn(r, 6, 40),
        };
      }
      case 2:
        return { ...base, title: `Editable ${thing.name} Template`, count: intIn(r, 1, 6) };
      case 3: {
        const n = pick(r, TEMPLATE_COUNTS);
        return { ...base, title: `${n} ${tool} ${thing.name} Templates`, count: n };
      }
      case 4:
        return {
          ...base,
          title: `${thing.name} Templates Bundle`,
          tags: [...tags, "bundle"],
          count: intIn(r, 40, 200),
        };
      default:
        return { ...base, title: `${pick(r, STYLE_WORDS[style])} ${thing.name} Template Pack`, count: intIn(r, 8, 60) };
    }
  },
  openers: [
    (_r, d) => `A ${d.style} ${d.subject} set that keeps everything you publish consistent and on brand.`,
    (_r, d) =>
      `Save hours every week with this ${d.style} ${d.subject} collection, made for people who are not designers.`,
    (_r, d) => `Fully editable ${d.tool} files: swap in your photos, colours and words and you are done.`,
  ],
  middles: [
    (_r, d) =>
      `You get ${plural(d.count, "layout", "layouts")}, each built on a clean grid with named, organised layers.`,
    (_r, d) => `Everything opens in ${d.tool}; free fonts only, with download links included.`,
    "Change the whole palette in one step with global colour swatches.",
  ],
  closers: [
    "A step-by-step editing guide is included.",
    "Commercial use is allowed for your own business.",
    "Free updates whenever new layouts are added.",
  ],
  features: list(
    "Fully editable text, colours and images|Free fonts only, links included|Organised, named layers|Drag-and-drop photo frames|Commercial use licence|Print-ready and web sizes",
  ),
  whatYouGet: (r, d) => [
    `${plural(d.count, "editable template", "editable templates")} (${d.tool})`,
    ...pickSome(
      r,
      [
        "Colour palette swatches",
        "Font list with download links",
        "Step-by-step editing guide (PDF)",
        "Video walkthrough",
      ],
      intIn(r, 1, 3),
    ),
  ],
  specialties: ["Social Media & Business Templates", "Canva Templates", "Brand Identity Kits"],
  studioWords: ["Templates", "Design Co.", "Creative", "Studio"],
  bioLine: (name) =>
    `${name} makes editable templates for creators, coaches and small brands who want to look polished without a designer.`,
};

// --- Courses ---------------------------------------------------------------------------------------------------

const COURSE_TOPICS = topics(
  "Excel Budget Tracker=excel,budgeting|Procreate Lettering=procreate,lettering|Watercolor Florals=watercolor,painting|SEO=seo,marketing|Email Marketing=email marketing,marketing|Etsy Selling=etsy,ecommerce|Smartphone Photography=photography|Lightroom Editing=lightroom,photo editing|Notion=notion,productivity|Canva Design=canva,design|Brand Design=branding,design|Copywriting=copywriting,writing|Pinterest Marketing=pinterest,marketing|TikTok Growth=tiktok,social media|Bookkeeping=bookkeeping,finance|Sourdough Baking=sourdough,baking|Knitting=knitting,crafts|UX Design=ux design,design|Adobe Illustrator=illustrator,design|Video Editing=video editing|Python=python,programming|Personal Finance=personal finance,money|Modern Calligraphy=calligraphy,lettering|Hand Embroidery=embroidery,crafts|Interior Styling=interior design,home decor|Podcasting=podcasting|Figma=figma,ui design|Google Sheets Automation=google sheets,automation|Digital Planner Design=digital planners,design|Print-on-Demand=print on demand,ecommerce|Public Speaking=public speaking|Spanish for Travelers=spanish,languages",
);
const COURSE_DAYS = [7, 14, 21, 30];

const course: KindProfile = {
  countField: "durationMinutes",
  countRange: [45, 1440],
  priceDollars: [19, 199],
  bytesPerUnit: [5_000_000, 11_000_000],
  formats: ["Video"],
  styles: ["Modern", "Colorful", "Typography", "Minimalist", "Modern"],
  baseTags: ["course", "online course"],
  title(r, _style, _year) {
    const topic = pick(r, COURSE_TOPICS);
    const subject = `${topic.name} course`;
    const titles = [
      `${topic.name} Course`,
      `${topic.name} Masterclass`,
      `${topic.name} for Beginners`,
      `The Complete ${topic.name} Bootcamp`,
      `${topic.name}: From Beginner to Pro`,
      `${topic.name} Online Workshop`,
      `Learn ${topic.name} in ${pick(r, COURSE_DAYS)} Days`,
    ];
    return { title: pick(r, titles), subject, tags: topic.tags, format: "Video" };
  },
  openers: [
    (_r, d) => `A practical, self-paced ${d.subject} taught by a working professional.`,
    (_r, d) => `This ${d.subject} takes you from the basics to confident, finished projects in short, focused lessons.`,
    (_r, d) => `Everything you need to get real results: the ${d.subject} that students recommend to their friends.`,
  ],
  middles: [
    (_r, d) =>
      `${plural(Math.round(d.count / 60) || 1, "hour", "hours")} of HD video, split into lessons you can finish on a lunch break.`,
    "Each module ends with a hands-on project, so you finish with work you can use, not just notes.",
    "Downloadable worksheets, templates and project files come with every module.",
  ],
  closers: [
    "Lifetime access and free updates are included.",
    "Join the private student community for feedback on your work.",
    "A certificate of completion is included.",
  ],
  features: [
    (_r, d) => `${plural(Math.max(1, Math.round(d.count / 60)), "hour", "hours")} of HD video`,
    "Lifetime access and free updates",
    "Downloadable worksheets and project files",
    "Certificate of completion",
    "Private student community",
    "Subtitles in English",
  ],
  whatYouGet: (r, d) => [
    `${Math.max(4, Math.round(d.count / intIn(r, 6, 14)))} video lessons (1080p)`,
    ...pickSome(
      r,
      [
        "Course workbook (PDF)",
        "Project files and templates",
        "Monthly live Q&A replays",
        "Resource list and cheat sheet",
      ],
      intIn(r, 1, 3),
    ),
  ],
  specialties: ["Online Courses & Workshops", "Creative Skills Courses", "Marketing & Business Courses"],
  studioWords: ["Academy", "School", "Learning", "Workshops"],
  bioLine: (name) => `${name} teaches practical, project-based video courses for creatives and small business owners.`,
};

// --- E-books ---------------------------------------------------------------------------------------------------

const EBOOK_TOPICS = topics(
  "Sourdough Baking=sourdough,baking|Plant-Based Meal Prep=meal prep,vegan|Freelance Pricing=freelancing,pricing|Minimalist Living=minimalism|Budgeting=budgeting,personal finance|Slow Travel=travel|Houseplant Care=houseplants|Mindfulness=mindfulness,wellbeing|Productivity=productivity|Watercolor=watercolor,art|Etsy SEO=etsy,seo|Instagram Growth=instagram,social media|Home Organisation=organization,home|Gentle Parenting=parenting|Marathon Training=running,fitness|Capsule Wardrobe=fashion,minimalism|Small-Space Gardening=gardening|Journaling=journaling|Self-Publishing=writing,publishing|Passive Income=passive income,business|Fermentation=fermentation,cooking|Zero-Waste Living=zero waste,sustainability|Morning Routines=routines,habits|Air Fryer Cooking=air fryer,recipes|Dog Training=dogs,pets|Vegan Desserts=vegan,baking|Retirement Saving=retirement,money|Bullet Journaling=bullet journal",
);
const GUIDE_WORDS = ["Beginner's", "Busy Person's", "Complete", "Practical", "Little", "Honest", "Modern", "Pocket"];
const EBOOK_DAYS = [7, 14, 21, 30, 60];

const ebook: KindProfile = {
  countField: "pages",
  countRange: [30, 360],
  priceDollars: [2, 24],
  bytesPerUnit: [40_000, 120_000],
  formats: ["PDF"],
  styles: ["Minimalist", "Typography", "Modern", "Aesthetic", "Colorful", "Vintage"],
  baseTags: ["ebook", "guide"],
  title(r, _style, _year) {
    const topic = pick(r, EBOOK_TOPICS);
    const subject = `guide to ${lower(topic.name)}`;
    const titles = [
      `${topic.name} E-book`,
      `The ${pick(r, GUIDE_WORDS)} Guide to ${topic.name}`,
      `${topic.name}: A ${pick(r, EBOOK_DAYS)}-Day Guide`,
      `${topic.name} Workbook`,
      `${topic.name} Made Simple`,
      `${topic.name} Handbook`,
    ];
    return { title: pick(r, titles), subject, tags: topic.tags, format: "PDF" };
  },
  openers: [
    (_r, d) => `A clear, friendly ${d.subject}, written from years of hands-on experience.`,
    (_r, d) => `This ${d.style} ${d.subject} cuts through the noise and shows you exactly where to start.`,
    (_r, d) => `The ${d.subject} we wish we had when we started: practical, honest and easy to follow.`,
  ],
  middles: [
    (_r, d) =>
      `Across ${d.count} beautifully designed pages you get step-by-step chapters, checklists and worked examples.`,
    "Every chapter ends with a short exercise so you put the ideas to work straight away.",
    "It is typeset for comfortable reading on tablets and phones, and prints well too.",
  ],
  closers: [
    "Read it in a weekend and come back to it for years.",
    "Includes printable worksheets at the back.",
    "Free updated editions are sent to every buyer.",
  ],
  features: [
    (_r, d) => `${d.count} pages, fully illustrated`,
    "Printable worksheets and checklists",
    "Clickable table of contents",
    "Optimised for tablets and e-readers",
    "Free updated editions",
  ],
  whatYouGet: (r, d) => [
    `E-book ${d.format} (${d.count} pages)`,
    ...pickSome(
      r,
      ["Printable workbook", "Resource list with links", "EPUB version for e-readers", "Bonus checklist"],
      intIn(r, 1, 3),
    ),
  ],
  specialties: ["E-books & Guided Journals", "Practical Guides", "Cookbooks & Lifestyle Guides"],
  studioWords: ["Press", "Books", "Publishing", "Guides"],
  bioLine: (name) =>
    `${name} publishes practical guides and workbooks, edited to be read in an evening and used for years.`,
};

// --- Printables ------------------------------------------------------------------------------------------------

const KID_THINGS = list(
  "Chore Chart|Reward Chart|Tracing Worksheets|Daily Routine Cards|Sight Word Flashcards|Coloring Pages|Alphabet Flashcards|Potty Training Chart|Behavior Chart|Activity Book|Math Worksheets|Handwriting Practice",
);
const KID_AUDIENCES = ["Toddler", "Kids", "Preschool", "Kindergarten", "Classroom", "Homeschool", "Montessori"];
const HOME_THINGS = list(
  "Meal Planner|Grocery List|Habit Tracker|Budget Binder|Recipe Cards|Cleaning Schedule|Password Log|Bill Tracker|Garden Planner|Workout Log|Reading Log|Wall Calendar|Baby Milestone Cards",
);
const OCCASIONS = list(
  "Christmas|Halloween|Easter|Birthday|Baby Shower|Mother's Day|Valentine's Day|Thanksgiving|Back to School|Bridal Shower|Graduation",
);
const OCCASION_THINGS = list(
  "Gift Tags|Party Decor Kit|Bingo Cards|Scavenger Hunt|Thank You Cards|Party Invitations|Games Bundle|Cupcake Toppers|Bunting Banner|Place Cards",
);

const printable: KindProfile = {
  countField: "pages",
  countRange: [1, 60],
  priceDollars: [1, 14],
  bytesPerUnit: [150_000, 700_000],
  formats: ["PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PNG", "JPG"],
  styles: ["Colorful", "Minimalist", "Boho", "Vintage", "Modern", "Aesthetic", "Colorful"],
  baseTags: ["printable", "instant download"],
  title(r, style, year) {
    const adjective = pick(r, STYLE_WORDS[style]);
    switch (intIn(r, 0, 5)) {
      case 0:
      case 5: {
        const thing = pick(r, KID_THINGS);
        const who = pick(r, KID_AUDIENCES);
        const title = intIn(r, 0, 1) === 0 ? `${who} ${thing} Printable` : `${who} ${thing} Bundle`;
        return { title, subject: lower(thing), tags: [lower(thing), "kids", lower(who)] };
      }
      case 1: {
        const thing = pick(r, HOME_THINGS);
        return {
          title: intIn(r, 0, 2) === 0 ? `${year} Printable ${thing}` : `Printable ${thing}`,
          subject: lower(thing),
          tags: [lower(thing), "home organization"],
        };
      }
      case 2: {
        const occasion = pick(r, OCCASIONS);
        const thing = pick(r, OCCASION_THINGS);
        return {
          title: `${adjective} ${occasion} ${thing}`,
          subject: `${lower(occasion)} ${lower(thing)}`,
          tags: [lower(occasion), lower(thing)],
        };
      }
      case 3: {
        const occasion = pick(r, OCCASIONS);
        const thing = pick(r, OCCASION_THINGS);
        return {
          title: `Printable ${occasion} ${thing}`,
          subject: `${lower(occasion)} ${lower(thing)}`,
          tags: [lower(occasion), lower(thing), "party printables"],
        };
      }
      default: {
        const thing = pick(r, HOME_THINGS);
        return { title: `${adjective} ${thing} Printables`, subject: lower(thing), tags: [lower(thing), lower(style)] };
      }
    }
  },
  openers: [
    (_r, d) => `Cheerful, ready-to-print ${d.subject} pages for busy homes and classrooms.`,
    (_r, d) => `These ${d.style} ${d.subject} printables make everyday routines a little easier and a lot more fun.`,
    (_r, d) => `Print as many copies of this ${d.subject} set as you need, as often as you like.`,
  ],
  middles: [
    "Every page is sized for US Letter and A4 and prints well on a home printer.",
    (_r, d) => `The set has ${plural(d.count, "page", "pages")} in colour and ink-saving black-and-white versions.`,
    "Laminate them or slip them into a dry-erase pocket to use again and again.",
  ],
  closers: [
    "Download instantly: nothing is shipped.",
    "For personal and classroom use.",
    "Designed and tested by a parent and former teacher.",
  ],
  features: [
    "US Letter and A4 sizes",
    "Colour and black-and-white versions",
    "Prints on any home printer",
    "Instant download",
    "Personal and classroom use",
  ],
  whatYouGet: (r, d) => [
    `${plural(d.count, "printable page", "printable pages")} (${d.format})`,
    ...pickSome(
      r,
      ["Black-and-white version", "Editable name labels", "Printing tips sheet", "Cut lines for easy trimming"],
      intIn(r, 1, 3),
    ),
  ],
  specialties: ["Family & Classroom Printables", "Party Printables", "Home Organisation Printables"],
  studioWords: ["Printables", "Paper Co.", "Prints", "Kids"],
  bioLine: (name) => `${name} creates printables for busy parents and teachers, from chore charts to party decor.`,
};

const PROFILES: Record<ProductKind, KindProfile> = {
  planner,
  "wall-art": wallArt,
  template,
  course,
  ebook,
  printable,
};
// How often each kind appears, roughly as on a real marketplace.
const KIND_WEIGHTS: Record<ProductKind, number> = {
  planner: 22,
  "wall-art": 22,
  template: 20,
  course: 8,
  ebook: 10,
  printable: 18,
};

// ---------------------------------------------------------------------------------------------------------------
// Creators

const BRAND_ADJECTIVES = list(
  "Little|Golden|Quiet|Wild|Bright|Honey|Willow|Copper|Velvet|Misty|Sunny|Olive|Indigo|Lemon|Coral|Cedar|Juniper|Hazel|Saffron",
);
const BRAND_NOUNS = list(
  "Fern|Maple|Sparrow|Moth|Lantern|Pine|Harbor|Meadow|Otter|Fox|Bloom|Pebble|Cloud|Acorn|Wren|Finch|Orchard|Tide|Thistle|Clover",
);
const CITIES = list(
  "Portland, Oregon|Austin, Texas|Denver, Colorado|Brooklyn, New York|Chicago, Illinois|Nashville, Tennessee|Seattle, Washington|Asheville, North Carolina|San Diego, California|Minneapolis, Minnesota|Toronto, Canada|Vancouver, Canada|Montreal, Canada|London, United Kingdom|Bristol, United Kingdom|Edinburgh, United Kingdom|Manchester, United Kingdom|Dublin, Ireland|Amsterdam, Netherlands|Copenhagen, Denmark|Stockholm, Sweden|Oslo, Norway|Berlin, Germany|Hamburg, Germany|Lisbon, Portugal|Barcelona, Spain|Milan, Italy|Paris, France|Lyon, France|Melbourne, Australia|Sydney, Australia|Auckland, New Zealand|Cape Town, South Africa|Singapore|Tokyo, Japan|Mexico City, Mexico|Buenos Aires, Argentina",
);
const BIO_CLOSERS = [
  "Every file is tested in print before it goes live.",
  "Free updates are included with every purchase.",
  "Custom requests are welcome through the contact page.",
  "New designs are added every month.",
  "A share of every sale goes to local literacy charities.",
];

interface CreatorRow {
  slug: string;
  name: string;
  avatarUrl: string;
  specialty: string;
  bio: string;
  location: string;
  website: string | null;
  joinDate: string;
  badges: string[];
  followers: number;
  totalSales: number;
  rating: number;
  kind: ProductKind;
}

function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function makeCreator(f: Faker, kind: ProductKind, avatarSeed: number): CreatorRow {
  const profile = PROFILES[kind];
  const first = f.person.firstName();
  const last = f.person.lastName();
  const style = f.number.int(9);
  const name =
    style < 4
      ? `${first} ${last}`
      : style < 6
        ? `${first} ${last} ${f.helpers.arrayElement(profile.studioWords)}`
        : `${f.helpers.arrayElement(BRAND_ADJECTIVES)} ${f.helpers.arrayElement(BRAND_NOUNS)} ${f.helpers.arrayElement(profile.studioWords)}`;
  const base = slugify(name) || "creator";
  const join = f.date.between({ from: "2020-01-01T00:00:00Z", to: "2026-10-01T00:00:00Z" });
  const location = f.helpers.arrayElement(CITIES);
  const popularity = f.number.float({ min: 0, max: 1 }) ** 3;
  const badges: string[] = [];
  if (f.datatype.boolean(0.7)) badges.push("Verified");
  if (popularity > 0.4) badges.push("Top Seller");
  if (f.datatype.boolean(0.2)) badges.push("Fast Responder");
  if (join.getUTCFullYear() >= 2025) badges.push("Rising Star");
  return {
    slug: `${base}-${f.string.hexadecimal({ length: 4, casing: "lower", prefix: "" })}`,
    name,
    avatarUrl: artUrl("avatar", avatarSeed),
    specialty: f.helpers.arrayElement(profile.specialties),
    bio: `${profile.bioLine(name)} The shop is run from ${location.split(",")[0]} and has been open since ${join.getUTCFullYear()}. ${f.helpers.arrayElement(BIO_CLOSERS)}`,
    location,
    website: f.datatype.boolean(0.6) ? `https://${base}.example` : null,
    joinDate: join.toISOString().slice(0, 10),
    badges,
    followers: Math.round(popularity * 20_000) + f.number.int({ min: 5, max: 300 }),
    totalSales: Math.round(popularity * 15_000) + f.number.int({ min: 0, max: 200 }),
    rating: Math.round(f.number.float({ min: 4, max: 5 }) * 10) / 10,
    kind,
  };
}

function pickKind(r: Rng, kinds: readonly ProductKind[], total: number): ProductKind {
  let x = r() * total;
  for (const kind of kinds) {
    x -= KIND_WEIGHTS[kind];
    if (x < 0) return kind;
  }
  return kinds[kinds.length - 1]!;
}

async function insertCreators(pool: pg.Pool, f: Faker, rows: CreatorRow[]): Promise<number[]> {
  // Slugs are unique: regenerate the suffix of any slug already taken (by this run or an earlier one).
  const seen = new Set<string>();
  for (;;) {
    const { rows: taken } = await pool.query<{ slug: string }>(
      "SELECT slug FROM creators WHERE slug = ANY($1::text[])",
      [rows.map((c) => c.slug)],
    );
    const clash = new Set(taken.map((row) => row.slug));
    let changed = false;
    for (const row of rows) {
      if (clash.has(row.slug) || seen.has(row.slug)) {
        row.slug = `${row.slug.replace(/-[0-9a-f]{4,}$/, "")}-${f.string.hexadecimal({ length: 6, casing: "lower", prefix: "" })}`;
        changed = true;
      }
      seen.add(row.slug);
    }
    if (!changed) break;
    seen.clear();
  }
  const { rows: inserted } = await pool.query<{ id: number; slug: string }>(
    `INSERT INTO creators (slug, name, avatar_url, specialty, bio, location, website, join_date, badges, followers, total_sales, rating)
     SELECT slug, name, avatar_url, specialty, bio, location, website, join_date, badges::text[], followers, total_sales, rating
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::date[], $9::text[],
                 $10::int[], $11::int[], $12::float8[])
       AS t(slug, name, avatar_url, specialty, bio, location, website, join_date, badges, followers, total_sales, rating)
     RETURNING id, slug`,
    [
      rows.map((c) => c.slug),
      rows.map((c) => c.name),
      rows.map((c) => c.avatarUrl),
      rows.map((c) => c.specialty),
      rows.map((c) => c.bio),
      rows.map((c) => c.location),
      rows.map((c) => c.website),
      rows.map((c) => c.joinDate),
      rows.map((c) => pgArrayLiteral(c.badges)),
      rows.map((c) => c.followers),
      rows.map((c) => c.totalSales),
      rows.map((c) => c.rating),
    ],
  );
  const ids = new Map(inserted.map((row) => [row.slug, row.id]));
  return rows.map((c) => ids.get(c.slug)!);
}

// ---------------------------------------------------------------------------------------------------------------
// Products

const START = Date.UTC(2021, 0, 1);
const END = Date.UTC(2026, 10, 1); // fixed, so that a seed always gives the same dates
const DAY = 86_400_000;

interface CategoryInfo {
  id: number;
  kind: ProductKind;
}

interface Batch {
  size: number;
  title: string[];
  creatorId: number[];
  categoryId: number[];
  priceCents: number[];
  originalPriceCents: (number | null)[];
  rating: number[];
  reviewCount: number[];
  downloads: number[];
  isBestseller: boolean[];
  format: string[];
  styles: string[];
  tags: string[];
  description: string[];
  features: string[];
  whatYouGet: string[];
  fileSizeBytes: number[];
  pages: (number | null)[];
  prints: (number | null)[];
  templates: (number | null)[];
  durationMinutes: (number | null)[];
  createdAt: string[];
  updatedAt: string[];
  imageCount: number[];
  kind: ProductKind[];
}

function emptyBatch(): Batch {
  return {
    size: 0,
    title: [],
    creatorId: [],
    categoryId: [],
    priceCents: [],
    originalPriceCents: [],
    rating: [],
    reviewCount: [],
    downloads: [],
    isBestseller: [],
    format: [],
    styles: [],
    tags: [],
    description: [],
    features: [],
    whatYouGet: [],
    fileSizeBytes: [],
    pages: [],
    prints: [],
    templates: [],
    durationMinutes: [],
    createdAt: [],
    updatedAt: [],
    imageCount: [],
    kind: [],
  };
}

const cents = (dollars: number, r: Rng) => dollars * 100 + (r() < 0.8 ? 99 : 49);

function addProduct(r: Rng, batch: Batch, category: CategoryInfo, creatorId: number, extraTags: readonly string[]) {
  const profile = PROFILES[category.kind];
  const created = START + Math.floor((END - START) * Math.sqrt(r())); // more recent products than old ones
  const createdDate = new Date(created);
  const year = createdDate.getUTCFullYear() + (createdDate.getUTCMonth() >= 8 ? 1 : 0);
  const styles = pickSome(r, [...new Set(profile.styles)], intIn(r, 1, 3));
  // Weighted first style, so that each kind leans towards its typical looks.
  const lead = pick(r, profile.styles);
  if (!styles.includes(lead)) styles[0] = lead;
  const draft = profile.title(r, styles[0]!, year);
  const format = draft.format ?? pick(r, profile.formats);
  const count = draft.count ?? intIn(r, profile.countRange[0], profile.countRange[1]);
  const details: Details = {
    subject: draft.subject,
    style: lower(pick(r, STYLE_WORDS[styles[0]!])),
    count,
    format,
    tool: draft.tool ?? (category.kind === "planner" ? "GoodNotes" : "Canva"),
  };

  const [lo, hi] = profile.priceDollars;
  const dollars = Math.round(lo + (hi - lo) * r() ** 1.6);
  const price = cents(Math.max(lo, dollars), r);
  const original = r() < 0.3 ? cents(Math.round((price / 100) * (1.3 + r() * 0.9)), r) : null;

  const age = Math.min(1, (END - created) / (365 * DAY));
  // A few products are too new to have reviews; popularity is long-tailed and grows with age.
  const reviews = r() < 0.06 ? 0 : 1 + Math.floor(r() ** 5 * 4000 * (0.15 + 0.85 * age));
  const rating = reviews === 0 ? 0 : Math.round(Math.min(5, Math.max(3.2, 4.95 - r() * r() * 1.6)) * 10) / 10;
  const downloads = reviews * intIn(r, 5, 14) + intIn(r, 0, 250);

  const tags = [...new Set([...profile.baseTags, ...draft.tags, lower(styles[0]!), ...extraTags])].slice(
    0,
    8 + extraTags.length,
  );
  const features = pickSome(r, profile.features, intIn(r, 3, 5)).map((f) =>
    typeof f === "string" ? f : f(r, details),
  );
  const description = `${line(r, profile.openers, details)} ${line(r, profile.middles, details)} ${line(r, profile.closers, details)}`;

  batch.size++;
  batch.title.push(draft.title);
  batch.creatorId.push(creatorId);
  batch.categoryId.push(category.id);
  batch.priceCents.push(price);
  batch.originalPriceCents.push(original !== null && original > price ? original : null);
  batch.rating.push(rating);
  batch.reviewCount.push(reviews);
  batch.downloads.push(downloads);
  batch.isBestseller.push(reviews >= 1500 && rating >= 4.5);
  batch.format.push(format);
  batch.styles.push(pgArrayLiteral(styles));
  batch.tags.push(pgArrayLiteral(tags));
  batch.description.push(description);
  batch.features.push(pgArrayLiteral(features));
  batch.whatYouGet.push(pgArrayLiteral(profile.whatYouGet(r, details)));
  batch.fileSizeBytes.push(Math.max(1, count) * intIn(r, profile.bytesPerUnit[0], profile.bytesPerUnit[1]));
  for (const field of ["pages", "prints", "templates", "durationMinutes"] as const) {
    batch[field].push(field === profile.countField ? count : null);
  }
  batch.createdAt.push(createdDate.toISOString());
  batch.updatedAt.push(new Date(Math.min(END, created + intIn(r, 0, 120) * DAY)).toISOString());
  const x = r();
  batch.imageCount.push(x < 0.25 ? 1 : x < 0.6 ? 2 : 3);
  batch.kind.push(category.kind);
}

const PRODUCT_SQL = `
INSERT INTO products (id, title, creator_id, category_id, price_cents, original_price_cents, rating, review_count, downloads,
  is_bestseller, format, styles, tags, description, features, what_you_get, file_size_bytes, pages, prints, templates,
  duration_minutes, created_at, updated_at)
SELECT id, title, creator_id, category_id, price_cents, original_price_cents, rating, review_count, downloads,
  is_bestseller, format, styles::text[], tags::text[], description, features::text[], what_you_get::text[], file_size_bytes,
  pages, prints, templates, duration_minutes, created_at, updated_at
FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[], $7::float8[], $8::int[], $9::int[],
  $10::bool[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::int8[], $18::int[],
  $19::int[], $20::int[], $21::int[], $22::timestamptz[], $23::timestamptz[])
  AS t(id, title, creator_id, category_id, price_cents, original_price_cents, rating, review_count, downloads,
  is_bestseller, format, styles, tags, description, features, what_you_get, file_size_bytes, pages, prints, templates,
  duration_minutes, created_at, updated_at)`;

const IMAGE_SQL = `
INSERT INTO product_images (product_id, url, alt, position)
SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[])`;

// Ids come from the products sequence up front, in generation order, so that images can name their product
// and batches written side by side still number products in the order they were generated.
async function allocateIds(pool: pg.Pool, count: number): Promise<number[]> {
  const { rows } = await pool.query<{ id: string }>(
    "SELECT nextval(pg_get_serial_sequence('products', 'id')) AS id FROM generate_series(1, $1::int)",
    [count],
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

async function writeBatch(pool: pg.Pool, batch: Batch, ids: number[]): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // A crash can lose the last batches but never corrupts anything; this is generated data.
    await client.query("SET LOCAL synchronous_commit = off");
    await client.query(PRODUCT_SQL, [
      ids,
      batch.title,
      batch.creatorId,
      batch.categoryId,
      batch.priceCents,
      batch.originalPriceCents,
      batch.rating,
      batch.reviewCount,
      batch.downloads,
      batch.isBestseller,
      batch.format,
      batch.styles,
      batch.tags,
      batch.description,
      batch.features,
      batch.whatYouGet,
      batch.fileSizeBytes,
      batch.pages,
      batch.prints,
      batch.templates,
      batch.durationMinutes,
      batch.createdAt,
      batch.updatedAt,
    ]);
    const productId: number[] = [];
    const url: string[] = [];
    const alt: string[] = [];
    const position: number[] = [];
    for (let i = 0; i < batch.size; i++) {
      for (let p = 0; p < batch.imageCount[i]!; p++) {
        productId.push(ids[i]!);
        url.push(artUrl(batch.kind[i]!, ids[i]! * 10 + p)); // the sample catalogue's seed rule
        alt.push(p === 0 ? batch.title[i]! : `${batch.title[i]}, preview ${p + 1}`);
        position.push(p);
      }
    }
    await client.query(IMAGE_SQL, [productId, url, alt, position]);
    await client.query("COMMIT");
    return productId.length;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Adds `products` generated products (and about one new creator per 200 products, at least 20) to the
 * categories already in the database. Run the sample catalogue seed first.
 */
export async function generateCatalogue(
  db: Database,
  pool: pg.Pool,
  options: GenerateOptions,
): Promise<GenerateResult> {
  const started = performance.now();
  const total = options.products;
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`products must be a whole number >= 0, got ${total}`);
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 5_000));

  const rows = await db
    .select({ id: categories.id, artKind: categories.artKind })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  const usable: CategoryInfo[] = rows.flatMap((row) =>
    row.artKind in PROFILES ? [{ id: row.id, kind: row.artKind as ProductKind }] : [],
  );
  if (usable.length === 0) throw new Error("There are no categories to fill: load the sample catalogue first.");
  if (total === 0)
    return { products: 0, creators: 0, images: 0, milliseconds: Math.round(performance.now() - started) };

  // The seed and the table's current size choose the streams, so a second run adds new products instead of
  // repeating the first run's titles, while the same seed on the same database reproduces its output.
  const { rows: sizeRows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM products");
  const f = new Faker({ locale: [en, base] });
  f.seed([options.seed ?? 42, Number(sizeRows[0]!.n)]);
  const r = mulberry32(f.number.int({ min: 0, max: 2 ** 32 - 1 }));

  const kinds = [...new Set(usable.map((c) => c.kind))];
  const weightTotal = kinds.reduce((sum, kind) => sum + KIND_WEIGHTS[kind], 0);
  const categoriesByKind = new Map(kinds.map((kind) => [kind, usable.filter((c) => c.kind === kind)]));

  const creatorCount = Math.max(20, Math.round(total / 200));
  const { rows: avatarRows } = await pool.query<{ n: string }>("SELECT coalesce(max(id), 0) AS n FROM creators");
  const avatarBase = Number(avatarRows[0]!.n) + 1;
  const creatorRows = Array.from({ length: creatorCount }, (_, i) =>
    makeCreator(f, kinds[i % kinds.length]!, (avatarBase + i) % 2 ** 31),
  );
  const creatorIds = await insertCreators(pool, f, creatorRows);
  const creatorsByKind = new Map(
    kinds.map((kind) => [kind, creatorIds.filter((_, i) => creatorRows[i]!.kind === kind)]),
  );

  // Two batches are written at once (one PostgreSQL backend each) while the next one is generated.
  const inFlight: { size: number; write: Promise<number> }[] = [];
  let generated = 0;
  let written = 0;
  let images = 0;
  const settleOldest = async () => {
    const oldest = inFlight.shift()!;
    images += await oldest.write;
    written += oldest.size;
    options.onProgress?.(written);
  };
  const extraTags = options.extraTags ?? [];
  try {
    while (generated < total) {
      const batch = emptyBatch();
      const size = Math.min(batchSize, total - generated);
      for (let i = 0; i < size; i++) {
        const kind = pickKind(r, kinds, weightTotal);
        const category = pick(r, categoriesByKind.get(kind)!);
        // Most products come from a creator of that kind; a few creators sell a lot more than the rest.
        const own = r() < 0.9 ? creatorsByKind.get(kind)! : creatorIds;
        const creatorId = own[Math.floor(own.length * r() ** 2)]!;
        addProduct(r, batch, category, creatorId, generated === 0 && i === 0 ? extraTags : []);
      }
      generated += size;
      const ids = await allocateIds(pool, size);
      if (inFlight.length >= 2) await settleOldest();
      const write = writeBatch(pool, batch, ids);
      write.catch(() => {}); // awaited in settleOldest; this only keeps Node from reporting it as unhandled meanwhile
      inFlight.push({ size, write });
    }
    while (inFlight.length > 0) await settleOldest();
  } finally {
    // On failure, let the other writes finish (or fail) before the caller closes the pool.
    await Promise.allSettled(inFlight.map((entry) => entry.write));
  }
  await pool.query("ANALYZE creators, products, product_images");
  return { products: total, creators: creatorCount, images, milliseconds: Math.round(performance.now() - started) };
}
