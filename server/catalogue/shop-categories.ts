import { count } from "drizzle-orm";
import type pg from "pg";
import { withAdvisoryLock } from "../db/advisory-lock.ts";
import type { Database, Queryable } from "../db/client.ts";
import { categories, categoryAliases } from "../db/schema.ts";
import type { ArtKind } from "../media/generated-art.ts";

// The shop's six categories and their aliases: every shop has them, live or demo.

interface ShopCategory {
  slug: string; // lowercased name, first space replaced by a hyphen
  name: string; // as in the header: "Digital Courses"
  label: string; // short name used on cards and filters: "Courses"
  description: string;
  aliases: string[]; // other slugs the storefront once linked to, e.g. "digital-planners"
  artKind: ArtKind;
}

export const shopCategories: readonly ShopCategory[] = [
  {
    slug: "planners",
    name: "Planners",
    label: "Planners",
    description:
      "Hyperlinked digital and printable planners to organise your days, goals and projects in GoodNotes, Notability or on paper.",
    aliases: ["digital-planners"],
    artKind: "planner",
  },
  {
    slug: "wall-art",
    name: "Wall Art",
    label: "Wall Art",
    description: "High-resolution printable art and poster sets you can download tonight and frame tomorrow.",
    aliases: ["wall-art-prints"],
    artKind: "wall-art",
  },
  {
    slug: "templates",
    name: "Templates",
    label: "Templates",
    description:
      "Editable design templates for social media, branding, presentations and business documents that save you hours.",
    aliases: [],
    artKind: "template",
  },
  {
    slug: "digital-courses",
    name: "Digital Courses",
    label: "Courses",
    description:
      "Self-paced video courses taught by working creators, with lifetime access and downloadable resources.",
    aliases: [],
    artKind: "course",
  },
  {
    slug: "e-books",
    name: "E-books",
    label: "E-books",
    description: "Practical guides, workbooks and stories in beautifully designed PDF editions for any device.",
    aliases: [],
    artKind: "ebook",
  },
  {
    slug: "printables",
    name: "Printables",
    label: "Printables",
    description: "Ready-to-print worksheets, trackers, cards and party decor for home, school and special occasions.",
    aliases: [],
    artKind: "printable",
  },
];

/** Creates or refreshes the shop's categories and their aliases. */
export async function loadShopCategories(tx: Queryable) {
  const categoryIds = new Map<string, number>();
  const artKinds = new Map<string, ArtKind>();
  for (const [position, category] of shopCategories.entries()) {
    const values = {
      slug: category.slug,
      name: category.name,
      label: category.label,
      description: category.description,
      position,
      artKind: category.artKind,
    };
    const [row] = await tx
      .insert(categories)
      .values(values)
      .onConflictDoUpdate({ target: categories.slug, set: values })
      .returning({ id: categories.id });
    categoryIds.set(category.slug, row!.id);
    artKinds.set(category.slug, category.artKind);
    for (const alias of category.aliases) {
      await tx
        .insert(categoryAliases)
        .values({ slug: alias, categoryId: row!.id })
        .onConflictDoUpdate({ target: categoryAliases.slug, set: { categoryId: row!.id } });
    }
  }
  return { categoryIds, artKinds };
}

/** On first start of a live shop: its categories only, no sample products, creators or demo accounts. */
export async function seedCategoriesIfEmpty(db: Database, pool: pg.Pool): Promise<number> {
  const created = await whenNoCategories(db, pool, () => db.transaction(async (tx) => loadShopCategories(tx)));
  return created?.categoryIds.size ?? 0;
}

/** Runs `work` on a database that has no categories yet (a new shop), once even when servers start together. */
export function whenNoCategories<T>(db: Database, pool: pg.Pool, work: () => Promise<T>): Promise<T | null> {
  return withAdvisoryLock(pool, "seed", async () => {
    const [row] = await db.select({ value: count() }).from(categories);
    return row!.value === 0 ? work() : null;
  });
}
