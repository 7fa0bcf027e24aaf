import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../../../server/db/client.ts";
import { productFiles } from "../../../server/db/schema.ts";
import { type ApiKeyScope, createApiKey } from "../../../server/sellers/api-keys.ts";
import { createCategory, createProduct, createProductImage, createSeller } from "../../support/factories.ts";

// What the public API's contract test runs against: a seller with keys of each scope, another
// seller, and a shop that may not use the API. Cases (./index.ts) make the rest they need.

export interface ContractWorld {
  db: Database;
  baseUrl: string;
  /** The seller whose keys the cases use. */
  creatorId: number;
  otherCreatorId: number;
  categorySlug: string;
  keys: { read: string; write: string; otherShop: string; suspendedShop: string };
  /** A key with a rate limit counter of its own (of a shop of its own: a shop holds at most 10 keys). */
  freshKey(scope: ApiKeyScope): Promise<{ id: number; key: string }>;
}

export async function makeWorld(db: Database, baseUrl: () => string): Promise<ContractWorld> {
  const seller = await createSeller(db);
  const other = await createSeller(db);
  const suspended = await createSeller(db);
  const category = await createCategory(db);
  const keyOf = async (creatorId: number, scope: ApiKeyScope) => {
    const made = await createApiKey(db, creatorId, { name: `Key ${crypto.randomUUID().slice(0, 6)}`, scope });
    return { id: made.id, key: made.key };
  };
  const suspendedKey = await keyOf(suspended.creator.id, "write");
  await db.execute(sql`UPDATE creators SET standing = 'suspended' WHERE id = ${suspended.creator.id}`);
  return {
    db,
    get baseUrl() {
      return baseUrl();
    },
    creatorId: seller.creator.id,
    otherCreatorId: other.creator.id,
    categorySlug: category.slug,
    keys: {
      read: (await keyOf(seller.creator.id, "read")).key,
      write: (await keyOf(seller.creator.id, "write")).key,
      otherShop: (await keyOf(other.creator.id, "write")).key,
      suspendedShop: suspendedKey.key,
    },
    freshKey: async (scope) => keyOf((await createSeller(db)).creator.id, scope),
  };
}

/** A draft of the seller's that can be published: it has an image and a file. */
export async function publishableDraft(world: ContractWorld, withFile = true) {
  const product = await createProduct(world.db, { creatorId: world.creatorId, status: "draft" });
  await createProductImage(world.db, product.id);
  if (withFile) {
    await world.db.insert(productFiles).values({
      productId: product.id,
      storageKey: `products/${product.id}/${crypto.randomUUID()}`,
      fileName: "planner.pdf",
      contentType: "application/pdf",
      sizeBytes: 1024,
    });
  }
  return product;
}

/** Fills the key's counter of this minute, so that its next request is over the limit. */
export async function exhaustRateLimit(db: Database, keyId: number, limit: number) {
  await db.execute(sql`
    INSERT INTO rate_limit_hits (key, hits, resets_at) VALUES (${`public-api:key-${keyId}`}, ${limit}, now() + interval '1 minute')
    ON CONFLICT (key) DO UPDATE SET hits = excluded.hits, resets_at = excluded.resets_at`);
}
