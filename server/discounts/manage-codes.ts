import { and, desc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import type { DiscountCodeInput } from "../../shared/discount-code-schema.ts";
import type { Database } from "../db/client.ts";
import { discountCodeProducts, discountCodes, products } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { usesByCode } from "./discount-codes.ts";

// Making, listing and ending discount codes: a seller's for their own products (creatorId), or
// the platform's site-wide sales (creatorId null), which only admins make.

/** Whose codes: a seller's shop, or the platform's site-wide sales. */
export type CodeOwner = { creatorId: number } | { siteWide: true };

export const CODE_TAKEN = "This code is already taken. Choose another.";
export const NO_SUCH_CODE = "This discount code does not exist or has already ended.";

const ownerIs = (owner: CodeOwner) =>
  "creatorId" in owner ? eq(discountCodes.creatorId, owner.creatorId) : isNull(discountCodes.creatorId);

/**
 * Makes a code: refused when its text is taken (by anyone, in any case) or it names a product that
 * is not the seller's; nothing is made then.
 */
export async function createDiscountCode(db: Database, owner: CodeOwner, input: DiscountCodeInput) {
  return db.transaction(async (tx) => {
    if (input.productIds) {
      const owned = await tx
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            inArray(products.id, input.productIds),
            "creatorId" in owner ? eq(products.creatorId, owner.creatorId) : undefined,
            notInArray(products.status, ["deleted"]),
          ),
        );
      if (owned.length !== input.productIds.length) throw new Refusal("Choose products from the list.", "invalid");
    }
    const [made] = await tx
      .insert(discountCodes)
      .values({
        code: input.code,
        creatorId: "creatorId" in owner ? owner.creatorId : null,
        kind: input.kind,
        value: input.value,
        allProducts: input.productIds === null,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        maxUses: input.maxUses,
        oncePerBuyer: input.oncePerBuyer,
      })
      .onConflictDoNothing()
      .returning();
    if (!made) throw new Refusal(CODE_TAKEN, "conflict");
    if (input.productIds) {
      await tx
        .insert(discountCodeProducts)
        .values(input.productIds.map((productId) => ({ codeId: made.id, productId })));
    }
    return made;
  });
}

/** The owner's codes, newest first, each with the orders that used it and the products it is for. */
export async function listDiscountCodes(db: Database, owner: CodeOwner) {
  const codes = await db.select().from(discountCodes).where(ownerIs(owner)).orderBy(desc(discountCodes.id));
  const uses = await usesByCode(
    db,
    codes.map((code) => code.id),
  );
  const limited = codes.filter((code) => !code.allProducts).map((code) => code.id);
  const named =
    limited.length === 0
      ? []
      : await db
          .select({ codeId: discountCodeProducts.codeId, title: products.title })
          .from(discountCodeProducts)
          .innerJoin(products, eq(products.id, discountCodeProducts.productId))
          .where(inArray(discountCodeProducts.codeId, limited));
  return codes.map((code) => ({
    ...code,
    uses: uses.get(code.id) ?? 0,
    productTitles: named.filter((row) => row.codeId === code.id).map((row) => row.title),
  }));
}

/** Ends one of the owner's codes now: carts holding it are told it has expired. */
export async function endDiscountCode(
  db: Database,
  { owner, codeId, now = new Date() }: { owner: CodeOwner; codeId: number; now?: Date },
) {
  const [ended] = await db
    .update(discountCodes)
    .set({ disabledAt: now })
    .where(and(eq(discountCodes.id, codeId), ownerIs(owner), isNull(discountCodes.disabledAt)))
    .returning({ code: discountCodes.code });
  if (!ended) throw new Refusal(NO_SUCH_CODE, "not-found");
  return ended.code;
}
