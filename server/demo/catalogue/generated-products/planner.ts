// Planners: dated and undated, topic and app-specific digital planners, sold by page count.
import { intBetween, pick } from "../../../lib/random.ts";
import { type KindProfile, list, lower, pickSome, STYLE_WORDS, topics } from "./profile.ts";

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

export const planner: KindProfile = {
  countField: "pages",
  countRange: [40, 520],
  priceDollars: [4, 34],
  formats: ["PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PDF", "PNG"],
  styles: ["Minimalist", "Aesthetic", "Boho", "Colorful", "Modern", "Minimalist", "Aesthetic", "Vintage"],
  baseTags: ["planner", "digital planner"],
  title(r, style, year) {
    const topic = pick(r, PLANNER_TOPICS);
    const adjective = pick(r, STYLE_WORDS[style]);
    switch (intBetween(r, 0, 6)) {
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
    (r) => `Includes ${intBetween(r, 2, 12) * 10} bonus note templates`,
    "Habit, mood and budget trackers",
  ],
  whatYouGet: (r, d) => [
    `Planner ${d.format} (${d.count} pages)`,
    ...pickSome(
      r,
      [
        "Light and dark cover versions",
        `${intBetween(r, 5, 40) * 10} pre-cropped digital stickers`,
        "Quick-start guide for GoodNotes and Notability",
        "Printable A4 and US Letter versions",
      ],
      intBetween(r, 1, 3),
    ),
  ],
  specialties: ["Digital Planners & Journals", "Hyperlinked Planners", "Printable Planners & Inserts"],
  studioWords: ["Planners", "Paper Co.", "Plans", "Stationery"],
  bioLine: (name) =>
    `${name} designs hyperlinked digital planners and printable inserts for people who like paper-style planning.`,
};
