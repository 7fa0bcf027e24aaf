import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productFormSchema } from "../../shared/product-schema.ts";
import { createCategory, createCreator } from "../../tests/support/factories.ts";
import { at, moderationFixture, T0 } from "../../tests/support/moderation-fixture.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { productSearch, products } from "../db/schema.ts";
import { applyEditorIntent, type EditorChange } from "../sellers/product-editor.ts";
import { createProduct, setPublished } from "../sellers/seller-products.ts";
import { localFileStore } from "../storage/file-store.ts";
import { creatorListQuery, listCreatorsForAdmin } from "./creator-list.ts";
import { creatorStanding, standingNotice } from "./creator-standing.ts";
import { issueViolation } from "./issue-violation.ts";
import { liftEndedSuspensions } from "./lift-ended-suspensions.ts";

const database = setUpTestDatabase();
const { jobs, admin: ADMIN, services, newCreator, creatorRow } = moderationFixture(database);

/** The admin console's Sellers list for an address's query string. */
const shopsListed = (search: string) =>
  listCreatorsForAdmin(database.db, creatorListQuery(new URLSearchParams(search)));

/** The shop's products by id: status, why hidden, and whether search lists them. */
async function productsOf(creatorId: number) {
  const rows = await database.db
    .select({ id: products.id, status: products.status, hiddenBy: products.hiddenBy, listed: productSearch.published })
    .from(products)
    .innerJoin(productSearch, eq(productSearch.productId, products.id))
    .where(eq(products.creatorId, creatorId))
    .orderBy(asc(products.id));
  return Object.fromEntries(rows.map(({ id, ...row }) => [id, row]));
}

/** Makes the shop's first product a draft and its second hidden by moderation; returns every product id. */
async function withDraftAndModerated(creatorId: number) {
  const ids = Object.keys(await productsOf(creatorId)).map(Number);
  expect(ids.length).toBeGreaterThanOrEqual(3);
  await database.db.update(products).set({ status: "draft" }).where(eq(products.id, ids[0]!));
  await database.db
    .update(products)
    .set({ status: "hidden", hiddenBy: "moderation", hiddenNote: "Copyrighted artwork." })
    .where(eq(products.id, ids[1]!));
  return ids;
}

