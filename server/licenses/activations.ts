import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { licenseActivations, licenses, orderItems } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { recordSellerEvents } from "../webhooks/deliveries.ts";

// The licence-key API (POST /api/public/v1/licenses/verify, activate, deactivate; decision 036):
// a seller's app checks a key its customer typed in, and takes one of the licence's seats for the
// machine it runs on. No more seats are active at once than the licence has (licenses.seats, which
// an upgrade raises); the same instance activated again is the same seat. A revoked licence (its
// purchase refunded) activates nothing. The answer never names the buyer.

/** Who is asking: anyone with the key, or a seller (their API key) who only sees their own products' licences. */
export interface LicenseCaller {
  creatorId?: number;
}

export const NO_SUCH_LICENSE = "No license has this key.";
export const LICENSE_REVOKED = "This license has been revoked (its purchase was refunded): it activates nothing.";
export const NOT_ACTIVATED = "This instance is not activated on this license.";

export function allSeatsInUse(seats: number) {
  return seats === 1
    ? "The one seat of this license is in use: deactivate its instance first."
    : `All ${seats} seats of this license are in use: deactivate one of its instances first.`;
}

/** Keys are matched without regard to case or the spaces around them. */
function normalKey(key: string) {
  return key.trim().toUpperCase();
}

/** The licence with its product, if the caller may see it; `lock` takes its row for the transaction. */
async function findLicense(db: Queryable, key: string, caller: LicenseCaller, productId?: number, lock = false) {
  const query = db
    .select({
      license: licenses,
      productId: orderItems.productId,
      title: orderItems.title,
      creatorId: orderItems.creatorId,
    })
    .from(licenses)
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .where(
      and(
        eq(licenses.key, normalKey(key)),
        caller.creatorId === undefined ? undefined : eq(orderItems.creatorId, caller.creatorId),
        productId === undefined ? undefined : eq(orderItems.productId, productId),
      ),
    );
  const [found] = lock ? await query.for("update", { of: licenses }) : await query;
  if (!found) throw new Refusal(NO_SUCH_LICENSE, "not-found");
  return found;
}

function activeActivations(db: Queryable, licenseId: number) {
  return db
    .select({ instance: licenseActivations.instance, activatedAt: licenseActivations.createdAt })
    .from(licenseActivations)
    .where(and(eq(licenseActivations.licenseId, licenseId), isNull(licenseActivations.deactivatedAt)))
    .orderBy(asc(licenseActivations.id));
}

type Found = Awaited<ReturnType<typeof findLicense>>;

function describe(found: Found, active: { instance: string; activatedAt: Date }[]) {
  return {
    valid: found.license.status === "active",
    status: found.license.status,
    product: { id: found.productId, title: found.title },
    tier: found.license.tier,
    seats: found.license.seats,
    activations: {
      active: active.length,
      instances: active.map((activation) => ({
        instance: activation.instance,
        activatedAt: activation.activatedAt.toISOString(),
      })),
    },
  };
}

export type LicenseDescription = ReturnType<typeof describe>;

/** What the key is: valid (active) or not, its product, tier, seats and the instances it is active on. */
export async function verifyLicense(
  db: Queryable,
  caller: LicenseCaller,
  input: { key: string; productId?: number },
): Promise<LicenseDescription> {
  const found = await findLicense(db, input.key, caller, input.productId);
  return describe(found, await activeActivations(db, found.license.id));
}

/**
 * Takes a seat of the licence for `instance` (the `license.activated` webhook is recorded with
 * it); the instance already active keeps its seat (`activated: false`). Refused: an unknown key
 * (404), a revoked licence or all seats in use (409). The licence's row is locked, so activations
 * at the same moment are counted one after another.
 */
export async function activateLicense(
  db: Database,
  { jobs, caller, key, instance }: { jobs: JobQueue; caller: LicenseCaller; key: string; instance: string },
): Promise<LicenseDescription & { activated: boolean }> {
  return db.transaction(async (tx) => {
    const found = await findLicense(tx, key, caller, undefined, true);
    const active = await activeActivations(tx, found.license.id);
    if (active.some((activation) => activation.instance === instance)) {
      return { ...describe(found, active), activated: false };
    }
    if (found.license.status !== "active") throw new Refusal(LICENSE_REVOKED, "conflict");
    if (active.length >= found.license.seats) throw new Refusal(allSeatsInUse(found.license.seats), "conflict");
    const [made] = await tx
      .insert(licenseActivations)
      .values({ licenseId: found.license.id, instance })
      .returning({ createdAt: licenseActivations.createdAt });
    const now = [...active, { instance, activatedAt: made!.createdAt }];
    await recordSellerEvents(tx, jobs, [
      {
        creatorId: found.creatorId,
        type: "license.activated",
        data: {
          license: { key: found.license.key, tier: found.license.tier, seats: found.license.seats },
          product: { id: found.productId, title: found.title },
          instance,
          activeActivations: now.length,
          activatedAt: made!.createdAt.toISOString(),
        },
      },
    ]);
    return { ...describe(found, now), activated: true };
  });
}

/** Frees the seat of `instance` (404 when it holds none); allowed on a revoked licence too. */
export async function deactivateLicense(
  db: Database,
  caller: LicenseCaller,
  input: { key: string; instance: string },
): Promise<LicenseDescription> {
  return db.transaction(async (tx) => {
    const found = await findLicense(tx, input.key, caller, undefined, true);
    const [freed] = await tx
      .update(licenseActivations)
      .set({ deactivatedAt: sql`now()` })
      .where(
        and(
          eq(licenseActivations.licenseId, found.license.id),
          eq(licenseActivations.instance, input.instance),
          isNull(licenseActivations.deactivatedAt),
        ),
      )
      .returning({ id: licenseActivations.id });
    if (!freed) throw new Refusal(NOT_ACTIVATED, "not-found");
    return describe(found, await activeActivations(tx, found.license.id));
  });
}
