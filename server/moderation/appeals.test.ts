import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appealSchema } from "../../shared/appeal-schema.ts";
import { at, moderationFixture, T0 } from "../../tests/support/moderation-fixture.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { appeals, enforcementActions, products } from "../db/schema.ts";
import { appealAction } from "./appeal-action.ts";
import { creatorStanding } from "./creator-standing.ts";
import { decideAppeal } from "./decide-appeal.ts";
import { issueViolation } from "./issue-violation.ts";
import { appealDecisionSchema } from "./moderation-schemas.ts";
import { pendingAppeals } from "./pending-appeals.ts";

const database = setUpTestDatabase();
const { jobs, admin: ADMIN, services, newCreator, creatorRow } = moderationFixture(database);
const MESSAGE = "The photos are my own work; here is the original file with its date.";

const statusesOf = async (creatorId: number) =>
  (
    await database.db
      .select({ status: products.status, hiddenBy: products.hiddenBy })
      .from(products)
      .where(eq(products.creatorId, creatorId))
      .orderBy(asc(products.id))
  ).map((row) => `${row.status}${row.hiddenBy ? `:${row.hiddenBy}` : ""}`);

const appealOf = async (id: number) => (await database.db.select().from(appeals).where(eq(appeals.id, id)))[0]!;

describe("the appeal form", () => {
  it("needs a message of 20 to 2000 characters and a decision to deny needs a note", () => {
    const problem = (input: object) => appealSchema.safeParse(input).error?.issues[0]?.message;
    expect(appealSchema.parse({ actionId: "4", message: `  ${MESSAGE}  ` })).toEqual({ actionId: 4, message: MESSAGE });
    expect(problem({ actionId: "4", message: "Not me." })).toBe(
      "Please explain your appeal in at least 20 characters.",
    );
    expect(problem({ actionId: "4", message: "x".repeat(2001) })).toBe(
      "Please keep your appeal under 2000 characters.",
    );
    expect(appealDecisionSchema.parse({ intent: "uphold", appealId: "2", note: "" })).toEqual({
      intent: "uphold",
      appealId: 2,
      note: null,
    });
    expect(appealDecisionSchema.safeParse({ intent: "deny", appealId: "2", note: " " }).error?.issues[0]?.message).toBe(
      "Tell the seller why the appeal is denied, in at least 10 characters.",
    );
  });
});

describe("appealing an action", () => {
  it("takes one appeal per action within 7 days, from the shop's seller only", async () => {
    const seller = await newCreator();
    const other = await newCreator();
    const warning = await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Listing photos copied from a shop.",
      now: T0,
    });

    // Another shop's action answers like one that does not exist, and stays unappealed.
    for (const [creatorId, actionId] of [
      [other.creatorId, warning.id],
      [seller.creatorId, 999_999],
      [seller.creatorId, Number.NaN],
    ] as const) {
      await expect(appealAction(services, { creatorId, actionId, message: MESSAGE, now: at(1) })).rejects.toThrow(
        "We could not find this action on your shop.",
      );
    }
    await expect(
      appealAction(services, { creatorId: seller.creatorId, actionId: warning.id, message: "Too short.", now: at(1) }),
    ).rejects.toThrow("at least 20 characters");
    expect(await database.db.select().from(appeals)).toEqual([]);

    // Two at once (a double click): one appeal.
    const sent = await Promise.allSettled([
      appealAction(services, { creatorId: seller.creatorId, actionId: warning.id, message: MESSAGE, now: at(6.9) }),
      appealAction(services, { creatorId: seller.creatorId, actionId: warning.id, message: MESSAGE, now: at(6.9) }),
    ]);
    expect(sent.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    await expect(
      appealAction(services, { creatorId: seller.creatorId, actionId: warning.id, message: MESSAGE, now: at(6.95) }),
    ).rejects.toThrow("You have already appealed this action.");
    const [appeal] = await database.db.select().from(appeals);
    expect(appeal).toMatchObject({ actionId: warning.id, message: MESSAGE, status: "pending", createdAt: at(6.9) });
    expect(jobs.emailsTo(seller.email).at(-1)!.subject).toBe("We received your appeal (warning)");
    expect(jobs.emailsTo(seller.email).at(-1)!.text).toContain("3-5 business days");
    expect((await pendingAppeals(database.db)).map((row) => [row.id, row.creatorName, row.message])).toEqual([
      [appeal!.id, seller.name, MESSAGE],
    ]);
    const standing = await creatorStanding(database.db, seller.creatorId, at(6.95));
    expect(standing.actions).toMatchObject([{ id: warning.id, canAppeal: false, appeal: { status: "pending" } }]);
  });

  it("refuses an appeal after the 7 days, saying when they ended", async () => {
    const seller = await newCreator();
    const warning = await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Listing photos copied from a shop.",
      now: T0,
    });
    expect((await creatorStanding(database.db, seller.creatorId, at(7))).actions[0]!.canAppeal).toBe(true);
    await expect(
      appealAction(services, {
        creatorId: seller.creatorId,
        actionId: warning.id,
        message: MESSAGE,
        now: new Date(at(7).getTime() + 1000),
      }),
    ).rejects.toThrow("The 7 days to appeal this action ended on Nov 9, 2026: it can no longer be appealed.");
    expect((await creatorStanding(database.db, seller.creatorId, at(8))).actions[0]!.canAppeal).toBe(false);
    // At the last moment it is still in time.
    await appealAction(services, { creatorId: seller.creatorId, actionId: warning.id, message: MESSAGE, now: at(7) });
  });
});

