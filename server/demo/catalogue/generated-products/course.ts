// Courses: self-paced video courses, sold by running time.
import { intBetween, pick } from "../../../lib/random.ts";
import { type KindProfile, pickSome, plural, topics } from "./profile.ts";

const COURSE_TOPICS = topics(
  "Excel Budget Tracker=excel,budgeting|Procreate Lettering=procreate,lettering|Watercolor Florals=watercolor,painting|SEO=seo,marketing|Email Marketing=email marketing,marketing|Etsy Selling=etsy,ecommerce|Smartphone Photography=photography|Lightroom Editing=lightroom,photo editing|Notion=notion,productivity|Canva Design=canva,design|Brand Design=branding,design|Copywriting=copywriting,writing|Pinterest Marketing=pinterest,marketing|TikTok Growth=tiktok,social media|Bookkeeping=bookkeeping,finance|Sourdough Baking=sourdough,baking|Knitting=knitting,crafts|UX Design=ux design,design|Adobe Illustrator=illustrator,design|Video Editing=video editing|Python=python,programming|Personal Finance=personal finance,money|Modern Calligraphy=calligraphy,lettering|Hand Embroidery=embroidery,crafts|Interior Styling=interior design,home decor|Podcasting=podcasting|Figma=figma,ui design|Google Sheets Automation=google sheets,automation|Digital Planner Design=digital planners,design|Print-on-Demand=print on demand,ecommerce|Public Speaking=public speaking|Spanish for Travelers=spanish,languages",
);
const COURSE_DAYS = [7, 14, 21, 30];

export const course: KindProfile = {
  countField: "durationMinutes",
  countRange: [45, 1440],
  priceDollars: [19, 199],
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
    `${Math.max(4, Math.round(d.count / intBetween(r, 6, 14)))} video lessons (1080p)`,
    ...pickSome(
      r,
      [
        "Course workbook (PDF)",
        "Project files and templates",
        "Monthly live Q&A replays",
        "Resource list and cheat sheet",
      ],
      intBetween(r, 1, 3),
    ),
  ],
  specialties: ["Online Courses & Workshops", "Creative Skills Courses", "Marketing & Business Courses"],
  studioWords: ["Academy", "School", "Learning", "Workshops"],
  bioLine: (name) => `${name} teaches practical, project-based video courses for creatives and small business owners.`,
};