describe("recording violations", () => {
  it("gives a warning with 7 days to fix, then a 30-day suspension that hides the shop, then removal", async () => {
    const seller = await newCreator();
    const [draft, moderated, ...rest] = await withDraftAndModerated(seller.creatorId);

    const warning = await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Listing photos copied from another shop.",
      now: T0,
    });
    expect(warning).toMatchObject({ step: "warning", issuedAt: T0, fixBy: at(7), endsAt: null, issuedBy: ADMIN });
    expect(await creatorRow(seller.creatorId)).toMatchObject({ standing: "active", suspendedUntil: null });
    expect((await productsOf(seller.creatorId))[rest[0]!]).toEqual({
      status: "published",
      hiddenBy: null,
      listed: true,
    });
    const [warned] = jobs.emailsTo(seller.email);
    expect(warned!.subject).toBe(`A warning about your shop "${seller.name}" on Test Market`);
    expect(warned!.text).toContain("Listing photos copied from another shop.");
    expect(warned!.text).toContain("Please fix the issue by Nov 9, 2026.");
    expect(warned!.text).toContain("appeal within 7 days, until Nov 9, 2026, at http://shop.test/seller/standing");
    expect(await standingNotice(database.db, seller.creatorId, at(1))).toMatchObject({ warningFixBy: at(7) });
    expect(await standingNotice(database.db, seller.creatorId, at(8))).toBeNull();
    // The Account standing page: not in good standing while the warning is to be fixed.
    expect(await creatorStanding(database.db, seller.creatorId, at(1))).toMatchObject({
      standing: "active",
      warningFixBy: at(7),
    });
    expect((await creatorStanding(database.db, seller.creatorId, at(8))).warningFixBy).toBeNull();

    const suspension = await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "The same photos again.",
      now: at(10),
    });
    expect(suspension).toMatchObject({ step: "suspension", issuedAt: at(10), fixBy: null, endsAt: at(40) });
    expect(await creatorRow(seller.creatorId)).toMatchObject({ standing: "suspended", suspendedUntil: at(40) });
    const suspended = await productsOf(seller.creatorId);
    expect(suspended[draft!]).toEqual({ status: "draft", hiddenBy: null, listed: false });
    expect(suspended[moderated!]).toEqual({ status: "hidden", hiddenBy: "moderation", listed: false });
    for (const id of rest) expect(suspended[id]).toEqual({ status: "hidden", hiddenBy: "suspension", listed: false });
    expect(jobs.emailsTo(seller.email).at(-1)!.subject).toBe(`Your shop "${seller.name}" is suspended for 30 days`);
    expect(jobs.emailsTo(seller.email).at(-1)!.text).toContain("suspended from Nov 12, 2026 until Dec 12, 2026");

    const removal = await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Counterfeit products.",
      now: at(12),
    });
    expect(removal).toMatchObject({ step: "removal", fixBy: null, endsAt: null });
    expect(await creatorRow(seller.creatorId)).toMatchObject({ standing: "removed", suspendedUntil: null });
    const removed = await productsOf(seller.creatorId);
    expect(removed[moderated!]).toMatchObject({ status: "hidden", hiddenBy: "moderation" });
    // Drafts stay drafts: nobody sees them, and a removed shop cannot publish.
    expect(removed[draft!]).toEqual({ status: "draft", hiddenBy: null, listed: false });
    for (const id of rest) expect(removed[id]).toEqual({ status: "hidden", hiddenBy: "removal", listed: false });
    expect(jobs.emailsTo(seller.email).at(-1)!.subject).toBe(
      `Your shop "${seller.name}" has been removed from Test Market`,
    );

    await expect(
      issueViolation(services, {
        adminId: ADMIN,
        creatorId: seller.creatorId,
        reason: "Yet another violation.",
        now: at(13),
      }),
    ).rejects.toThrow("This shop has been removed from the marketplace: no further actions can be recorded.");
    expect(jobs.emailsTo(seller.email)).toHaveLength(3);
    // A removed shop's standing never lapses on its own.
    expect(await liftEndedSuspensions(services, at(100))).toBe(0);
    expect((await creatorRow(seller.creatorId)).standing).toBe("removed");

    const listed = (await shopsListed(`q=${encodeURIComponent(seller.email.toUpperCase())}`)).shops[0]!;
    expect(listed).toMatchObject({
      id: seller.creatorId,
      ownerEmail: seller.email,
      standing: "removed",
      nextStep: null,
    });
    expect((await shopsListed("standing=removed")).shops.map((shop) => shop.id)).toContain(seller.creatorId);
    expect((await shopsListed("standing=active")).shops.map((shop) => shop.id)).not.toContain(seller.creatorId);
    expect(await shopsListed("q=no%20such%20shop%20anywhere")).toEqual({ shops: [], hasNext: false });
    expect(listed.actions.map((action) => action.step)).toEqual(["removal", "suspension", "warning"]);
    const standing = await creatorStanding(database.db, seller.creatorId, at(13));
    expect(standing.actions.map((action) => [action.step, action.canAppeal])).toEqual([
      ["removal", true],
      ["suspension", true],
      ["warning", false],
    ]);
  });

  it("refuses a creator without a seller account, an unknown shop and a reason too short", async () => {
    const unowned = await createCreator(database.db);
    for (const creatorId of [unowned!.id, 999_999, Number.NaN]) {
      await expect(
        issueViolation(services, { adminId: ADMIN, creatorId, reason: "A real reason for this.", now: T0 }),
      ).rejects.toThrow("There is no such seller shop.");
    }
    const seller = await newCreator();
    await expect(
      issueViolation(services, { adminId: ADMIN, creatorId: seller.creatorId, reason: " short ", now: T0 }),
    ).rejects.toThrow("Describe the violation in at least 10 characters");
    expect((await shopsListed(`q=${encodeURIComponent(seller.email)}`)).shops).toMatchObject([
      { id: seller.creatorId, actions: [], nextStep: "warning" },
    ]);
  });

  it("gives two violations recorded at the same moment two consecutive steps", async () => {
    const seller = await newCreator();
    const actions = await Promise.all([
      issueViolation(services, {
        adminId: ADMIN,
        creatorId: seller.creatorId,
        reason: "First admin's report.",
        now: T0,
      }),
      issueViolation(services, {
        adminId: ADMIN,
        creatorId: seller.creatorId,
        reason: "Second admin's report.",
        now: T0,
      }),
      issueViolation(services, {
        adminId: ADMIN,
        creatorId: seller.creatorId,
        reason: "Third admin's report.",
        now: T0,
      }),
    ]);
    expect(actions.map((action) => action.step).sort()).toEqual(["removal", "suspension", "warning"]);
    expect((await creatorRow(seller.creatorId)).standing).toBe("removed");
  });
});

