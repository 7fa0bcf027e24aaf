import { and, count, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { creators, products } from "../db/schema.ts";
import { isPublished } from "./product-card.ts";

export interface CreatorProfile {
  id: number;
  slug: string;
  name: string;
  avatarUrl: string | null;
  specialty: string;
  bio: string;
  location: string;
  website: string | null;
  joinDate: string;
  badges: string[];
  followers: number;
  totalSales: number;
  rating: number;
  totalProducts: number;
}

export async function getCreatorProfile(db: Database, slug: string): Promise<CreatorProfile | null> {
  const [row] = await db
    .select({
      id: creators.id,
      slug: creators.slug,
      name: creators.name,
      avatarUrl: creators.avatarUrl,
      specialty: creators.specialty,
      bio: creators.bio,
      location: creators.location,
      website: creators.website,
      joinDate: creators.joinDate,
      badges: creators.badges,
      followers: creators.followers,
      totalSales: creators.totalSales,
      rating: creators.rating,
      totalProducts: count(products.id),
    })
    .from(creators)
    .leftJoin(products, and(eq(products.creatorId, creators.id), isPublished))
    .where(eq(creators.slug, slug))
    .groupBy(creators.id);
  return row ?? null;
}