describe("deciding an appeal", () => {
  it("upheld, revokes a suspension: the shop is active, its products back, and the step no longer counts", async () => {
    const seller = await newCreator();
    const before = await statusesOf(seller.creatorId);
    await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Misleading product descriptions.",
      now: T0,
    });
    const suspension = await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Misleading again, twice.",
      now: at(10),
    });
    expect(await statusesOf(seller.creatorId)).not.toEqual(before);
    const appeal = await appealAction(services, {
      creatorId: seller.creatorId,
      actionId: suspension.id,
      message: MESSAGE,
      now: at(11),
    });

    const decisions = await Promise.allSettled([
      decideAppeal(services, { adminId: ADMIN, appealId: appeal.id, decision: { uphold: true }, now: at(13) }),
      decideAppeal(services, { adminId: ADMIN, appealId: appeal.id, decision: { uphold: true }, now: at(13) }),
    ]);
    expect(decisions.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    await expect(
      decideAppeal(services, {
        adminId: ADMIN,
        appealId: appeal.id,
        decision: { uphold: false, note: "Changed my mind here." },
      }),
    ).rejects.toThrow("This appeal has already been decided.");
    expect(await appealOf(appeal.id)).toMatchObject({ status: "upheld", decidedBy: ADMIN, decidedAt: at(13) });
    const [revoked] = await database.db
      .select()
      .from(enforcementActions)
      .where(eq(enforcementActions.id, suspension.id));
    expect(revoked!.revokedAt).toEqual(at(13));
    expect(await creatorRow(seller.creatorId)).toMatchObject({ standing: "active", suspendedUntil: null });
    expect(await statusesOf(seller.creatorId)).toEqual(before);
    expect(jobs.emailsTo(seller.email).at(-1)!.subject).toBe(
      "Your appeal was accepted: the 30-day suspension is withdrawn",
    );

    // Only the warning stands: the next violation is a suspension again, not a removal.
    const next = await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Misleading, once more.",
      now: at(20),
    });
    expect(next.step).toBe("suspension");
  });

  it("upheld, revokes a removal: drafts stay drafts, and a suspension still running hides the shop again", async () => {
    const seller = await newCreator();
    const [draft] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.creatorId, seller.creatorId))
      .orderBy(asc(products.id))
      .limit(1);
    await database.db.update(products).set({ status: "draft" }).where(eq(products.id, draft!.id));
    await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Misleading product descriptions.",
      now: T0,
    });
    const suspension = await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Misleading again, twice.",
      now: at(1),
    });
    const removal = await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Counterfeit products sold.",
      now: at(2),
    });
    expect(new Set(await statusesOf(seller.creatorId))).toEqual(new Set(["draft", "hidden:removal"]));

    const appeal = await appealAction(services, {
      creatorId: seller.creatorId,
      actionId: removal.id,
      message: MESSAGE,
      now: at(3),
    });
    expect(
      await decideAppeal(services, {
        adminId: ADMIN,
        appealId: appeal.id,
        decision: { uphold: true, note: "Not counterfeit." },
        now: at(5),
      }),
    ).toEqual({
      standing: "suspended",
    });
    expect(await creatorRow(seller.creatorId)).toMatchObject({
      standing: "suspended",
      suspendedUntil: suspension.endsAt,
    });
    const [first, ...others] = await statusesOf(seller.creatorId);
    expect(first).toBe("draft");
    expect(new Set(others)).toEqual(new Set(["hidden:suspension"]));
    expect(jobs.emailsTo(seller.email).at(-1)!.text).toContain("Not counterfeit.");
  });

  it("denied, needs a note; the action stands and the seller reads why", async () => {
    const seller = await newCreator();
    await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Misleading product descriptions.",
      now: T0,
    });
    const suspension = await issueViolation(services, {
      adminId: ADMIN,
      creatorId: seller.creatorId,
      reason: "Misleading again, twice.",
      now: at(1),
    });
    const appeal = await appealAction(services, {
      creatorId: seller.creatorId,
      actionId: suspension.id,
      message: MESSAGE,
      now: at(2),
    });
    for (const note of [undefined, "", "   ", "No."]) {
      await expect(
        decideAppeal(services, { adminId: ADMIN, appealId: appeal.id, decision: { uphold: false, note }, now: at(3) }),
      ).rejects.toThrow("Tell the seller why the appeal is denied");
    }
    expect((await appealOf(appeal.id)).status).toBe("pending");
    const note = "The descriptions still promise 500 pages; the file has 40.";
    expect(
      await decideAppeal(services, {
        adminId: ADMIN,
        appealId: appeal.id,
        decision: { uphold: false, note },
        now: at(3),
      }),
    ).toEqual({
      standing: "suspended",
    });
    expect(await appealOf(appeal.id)).toMatchObject({ status: "denied", decisionNote: note, decidedBy: ADMIN });
    expect((await creatorRow(seller.creatorId)).standing).toBe("suspended");
    const denied = jobs.emailsTo(seller.email).at(-1)!;
    expect(denied.subject).toBe("Your appeal was not accepted (30-day suspension)");
    expect(denied.text).toContain(note);
    expect((await pendingAppeals(database.db)).map((row) => row.id)).not.toContain(appeal.id);
    await expect(
      decideAppeal(services, { adminId: ADMIN, appealId: 999_999, decision: { uphold: true } }),
    ).rejects.toThrow("There is no such appeal.");
  });
});
