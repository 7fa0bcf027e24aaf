import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  guestReportSchema,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  reportFormSchema,
  reportSchema,
} from "../../shared/report-schema.ts";
import { createProduct, createSeller, createUser } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { LISTING_REPORT_REASONS, listingReports, products } from "../db/schema.ts";
import {
  ALREADY_REPORTED,
  dismissReport,
  hideReportedProduct,
  listReports,
  openReportCount,
  reportDecisionSchema,
  reportListing,
  reportListQuery,
} from "./listing-reports.ts";
import type { AdminServices } from "./product-moderation.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
let services: AdminServices;
let seller: Awaited<ReturnType<typeof createSeller>>;
let admin: { id: string; name: string };

beforeAll(async () => {
  services = { db: database.db, jobs, shopName: "Test Market", publicUrl: "http://shop.test" };
  seller = await createSeller(database.db);
  admin = await createUser(database.db, { role: "admin" });
});

const aProduct = async () => (await createProduct(database.db, { creatorId: seller.creator.id })).id;
const reportsOf = (productId: number) =>
  database.db.select().from(listingReports).where(eq(listingReports.productId, productId));
const SPAM = { reason: "spam", details: "" } as const;

describe("reporting a listing", () => {
  it("files a signed-in shopper's report once while it is open; a second is already reported", async () => {
    const productId = await aProduct();
    const shopper = await createUser(database.db);
    await reportListing(database.db, {
      reporter: { userId: shopper.id },
      productId,
      report: {
        reason: "infringes",
        details: "These are the photos of my own shop.",
      },
    });
    const [report] = await reportsOf(productId);
    expect(report).toMatchObject({
      userId: shopper.id,
      email: null,
      reason: "infringes",
      details: "These are the photos of my own shop.",
      status: "open",
    });
    await expect(
      reportListing(database.db, { reporter: { userId: shopper.id }, productId, report: SPAM }),
    ).rejects.toMatchObject({
      message: ALREADY_REPORTED,
      status: 409,
    });
    expect(await reportsOf(productId)).toHaveLength(1);
    // Once it is handled, they may report it again.
    await dismissReport(database.db, { adminId: admin.id, reportId: report!.id, note: null });
    await reportListing(database.db, { reporter: { userId: shopper.id }, productId, report: SPAM });
    expect(await reportsOf(productId)).toHaveLength(2);
  });

  it("takes a guest's report with their address, once per address", async () => {
    const productId = await aProduct();
    await reportListing(database.db, { reporter: { userId: null, email: "Gus@Example.com" }, productId, report: SPAM });
    expect((await reportsOf(productId))[0]).toMatchObject({ userId: null, email: "gus@example.com" });
    await expect(
      reportListing(database.db, { reporter: { userId: null, email: "gus@example.com" }, productId, report: SPAM }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      reportListing(database.db, { reporter: { userId: null, email: "  " }, productId, report: SPAM }),
    ).rejects.toMatchObject({
      message: "Please enter your email address, so that we can follow up.",
      status: 400,
    });
    expect(await reportsOf(productId)).toHaveLength(1);
  });

  it("refuses the product's own seller, and a product that is not on sale", async () => {
    const productId = await aProduct();
    await expect(
      reportListing(database.db, { reporter: { userId: seller.user.id }, productId, report: SPAM }),
    ).rejects.toMatchObject({
      message: "You cannot report your own listing.",
      status: 403,
    });
    const hidden = (await createProduct(database.db, { status: "hidden" })).id;
    const shopper = await createUser(database.db);
    for (const id of [hidden, 2_147_483_647, 0]) {
      await expect(
        reportListing(database.db, { reporter: { userId: shopper.id }, productId: id, report: SPAM }),
      ).rejects.toMatchObject({
        message: "This product does not exist.",
        status: 404,
      });
    }
    expect(await reportsOf(productId)).toHaveLength(0);
  });

  it("makes one report of two at once", async () => {
    const productId = await aProduct();
    const shopper = await createUser(database.db);
    const results = await Promise.allSettled([
      reportListing(database.db, { reporter: { userId: shopper.id }, productId, report: SPAM }),
      reportListing(database.db, { reporter: { userId: shopper.id }, productId, report: SPAM }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await reportsOf(productId)).toHaveLength(1);
  });

  it("checks the form: a known reason, details within bounds, and a guest's valid address", () => {
    expect([...REPORT_REASONS]).toEqual([...LISTING_REPORT_REASONS]);
    expect(reportSchema.safeParse({ reason: "rude" }).error?.issues[0]?.message).toBe(
      "Please choose why you are reporting this listing.",
    );
    expect(reportSchema.safeParse({}).error?.issues[0]?.message).toBe(
      "Please choose why you are reporting this listing.",
    );
    expect(
      reportSchema.safeParse({ reason: "other", details: "x".repeat(REPORT_DETAILS_MAX_LENGTH + 1) }).error?.issues[0]
        ?.message,
    ).toBe("Please keep the details under 1,000 characters.");
    expect(reportSchema.parse({ reason: "misleading" })).toEqual({ reason: "misleading", details: "" });
    expect(guestReportSchema.safeParse({ reason: "spam" }).error?.issues[0]?.message).toBe(
      "Please enter your email address, so that we can follow up.",
    );
    expect(guestReportSchema.safeParse({ reason: "spam", email: "nope" }).error?.issues[0]?.message).toBe(
      "Please enter a valid email address, like name@example.com.",
    );
    expect(reportFormSchema(false).parse({ reason: "spam", email: "" })).toMatchObject({ reason: "spam" });
  });
});

describe("the admin's queue of reports", () => {
  it("lists open reports oldest first with the product's count; dismissing moves one to handled", async () => {
    const productId = await aProduct();
    const first = await createUser(database.db, { name: "First Reporter" });
    const second = await createUser(database.db);
    await reportListing(database.db, {
      reporter: { userId: first.id },
      productId,
      report: { reason: "misleading", details: "No pages." },
    });
    await reportListing(database.db, { reporter: { userId: second.id }, productId, report: SPAM });
    const before = await openReportCount(database.db);
    const open = await listReports(database.db, reportListQuery(new URLSearchParams()));
    const ours = open.reports.filter((report) => report.productId === productId);
    expect(ours.map((report) => [report.reason, report.openForProduct])).toEqual([
      ["misleading", 2],
      ["spam", 2],
    ]);
    expect(ours[0]).toMatchObject({ reporterName: "First Reporter", reporterEmail: first.email, details: "No pages." });
    const times = open.reports.map((report) => report.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));

    await dismissReport(database.db, { adminId: admin.id, reportId: ours[0]!.id, note: "The page count is right." });
    expect(await openReportCount(database.db)).toBe(before - 1);
    await expect(
      dismissReport(database.db, { adminId: admin.id, reportId: ours[0]!.id, note: null }),
    ).rejects.toMatchObject({
      message: "This report was already handled.",
      status: 409,
    });
    await expect(
      dismissReport(database.db, { adminId: admin.id, reportId: 2_147_483_647, note: null }),
    ).rejects.toMatchObject({ status: 404 });
    const handled = await listReports(database.db, reportListQuery(new URLSearchParams("show=handled")));
    expect(handled.reports[0]).toMatchObject({
      id: ours[0]!.id,
      status: "dismissed",
      resolution: "The page count is right.",
      handledByName: admin.name,
    });
    const [reopened] = (await listReports(database.db, { view: "open", page: 1 })).reports.filter(
      (report) => report.productId === productId,
    );
    expect(reopened?.openForProduct).toBe(1);
  });

  it("hides the reported product through product moderation and closes its open reports as actioned", async () => {
    const productId = await aProduct();
    for (const _ of [1, 2]) {
      await reportListing(database.db, {
        reporter: { userId: (await createUser(database.db)).id },
        productId,
        report: SPAM,
      });
    }
    const outcome = await hideReportedProduct(services, {
      adminId: admin.id,
      productId,
      note: "The listing is a copy of another one.",
    });
    expect(outcome).toMatchObject({ hidden: true, sellerTold: true, closed: 2 });
    const [product] = await database.db.select().from(products).where(eq(products.id, productId));
    expect(product).toMatchObject({
      status: "hidden",
      hiddenBy: "moderation",
      hiddenNote: "The listing is a copy of another one.",
    });
    expect(jobs.emailsTo(seller.user.email).at(-1)?.text).toContain("The listing is a copy of another one.");
    const reports = await reportsOf(productId);
    expect(reports.map((report) => [report.status, report.handledBy])).toEqual([
      ["actioned", admin.id],
      ["actioned", admin.id],
    ]);
    // Nothing is left open: a second hide is refused, and changes nothing.
    await expect(
      hideReportedProduct(services, { adminId: admin.id, productId, note: "Again, for the record." }),
    ).rejects.toMatchObject({
      message: "This product has no open reports.",
      status: 409,
    });
  });

  it("closes the reports of a product already hidden without hiding it again", async () => {
    const productId = await aProduct();
    await reportListing(database.db, {
      reporter: { userId: (await createUser(database.db)).id },
      productId,
      report: SPAM,
    });
    await database.db
      .update(products)
      .set({ status: "hidden", hiddenBy: "moderation" })
      .where(eq(products.id, productId));
    const sent = jobs.sent.length;
    expect(
      await hideReportedProduct(services, { adminId: admin.id, productId, note: "Hidden by another admin." }),
    ).toMatchObject({
      hidden: false,
      closed: 1,
    });
    expect(jobs.sent.length).toBe(sent);
  });

  it("checks the admin's forms: a note to hide, an optional one to dismiss", () => {
    expect(reportDecisionSchema.safeParse({ intent: "hide", productId: "3", note: "short" }).success).toBe(false);
    expect(reportDecisionSchema.parse({ intent: "dismiss", reportId: "4", note: "" })).toEqual({
      intent: "dismiss",
      reportId: 4,
      note: null,
    });
    expect(reportDecisionSchema.safeParse({ intent: "delete", reportId: "4" }).success).toBe(false);
  });
});
