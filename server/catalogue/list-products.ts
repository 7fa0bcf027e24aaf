import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, creators, products } from "../db/schema.ts";
import { isPublished, type ProductCard, productCardColumns } from "./product-card.ts";

export const PAGE_SIZE = 24;

export interface ListProductsOptions {
  categoryId?: number;
  creatorId?: number;
  /** Case-insensitive substring of the title, creator, category or any tag. */
  query?: string;
  page?: number;
  pageSize?: number;
}

export interface ProductPage {
  products: ProductCard[];
  total: number;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

// The joins are needed only to match the text query; without one, counting the products
// table alone is an index-only scan.
async function countProducts(db: Database, where: SQL | undefined, joined: boolean): Promise<{ value: number }[]> {
  const base = db.select({ value: count() }).from(products);
  if (!joined) return base.where(where);
  return base
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where);
}

export async function listProducts(db: Database, options: ListProductsOptions = {}): Promise<ProductPage> {
  const { categoryId, creatorId, page = 1, pageSize = PAGE_SIZE } = options;
  const query = options.query?.trim();
  const conditions: (SQL | undefined)[] = [isPublished];
  if (categoryId !== undefined) conditions.push(eq(products.categoryId, categoryId));
  if (creatorId !== undefined) conditions.push(eq(products.creatorId, creatorId));
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    conditions.push(
      or(
        ilike(products.title, pattern),
        ilike(creators.name, pattern),
        ilike(categories.name, pattern),
        ilike(categories.label, pattern),
        sql`EXISTS (SELECT 1 FROM unnest(${products.tags}) AS tag WHERE tag ILIKE ${pattern})`,
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(productCardColumns)
      .from(products)
      .innerJoin(creators, eq(creators.id, products.creatorId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(desc(products.downloads), desc(products.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    countProducts(db, where, Boolean(query)),
  ]);
  return { products: rows, total: total?.value ?? 0 };
}
