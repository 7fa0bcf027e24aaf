import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, categoryAliases } from "../db/schema.ts";

export interface Category {
  id: number;
  slug: string;
  name: string;
  label: string;
  description: string;
}

const categoryColumns = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  label: categories.label,
  description: categories.description,
};

export function listCategories(db: Database): Promise<Category[]> {
  return db.select(categoryColumns).from(categories).orderBy(asc(categories.position));
}

/**
 * The category a slug names, in any letter case, directly or through an alias such as
 * "digital-planners". Its own `slug` is the one address it has: the category page sends every
 * other spelling there.
 */
export async function findCategoryBySlug(db: Database, asked: string): Promise<Category | null> {
  const slug = asked.toLowerCase();
  const [direct] = await db.select(categoryColumns).from(categories).where(eq(categories.slug, slug));
  if (direct) return direct;
  const [aliased] = await db
    .select(categoryColumns)
    .from(categoryAliases)
    .innerJoin(categories, eq(categories.id, categoryAliases.categoryId))
    .where(eq(categoryAliases.slug, slug));
  return aliased ?? null;
}