describe("the end of a suspension", () => {
  it("makes the shop active again and republishes only what the suspension hid, once", async () => {
    const seller = await newCreator();
    const [draft, moderated, ...rest] = await withDraftAndModerated(seller.creatorId);
    await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Misleading product descriptions.",
      now: T0,
    });
    await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Misleading product descriptions again.",
      now: at(3),
    });
    expect(await standingNotice(database.db, seller.creatorId, at(4))).toMatchObject({
      standing: "suspended",
      suspendedUntil: at(33),
    });

    expect(await liftEndedSuspensions(services, at(32))).toBe(0);
    expect((await creatorRow(seller.creatorId)).standing).toBe("suspended");
    const lifted = await Promise.all([liftEndedSuspensions(services, at(33)), liftEndedSuspensions(services, at(33))]);
    expect(lifted.sort()).toEqual([0, 1]);
    expect(await creatorRow(seller.creatorId)).toMatchObject({ standing: "active", suspendedUntil: null });
    expect(jobs.emailsTo(seller.email).map((email) => email.subject)).toEqual([
      `A warning about your shop "${seller.name}" on Test Market`,
      `Your shop "${seller.name}" is suspended for 30 days`,
      `Your shop "${seller.name}" is open again`,
    ]);
    const after = await productsOf(seller.creatorId);
    expect(after[draft!]).toEqual({ status: "draft", hiddenBy: null, listed: false });
    expect(after[moderated!]).toEqual({ status: "hidden", hiddenBy: "moderation", listed: false });
    for (const id of rest) expect(after[id]).toEqual({ status: "published", hiddenBy: null, listed: true });
    const [note] = await database.db
      .select({ note: products.hiddenNote })
      .from(products)
      .where(eq(products.id, rest[0]!));
    expect(note!.note).toBeNull();
    expect(await standingNotice(database.db, seller.creatorId, at(34))).toBeNull();

    // The suspension still counts: the next violation removes the shop.
    expect(
      (
        await issueViolation(services, {
          adminId: ADMIN,
          creatorId: seller.creatorId,
          reason: "A third violation here.",
          now: at(40),
        })
      ).step,
    ).toBe("removal");
  });
});

describe("a shop's products while it is suspended or removed", () => {
  it("refuses publishing while suspended, and adding products once removed", async () => {
    const seller = await newCreator();
    const { id: categoryId } = await createCategory(database.db);
    const form = productFormSchema.parse({
      title: "Calm Weekly Planner",
      description: "A calm weekly planner with habit trackers and notes pages.",
      categoryId: String(categoryId),
      tags: "planner",
      format: "PDF",
      price: "12.50",
      originalPrice: "",
      features: "Undated pages",
      whatYouGet: "1 PDF planner",
      pages: "120",
    });
    const draft = await createProduct(database.db, seller.creatorId, form);
    await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Misleading product descriptions.",
      now: T0,
    });
    await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Misleading product descriptions again.",
      now: at(1),
    });
    await expect(
      setPublished(database.db, { creatorId: seller.creatorId, productId: draft, published: true }),
    ).rejects.toThrow("Your shop is suspended until Dec 3, 2026: products cannot be published until then.");
    // Drafts can still be prepared while suspended.
    const another = await createProduct(database.db, seller.creatorId, form);

    await liftEndedSuspensions(services, at(31));
    // Active again: what stops it now is only the missing image and file.
    await expect(
      setPublished(database.db, { creatorId: seller.creatorId, productId: another, published: true }),
    ).rejects.toThrow("Add at least one image and one file before publishing.");

    await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Counterfeit products.",
      now: at(40),
    });
    await expect(createProduct(database.db, seller.creatorId, form)).rejects.toThrow(
      "Your shop has been removed from the marketplace.",
    );
    await expect(
      setPublished(database.db, { creatorId: seller.creatorId, productId: draft, published: true }),
    ).rejects.toThrow("Your shop has been removed from the marketplace.");
    // Nor can it change or delete what it has: an upheld appeal brings the products back as they were.
    const editor = {
      db: database.db,
      files: localFileStore(fs.mkdtempSync(path.join(os.tmpdir(), "removed-"))),
      jobs: recordingJobs(),
    };
    const changes: EditorChange[] = [
      { intent: "save", product: { ...form, title: "Renamed while removed" } },
      { intent: "delete" },
      { intent: "unpublish" },
    ];
    for (const change of changes) {
      await expect(
        applyEditorIntent(editor, { creatorId: seller.creatorId, productId: draft, change }),
      ).rejects.toThrow("Your shop has been removed from the marketplace.");
    }
    const [kept] = await database.db.select().from(products).where(eq(products.id, draft));
    expect(kept).toMatchObject({ title: "Calm Weekly Planner", status: "draft" });
  });
});
