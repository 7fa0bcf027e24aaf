// Generated creators: a shop name, bio, location and popularity per creator, drawn with a seeded faker so that a
// seed reproduces them. The kind decides the specialty, the studio words in shop names and the bio's first line.
import type { Faker } from "@faker-js/faker";
import type { creators } from "../../../db/schema.ts";
import { slugify } from "../../../lib/slug.ts";
import { artUrl } from "../../../media/generated-art.ts";
import { PROFILES, type ProductKind } from "./kinds.ts";
import { list } from "./profile.ts";

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

/** A row for the creators table, plus the kind of product the creator mostly sells. */
export type CreatorRow = Required<
  Omit<typeof creators.$inferInsert, "id" | "isFeatured" | "userId" | "standing" | "suspendedUntil">
> & {
  avatarUrl: string;
  kind: ProductKind;
};

export function makeCreator(f: Faker, kind: ProductKind, avatarSeed: number): CreatorRow {
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
