// Printables: kids', home and party printables, sold by page count.
import { intBetween, pick } from "../../../lib/random.ts";
import { type KindProfile, list, lower, pickSome, plural, STYLE_WORDS } from "./profile.ts";

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

export const printable: KindProfile = {
  countField: "pages",
  countRange: [1, 60],
  priceDollars: [1, 14],
  formats: ["PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PNG", "JPG"],
  styles: ["Colorful", "Minimalist", "Boho", "Vintage", "Modern", "Aesthetic", "Colorful"],
  baseTags: ["printable", "instant download"],
  title(r, style, year) {
    const adjective = pick(r, STYLE_WORDS[style]);
    switch (intBetween(r, 0, 5)) {
      case 0:
      case 5: {
        const thing = pick(r, KID_THINGS);
        const who = pick(r, KID_AUDIENCES);
        const title = intBetween(r, 0, 1) === 0 ? `${who} ${thing} Printable` : `${who} ${thing} Bundle`;
        return { title, subject: lower(thing), tags: [lower(thing), "kids", lower(who)] };
      }
      case 1: {
        const thing = pick(r, HOME_THINGS);
        return {
          title: intBetween(r, 0, 2) === 0 ? `${year} Printable ${thing}` : `Printable ${thing}`,
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
      intBetween(r, 1, 3),
    ),
  ],
  specialties: ["Family & Classroom Printables", "Party Printables", "Home Organisation Printables"],
  studioWords: ["Printables", "Paper Co.", "Prints", "Kids"],
  bioLine: (name) => `${name} creates printables for busy parents and teachers, from chore charts to party decor.`,
};
