import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { hideNote } from "../../shared/moderation-note-schema.ts";
import { recordIdField } from "../../shared/record-id.ts";
import { dismissNote, type ReportInput } from "../../shared/report-schema.ts";
import { isRowId, pageNumber } from "../admin/paging.ts";
import type { Database } from "../db/client.ts";
import { creators, listingReports, products, user } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { type AdminServices, hideProduct } from "./product-moderation.ts";

// Shoppers' reports of listings, and the admin console's queue of them (/admin/reports): the open
// ones oldest first, each with how many open reports its product has; an admin dismisses one
// (with an optional note) or hides the product through product moderation, which closes all of
// the product's open reports as "actioned".

const REPORTS_PER_PAGE = 25;

const NO_SUCH_PRODUCT = "This product does not exist.";
const NO_SUCH_REPORT = "There is no such report.";
export const ALREADY_REPORTED = "You have already reported this listing: our team will look at it.";

/** Who reports: an account, or a guest with the email address they gave. */
export type Reporter = { userId: string } | { userId: null; email: string };

/**
 * Files a report of a published product. One open report per account (or guest address) and
 * product: a second is refused as already reported. A seller cannot report their own product.
 * Reports of one product are taken one at a time (a transaction lock), so two clicks make one.
 */
export async function reportListing(
  db: Database,
  { reporter, productId, report }: { reporter: Reporter; productId: number; report: ReportInput },
): Promise<void> {
  if (!isRowId(productId)) throw new Refusal(NO_SUCH_PRODUCT, "not-found");
  const email = reporter.userId === null ? reporter.email.trim().toLowerCase() : null;
  if (reporter.userId === null && !email) {
    throw new Refusal("Please enter your email address, so that we can follow up.", "invalid");
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('listing_reports'), ${productId}::int)`);
    const [product] = await tx
      .select({ status: products.status, sellerUserId: creators.userId })
      .from(products)
      .innerJoin(creators, eq(creators.id, products.creatorId))
      .where(eq(products.id, productId));
    if (product?.status !== "published") throw new Refusal(NO_SUCH_PRODUCT, "not-found");
    if (reporter.userId !== null && product.sellerUserId === reporter.userId) {
      throw new Refusal("You cannot report your own listing.", "forbidden");
    }
    const [open] = await tx
      .select({ id: listingReports.id })
      .from(listingReports)
      .where(
        and(
          eq(listingReports.productId, productId),
          eq(listingReports.status, "open"),
          reporter.userId !== null
            ? eq(listingReports.userId, reporter.userId)
            : sql`lower(${listingReports.email}) = ${email}`,
        ),
      )
      .limit(1);
    if (open) throw new Refusal(ALREADY_REPORTED, "conflict");
    await tx.insert(listingReports).values({
      productId,
      userId: reporter.userId,
      email,
      reason: report.reason,
      details: report.details,
    });
  });
}

export type ReportView = "open" | "handled";

/** The view and page an address asks for (`?show=handled&page=2`); anything else is the first page of open ones. */
export function reportListQuery(params: URLSearchParams): { view: ReportView; page: number } {
  return { view: params.get("show") === "handled" ? "handled" : "open", page: pageNumber(params.get("page")) };
}

export interface ListedReport {
  id: number;
  productId: number;
  productTitle: string;
  productStatus: "published" | "hidden" | "draft" | "deleted";
  creatorName: string;
  reason: (typeof listingReports.$inferSelect)["reason"];
  details: string;
  /** The account's name, or null for a guest (or a deleted account). */
  reporterName: string | null;
  /** The account's address or the guest's. */
  reporterEmail: string | null;
  createdAt: Date;
  status: "open" | "dismissed" | "actioned";
  resolution: string | null;
  handledByName: string | null;
  handledAt: Date | null;
  /** How many reports of this product are open (this one too, when it is). */
  openForProduct: number;
}

const reporter = alias(user, "reporter");
const handler = alias(user, "handler");

/** One page of reports: the open ones oldest first, or those handled most recently first. */
export async function listReports(
  db: Database,
  { view, page }: { view: ReportView; page: number },
): Promise<{ view: ReportView; page: number; hasNext: boolean; reports: ListedReport[] }> {
  const open = view === "open";
  const rows = await db
    .select({
      id: listingReports.id,
      productId: listingReports.productId,
      productTitle: products.title,
      productStatus: products.status,
      creatorName: creators.name,
      reason: listingReports.reason,
      details: listingReports.details,
      reporterName: reporter.name,
      reporterEmail: sql<string | null>`coalesce(${reporter.email}, ${listingReports.email})`,
      createdAt: listingReports.createdAt,
      status: listingReports.status,
      resolution: listingReports.resolution,
      handledByName: handler.name,
      handledAt: listingReports.handledAt,
      openForProduct: sql<number>`(SELECT count(*)::int FROM ${listingReports} AS others
        WHERE others.product_id = ${listingReports.productId} AND others.status = 'open')`,
    })
    .from(listingReports)
    .innerJoin(products, eq(products.id, listingReports.productId))
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .leftJoin(reporter, eq(reporter.id, listingReports.userId))
    .leftJoin(handler, eq(handler.id, listingReports.handledBy))
    .where(open ? eq(listingReports.status, "open") : inArray(listingReports.status, ["dismissed", "actioned"]))
    .orderBy(
      ...(open
        ? [asc(listingReports.createdAt), asc(listingReports.id)]
        : [desc(listingReports.handledAt), desc(listingReports.id)]),
    )
    .limit(REPORTS_PER_PAGE + 1)
    .offset((page - 1) * REPORTS_PER_PAGE);
  return { view, page, hasNext: rows.length > REPORTS_PER_PAGE, reports: rows.slice(0, REPORTS_PER_PAGE) };
}

/** How many reports wait for an admin (the console's overview). */
export async function openReportCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(listingReports)
    .where(eq(listingReports.status, "open"));
  return row?.count ?? 0;
}

/** The Reports page's forms: dismiss one report (an optional note), or hide its product (a note for the seller). */
export const reportDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("dismiss"), reportId: recordIdField("Choose the report."), note: dismissNote }),
  z.object({ intent: z.literal("hide"), productId: recordIdField("Choose the product to hide."), note: hideNote }),
]);

/** Closes an open report without action; a second admin is told it was already handled. */
export async function dismissReport(
  db: Database,
  { adminId, reportId, note }: { adminId: string; reportId: number; note: string | null },
) {
  if (!isRowId(reportId)) throw new Refusal(NO_SUCH_REPORT, "not-found");
  const [dismissed] = await db
    .update(listingReports)
    .set({ status: "dismissed", resolution: note, handledBy: adminId, handledAt: sql`now()` })
    .where(and(eq(listingReports.id, reportId), eq(listingReports.status, "open")))
    .returning({ id: listingReports.id });
  if (dismissed) return;
  const [existing] = await db
    .select({ id: listingReports.id })
    .from(listingReports)
    .where(eq(listingReports.id, reportId));
  throw existing
    ? new Refusal("This report was already handled.", "conflict")
    : new Refusal(NO_SUCH_REPORT, "not-found");
}

/**
 * Hides a reported product with a note for its seller (product moderation: the seller is emailed),
 * and marks its open reports actioned. A product already hidden (by another admin, or with its
 * shop) only has its reports closed. Answers the product's title, and how many reports closed.
 */
export async function hideReportedProduct(
  services: AdminServices,
  { adminId, productId, note }: { adminId: string; productId: number; note: string },
): Promise<{ title: string; hidden: boolean; sellerTold: boolean; closed: number }> {
  if (!isRowId(productId)) throw new Refusal(NO_SUCH_PRODUCT, "not-found");
  const [product] = await services.db
    .select({ title: products.title, status: products.status })
    .from(products)
    .where(eq(products.id, productId));
  if (!product || product.status === "deleted") throw new Refusal(NO_SUCH_PRODUCT, "not-found");
  const [waiting] = await services.db
    .select({ id: listingReports.id })
    .from(listingReports)
    .where(and(eq(listingReports.productId, productId), eq(listingReports.status, "open")))
    .limit(1);
  if (!waiting) throw new Refusal("This product has no open reports.", "conflict");
  const outcome = product.status === "hidden" ? null : await hideProduct(services, productId, note);
  const closed = await services.db
    .update(listingReports)
    .set({ status: "actioned", resolution: note, handledBy: adminId, handledAt: sql`now()` })
    .where(and(eq(listingReports.productId, productId), eq(listingReports.status, "open")))
    .returning({ id: listingReports.id });
  return {
    title: outcome?.title ?? product.title,
    hidden: outcome !== null,
    sellerTold: outcome?.sellerTold ?? false,
    closed: closed.length,
  };
}
