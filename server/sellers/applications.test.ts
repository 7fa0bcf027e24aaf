import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sellerApplicationSchema } from "../../shared/seller-application-schema.ts";
import { createCreator } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { setAdminRole } from "../admin/admin-role.ts";
import { creators, user } from "../db/schema.ts";
import {
  applyToSell,
  decideApplication,
  latestApplication,
  pendingApplications,
  type SellerServices,
} from "./applications.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
let services: SellerServices;

beforeAll(async () => {
  // A creator already on the shop, whose name nobody else may take.
  await createCreator(database.db);
  services = { db: database.db, jobs, shopName: "Test Market", publicUrl: "http://shop.test" };
});

const form = {
  shopName: "Paper Fox Studio",
  specialty: "Digital planners",
  bio: "I design calm, minimalist planners for busy people who love paper.",
  website: "",
  sampleUrl: "https://portfolio.example/paper-fox",
  acceptGuidelines: "on",
};

async function applicant(id: string) {
  await database.db.insert(user).values({ id, name: `Maker ${id}`, email: `${id}@example.com` });
  return { id, name: `Maker ${id}`, email: `${id}@example.com`, isSeller: false };
}

describe("the application form", () => {
  it("needs the shop name, specialty, a bio, a sample link and the guidelines accepted; the website is optional", () => {
    expect(sellerApplicationSchema.parse(form)).toMatchObject({ shopName: "Paper Fox Studio", website: null });
    const problem = (changes: Record<string, string | undefined>) =>
      sellerApplicationSchema.safeParse({ ...form, ...changes }).error?.issues[0]?.message;
    expect(problem({ acceptGuidelines: undefined })).toBe("Please accept the seller guidelines.");
    expect(problem({ sampleUrl: "javascript:alert(1)" })).toMatch(/^Share a link to a sample/);
    expect(problem({ website: "portfolio.example" })).toMatch(/^Your website must be a full address/);
    expect(problem({ bio: "Too short." })).toMatch(/at least 30 characters/);
    expect(problem({ shopName: " " })).toMatch(/at least 2 characters/);
  });
});

describe("applying to sell and the platform's decision", () => {
  it("records one application under review and confirms it by email", async () => {
    const maker = await applicant("maker-1");
    await applyToSell(services, maker, sellerApplicationSchema.parse(form));
    expect(await latestApplication(database.db, maker.id)).toMatchObject({
      status: "pending",
      shopName: "Paper Fox Studio",
    });
    expect(jobs.emailsTo(maker.email).map((email) => email.subject)).toEqual([
      "We received your application to sell on Test Market",
    ]);
    expect(jobs.emailsTo(maker.email)[0]!.text).toContain("this takes 2-3 business days");
    await expect(
      applyToSell(services, maker, sellerApplicationSchema.parse({ ...form, shopName: "Other Name" })),
    ).rejects.toThrow("Your application is already being reviewed.");
  });

  it("refuses a seller, and a shop name another creator or applicant has", async () => {
    const seller = await applicant("maker-2");
    await expect(
      applyToSell(services, { ...seller, isSeller: true }, sellerApplicationSchema.parse(form)),
    ).rejects.toThrow("You are already a seller.");
    const [existing] = await database.db.select({ name: creators.name }).from(creators).limit(1);
    for (const shopName of [existing!.name.toUpperCase(), "paper fox studio"]) {
      await expect(applyToSell(services, seller, sellerApplicationSchema.parse({ ...form, shopName }))).rejects.toThrow(
        "This shop name is already taken.",
      );
    }
  });

  it("approval makes the applicant a seller with a creator page, once", async () => {
    const maker = await applicant("maker-3");
    const application = await applyToSell(
      services,
      maker,
      sellerApplicationSchema.parse({ ...form, shopName: "Inkwell & Co" }),
    );
    await database.db.insert(user).values({ id: "admin-1", name: "Admin", email: "admin@example.com" });
    const decisions = await Promise.allSettled([
      decideApplication(services, { adminId: "admin-1", applicationId: application.id, decision: { approve: true } }),
      decideApplication(services, { adminId: "admin-1", applicationId: application.id, decision: { approve: true } }),
    ]);
    expect(decisions.map((decision) => decision.status).sort()).toEqual(["fulfilled", "rejected"]);
    const [account] = await database.db.select().from(user).where(eq(user.id, maker.id));
    expect(account!.isSeller).toBe(true);
    const shops = await database.db.select().from(creators).where(eq(creators.userId, maker.id));
    expect(shops).toMatchObject([{ name: "Inkwell & Co", slug: "inkwell-co", specialty: "Digital planners" }]);
    expect(jobs.emailsTo(maker.email).at(-1)!.subject).toBe(
      'Welcome to Test Market: your shop "Inkwell & Co" is approved',
    );
    expect((await pendingApplications(database.db)).map((row) => row.id)).not.toContain(application.id);
  });

  it("rejection keeps the reason, tells the applicant, and lets them apply again", async () => {
    const maker = await applicant("maker-4");
    const application = await applyToSell(
      services,
      maker,
      sellerApplicationSchema.parse({ ...form, shopName: "Quiet Lines" }),
    );
    const reason = "Please share a sample that shows finished products.";
    await decideApplication(services, {
      adminId: "admin-1",
      applicationId: application.id,
      decision: { approve: false, reason },
    });
    expect(await latestApplication(database.db, maker.id)).toMatchObject({
      status: "rejected",
      rejectionReason: reason,
    });
    expect(jobs.emailsTo(maker.email).at(-1)!.text).toContain(reason);
    await expect(
      decideApplication(services, { adminId: "admin-1", applicationId: application.id, decision: { approve: true } }),
    ).rejects.toThrow("This application has already been decided.");
    await applyToSell(services, maker, sellerApplicationSchema.parse({ ...form, shopName: "Quiet Lines" }));
    expect(await latestApplication(database.db, maker.id)).toMatchObject({ status: "pending" });
  });
});

describe("the admin role", () => {
  it("is given and taken back by address, whatever its case; an unknown address changes nothing", async () => {
    await applicant("staff-1");
    expect(await setAdminRole(database.db, "STAFF-1@example.com", true)).toEqual({
      id: "staff-1",
      name: "Maker staff-1",
    });
    expect((await database.db.select({ role: user.role }).from(user).where(eq(user.id, "staff-1")))[0]!.role).toBe(
      "admin",
    );
    await setAdminRole(database.db, "staff-1@example.com", false);
    expect((await database.db.select({ role: user.role }).from(user).where(eq(user.id, "staff-1")))[0]!.role).toBe(
      "user",
    );
    expect(await setAdminRole(database.db, "nobody@example.com", true)).toBeNull();
  });
});
