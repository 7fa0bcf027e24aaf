// E-books: practical guides and workbooks, sold by page count.
import { intBetween, pick } from "../../../lib/random.ts";
import { type KindProfile, lower, pickSome, topics } from "./profile.ts";

const EBOOK_TOPICS = topics(
  "Sourdough Baking=sourdough,baking|Plant-Based Meal Prep=meal prep,vegan|Freelance Pricing=freelancing,pricing|Minimalist Living=minimalism|Budgeting=budgeting,personal finance|Slow Travel=travel|Houseplant Care=houseplants|Mindfulness=mindfulness,wellbeing|Productivity=productivity|Watercolor=watercolor,art|Etsy SEO=etsy,seo|Instagram Growth=instagram,social media|Home Organisation=organization,home|Gentle Parenting=parenting|Marathon Training=running,fitness|Capsule Wardrobe=fashion,minimalism|Small-Space Gardening=gardening|Journaling=journaling|Self-Publishing=writing,publishing|Passive Income=passive income,business|Fermentation=fermentation,cooking|Zero-Waste Living=zero waste,sustainability|Morning Routines=routines,habits|Air Fryer Cooking=air fryer,recipes|Dog Training=dogs,pets|Vegan Desserts=vegan,baking|Retirement Saving=retirement,money|Bullet Journaling=bullet journal",
);
const GUIDE_WORDS = ["Beginner's", "Busy Person's", "Complete", "Practical", "Little", "Honest", "Modern", "Pocket"];
const EBOOK_DAYS = [7, 14, 21, 30, 60];

export const ebook: KindProfile = {
  countField: "pages",
  countRange: [30, 360],
  priceDollars: [2, 24],
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
      intBetween(r, 1, 3),
    ),
  ],
  specialties: ["E-books & Guided Journals", "Practical Guides", "Cookbooks & Lifestyle Guides"],
  studioWords: ["Press", "Books", "Publishing", "Guides"],
  bioLine: (name) =>
    `${name} publishes practical guides and workbooks, edited to be read in an evening and used for years.`,
};
