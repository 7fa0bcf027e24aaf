// Templates: editable social media, document, slide and print templates, sold by number of templates.
import { intBetween, pick } from "../../../lib/random.ts";
import type { Format } from "../sample-types.ts";
import { type KindProfile, list, lower, pickSome, plural, STYLE_WORDS } from "./profile.ts";

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

export const template: KindProfile = {
  countField: "templates",
  countRange: [5, 120],
  priceDollars: [6, 49],
  formats: ["PDF", "PSD", "AI", "PNG"],
  styles: ["Modern", "Minimalist", "Colorful", "Typography", "Aesthetic", "Boho", "Geometric", "Modern", "Minimalist"],
  baseTags: ["templates", "editable"],
  title(r, style, _year) {
    const thing = pick(r, TEMPLATE_THINGS);
    const [tool, format] = pick(r, TOOLS[thing.group]);
    const tags = [...thing.tags, `${lower(tool)} templates`];
    const base = { tool, format, tags, subject: `${lower(thing.name)} template` };
    switch (intBetween(r, 0, 5)) {
      case 0:
        return {
          ...base,
          title: `${tool} ${thing.name} Templates — ${pick(r, TEMPLATE_VARIANTS)}`,
          count: intBetween(r, 10, 120),
        };
      case 1: {
        const audience = pick(r, TEMPLATE_AUDIENCES);
        return {
          ...base,
          title: `${thing.name} Template Kit for ${audience}`,
          tags: [...tags, lower(audience)],
          count: intBetween(r, 6, 40),
        };
      }
      case 2:
        return { ...base, title: `Editable ${thing.name} Template`, count: intBetween(r, 1, 6) };
      case 3: {
        const n = pick(r, TEMPLATE_COUNTS);
        return { ...base, title: `${n} ${tool} ${thing.name} Templates`, count: n };
      }
      case 4:
        return {
          ...base,
          title: `${thing.name} Templates Bundle`,
          tags: [...tags, "bundle"],
          count: intBetween(r, 40, 200),
        };
      default:
        return {
          ...base,
          title: `${pick(r, STYLE_WORDS[style])} ${thing.name} Template Pack`,
          count: intBetween(r, 8, 60),
        };
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
    "Fully editable text, colours and images|Free fonts only, links included|Organised, named layers|Drag-and-drop photo frames|Commercial use license|Print-ready and web sizes",
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
      intBetween(r, 1, 3),
    ),
  ],
  specialties: ["Social Media & Business Templates", "Canva Templates", "Brand Identity Kits"],
  studioWords: ["Templates", "Design Co.", "Creative", "Studio"],
  bioLine: (name) =>
    `${name} makes editable templates for creators, coaches and small brands who want to look polished without a designer.`,
};
