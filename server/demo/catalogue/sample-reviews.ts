import { intBetween, pick, type Random, seededRandom } from "../../lib/random.ts";

// Reviews for the sample catalogue: as many as each sample product says it has, with stars that
// average to its rating, written from a small stock of sentences. Deterministic per product.

const FIRST_NAMES = [
  "Maya",
  "Liam",
  "Sofia",
  "Noah",
  "Ava",
  "Ethan",
  "Isla",
  "Lucas",
  "Zoe",
  "Mateo",
  "Chloe",
  "Omar",
  "Hannah",
  "Kenji",
  "Priya",
  "Diego",
  "Grace",
  "Tariq",
  "Elena",
  "Sam",
  "Nora",
  "Felix",
  "Amara",
  "Jonas",
];
const INITIALS = "ABCDEFGHJKLMNPRSTVW";

const OPENINGS: Record<number, string[]> = {
  5: [
    "Exactly what I needed.",
    "Absolutely love it!",
    "Worth every cent.",
    "Beautifully made.",
    "Five stars, no question.",
  ],
  4: ["Really good overall.", "Very happy with this.", "Great value.", "Nicely done.", "Does the job well."],
  3: ["It's fine.", "Decent, with a few gaps.", "Okay for the price.", "Mixed feelings."],
  2: ["Not quite what I expected.", "Could be better.", "Disappointing in places."],
  1: ["Not for me.", "Didn't work for what I needed."],
};
const DETAILS: Record<number, string[]> = {
  5: [
    "The download was instant and everything opened without a problem.",
    "The design is clean and it is easy to customise.",
    "I use it every day and it has made things so much simpler.",
    "The creator clearly put a lot of care into the details.",
  ],
  4: [
    "A couple of pages I don't use, but the rest is excellent.",
    "Took a few minutes to set up, then it was smooth sailing.",
    "Would love a few more colour options, but the quality is great.",
  ],
  3: [
    "Some parts are great, others feel unfinished.",
    "The files are fine, the instructions could be clearer.",
    "Good starting point, but I had to adjust a lot.",
  ],
  2: ["The preview made it look more complete than it is.", "A few of the files didn't match the description."],
  1: ["It wasn't compatible with the app I use.", "Too basic for my needs."],
};

export interface SampleReview {
  authorName: string;
  rating: number;
  body: string;
  createdAt: Date;
}

/**
 * Stars for `count` reviews whose average rounds to `rating`: everyone starts at five, then
 * random reviews lose a star (most often from five to four) until the total is right.
 */
function starsFor(random: Random, count: number, rating: number): number[] {
  const stars = Array.from({ length: count }, () => 5);
  let excess = 5 * count - Math.round(rating * count);
  while (excess > 0) {
    const index = intBetween(random, 0, count - 1);
    const floor = random() < 0.8 ? 4 : 1;
    if (stars[index]! > floor) {
      stars[index]! -= 1;
      excess -= 1;
    }
  }
  return stars;
}

export function sampleReviewsFor(
  product: { id: number; rating: number; reviewCount: number },
  from: Date,
  until: Date,
): SampleReview[] {
  const random = seededRandom(product.id * 7919 + 17);
  const span = Math.max(1, until.getTime() - from.getTime());
  return starsFor(random, product.reviewCount, product.rating).map((stars) => ({
    authorName: `${pick(random, FIRST_NAMES)} ${pick(random, [...INITIALS])}.`,
    rating: stars,
    body: `${pick(random, OPENINGS[stars]!)} ${pick(random, DETAILS[stars]!)}`,
    createdAt: new Date(from.getTime() + Math.floor(random() * span)),
  }));
}
