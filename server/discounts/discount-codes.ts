import { and, count, eq, inArray, notInArray, sql } from "drizzle-orm";
import { formatDayUtc } from "../../shared/format.ts";
import type { Queryable } from "../db/client.ts";
import { discountCodeProducts, discountCodes, discountRedemptions, orders } from "../db/schema.ts";
import { apportion } from "../orders/money.ts";

// Discount codes as the cart and checkout use them: found by their text whatever its case,
// checked (dates, uses left, the products they apply to, once per buyer) and turned into a
// discount on each line, to the cent. The seller's 70% is of what was paid after the discount.

type DiscountCode = typeof discountCodes.$inferSelect;

/** A code with the products it is limited to (none: all of its creator's, or all of the shop's). */
export interface FoundCode {
  code: DiscountCode;
  productIds: ReadonlySet<number>;
}

export const CODE_UNKNOWN = "This code does not exist. Check it and try again.";
export const CODE_ENDED = "This code has expired.";
export const CODE_USED_UP = "This code has been used up.";
export const CODE_USED_BY_BUYER = "You have already used this code.";
export const CODE_APPLIES_TO_NOTHING = "This code does not apply to anything in your cart.";

/** Orders whose use of a code is given back: they ended without being paid. */
const GIVEN_BACK = ["expired", "cancelled"] as const;

/**
 * The code named `text` (any case, spaces around it ignored), or null. `lock` takes the code's
 * row for the rest of the transaction, so that checkouts with it count its uses one at a time.
 */
async function findCode(db: Queryable, text: string, lock = false): Promise<FoundCode | null> {
  const wanted = text.trim();
  if (wanted === "" || wanted.length > 40) return null;
  const query = db.select().from(discountCodes).where(sql`upper(${discountCodes.code}) = upper(${wanted})`);
  const [code] = lock ? await query.for("update") : await query;
  if (!code) return null;
  const limited = code.allProducts
    ? []
    : await db
        .select({ productId: discountCodeProducts.productId })
        .from(discountCodeProducts)
        .where(eq(discountCodeProducts.codeId, code.id));
  return { code, productIds: new Set(limited.map((row) => row.productId)) };
}

/** The text of the code with this id (an earlier order's), or undefined. */
export async function codeTextOf(db: Queryable, codeId: number | null): Promise<string | undefined> {
  if (codeId === null) return undefined;
  const [row] = await db.select({ code: discountCodes.code }).from(discountCodes).where(eq(discountCodes.id, codeId));
  return row?.code;
}

/** How many orders hold a use of each code: every order that used it, but those that ended unpaid. */
export async function usesByCode(db: Queryable, codeIds: readonly number[]): Promise<Map<number, number>> {
  if (codeIds.length === 0) return new Map();
  const rows = await db
    .select({ codeId: discountRedemptions.codeId, uses: count() })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(and(inArray(discountRedemptions.codeId, [...codeIds]), notInArray(orders.status, [...GIVEN_BACK])))
    .groupBy(discountRedemptions.codeId);
  return new Map(rows.map((row) => [row.codeId, row.uses]));
}

async function usesTaken(db: Queryable, codeId: number): Promise<number> {
  return (await usesByCode(db, [codeId])).get(codeId) ?? 0;
}

/** Whether the buyer with this email has an order that used the code (and did not end unpaid). */
export async function usedByBuyer(db: Queryable, codeId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ uses: count() })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(
      and(
        eq(discountRedemptions.codeId, codeId),
        eq(discountRedemptions.email, email.trim().toLowerCase()),
        notInArray(orders.status, [...GIVEN_BACK]),
      ),
    );
  return (row?.uses ?? 0) > 0;
}

/** Why the code cannot be used at `now` (its dates, switched off, no uses left), or null. */
async function codeProblem(db: Queryable, found: FoundCode, now: Date): Promise<string | null> {
  const { code } = found;
  if (code.disabledAt && code.disabledAt <= now) return CODE_ENDED;
  if (code.endsAt && code.endsAt <= now) return CODE_ENDED;
  if (code.startsAt && code.startsAt > now) return `This code can be used from ${formatDayUtc(code.startsAt)}.`;
  if (code.maxUses !== null && (await usesTaken(db, code.id)) >= code.maxUses) return CODE_USED_UP;
  return null;
}

/** Whether the code applies to a line: its creator's (or, site-wide, any) product, and one it names if it names some. */
function appliesTo(found: FoundCode, line: { productId: number; creatorId: number }): boolean {
  const { code, productIds } = found;
  if (code.creatorId !== null && code.creatorId !== line.creatorId) return false;
  return code.allProducts || productIds.has(line.productId);
}

/**
 * Each line's discount, in cents: a percent code takes its percent of the lines it applies to
 * (rounded once, half a cent up), an amount code its amount (at most those lines' total); either
 * is shared out over those lines in proportion to their totals (apportion), so that the parts add
 * up to the discount exactly.
 */
export function lineDiscounts(
  found: FoundCode,
  lines: readonly { productId: number; creatorId: number; lineTotalCents: number }[],
): number[] {
  const weights = lines.map((line) => (appliesTo(found, line) ? line.lineTotalCents : 0));
  const eligible = weights.reduce((sum, weight) => sum + weight, 0);
  const { kind, value } = found.code;
  const total = kind === "percent" ? Math.round((eligible * value) / 100) : Math.min(value, eligible);
  return apportion(total, weights);
}

/** A code applied to some lines: each line's discount, or why it gives none. */
export interface PricedDiscount {
  /** The code as its creator wrote it, or as typed when there is no such code. */
  code: string;
  codeId: number | null;
  oncePerBuyer: boolean;
  /** Each line's discount in cents, in the lines' order; all 0 when there is a problem. */
  lineCents: number[];
  problem: string | null;
}

/**
 * The discount `enteredCode` gives these lines (a seat's price times the seats) at `now`: found, usable,
 * and applying to at least one of them, or the problem that says why not. `lock` (inside a checkout's transaction) takes the
 * code's row first, so that the uses counted are those of every checkout before this one.
 */
export async function priceDiscount(
  db: Queryable,
  {
    enteredCode,
    pricedLines,
    now = new Date(),
    lock,
  }: {
    enteredCode: string;
    pricedLines: readonly { productId: number; creatorId: number; priceCents: number; quantity: number }[];
    now?: Date;
    lock?: boolean;
  },
): Promise<PricedDiscount> {
  const lines = pricedLines.map((line) => ({ ...line, lineTotalCents: line.priceCents * line.quantity }));
  const none = lines.map(() => 0);
  const found = await findCode(db, enteredCode, lock);
  if (!found) {
    return { code: enteredCode.trim(), codeId: null, oncePerBuyer: false, lineCents: none, problem: CODE_UNKNOWN };
  }
  const answer = { code: found.code.code, codeId: found.code.id, oncePerBuyer: found.code.oncePerBuyer };
  const problem =
    (await codeProblem(db, found, now)) ??
    (lines.some((line) => appliesTo(found, line)) ? null : CODE_APPLIES_TO_NOTHING);
  if (problem) return { ...answer, lineCents: none, problem };
  return { ...answer, lineCents: lineDiscounts(found, lines), problem: null };
}
