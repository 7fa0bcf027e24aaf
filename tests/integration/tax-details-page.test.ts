import { describe, expect, it } from "vitest";
import { loader as earningsLoader } from "../../app/routes/seller/earnings.tsx";
import { action, loader } from "../../app/routes/seller/tax-details.tsx";
import { DEMO_SELLER } from "../../server/accounts/shared-demo-accounts.ts";
import type { user } from "../../server/db/schema.ts";
import { createHostedPayouts } from "../../server/payouts/hosted/hosted-payout-provider.ts";
import { sellerTaxDetailsComplete, sellerTaxDetailsOf } from "../../server/payouts/tax-details.ts";
import { DEMO_SELLER_LOOKS_ONLY } from "../../shared/demo-shop.ts";
import { createSeller, createUser } from "../support/factories.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The tax details page through its loader and action, as a browser without JavaScript posts it:
// only a seller gets in, to their own details; problems come back beside their fields.

const database = setUpTestDatabase();
const SECRET = "a-test-secret-of-at-least-32-characters!";
type Account = typeof user.$inferSelect;
type Call = (args: never) => Promise<unknown>;

const contextOf = (account: Account, shopMode: "demo" | "live" = "live") =>
  contextAs(account, {
    db: database.db,
    shopMode,
    // The Earnings page asks where the Friday run would pay (server/payouts/destinations.ts).
    payoutPolicy: { rail: "manual", holdDays: 0, accountChangePauseHours: 48 },
    payouts: createHostedPayouts({ db: database.db, publicUrl: "http://shop.test", secret: SECRET }),
    publicUrl: "http://shop.test",
    shopName: "Test Market",
    secret: SECRET,
  });

const answerOf = (handler: Call, account: Account, body?: Record<string, string>, shopMode?: "demo" | "live") =>
  routeAnswer(handler, { url: "/seller/earnings/tax-details", context: contextOf(account, shopMode), body });

const FORM = {
  sellerType: "individual",
  legalName: "Ada Lovelace",
  addressLine1: "1 Market Street",
  city: "San Francisco",
  region: "CA",
  postalCode: "94103",
  country: "US",
  taxIdKind: "us_ssn_itin",
  taxId: "123456789",
};

describe("the tax details page", () => {
  it("sends a buyer home, and a visitor to sign in", async () => {
    const buyer = await createUser(database.db);
    expect(await answerOf(loader as Call, buyer)).toMatchObject({ status: 302, location: "/" });
    expect(await answerOf(action as Call, buyer, FORM)).toMatchObject({ status: 302, location: "/" });
    const visitor = await routeAnswer(loader as Call, {
      url: "/seller/earnings/tax-details",
      context: contextAs(null, { db: database.db }),
    });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toContain("next=%2Fseller%2Fearnings%2Ftax-details");
  });

  it("refuses an incomplete form with each problem beside its field (400), and saves nothing", async () => {
    const seller = await createSeller(database.db, { taxDetails: false });
    const answer = await answerOf(action as Call, seller.user, { ...FORM, taxId: "12", postalCode: "" });
    expect(answer.status).toBe(400);
    expect((answer.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      taxId: ["Enter the 9 digits of your Social Security number or ITIN, like 123-45-6789."],
      postalCode: ["Enter your ZIP code, like 94103 or 94103-1234."],
    });
    expect(await sellerTaxDetailsOf(database.db, seller.creator.id)).toBeNull();
  });

  it("saves a seller's own details, shows them in the form and on the Earnings page, and takes a change", async () => {
    const seller = await createSeller(database.db, { taxDetails: false });
    const other = await createSeller(database.db, { taxDetails: false });
    expect((await answerOf(earningsLoader as Call, seller.user)).data).toMatchObject({ tax: { state: "missing" } });
    expect(await answerOf(action as Call, seller.user, FORM)).toMatchObject({
      status: 200,
      data: { ok: true, message: "Your tax details were saved." },
    });
    expect(await sellerTaxDetailsComplete(database.db, seller.creator.id)).toBe(true);
    expect(await sellerTaxDetailsComplete(database.db, other.creator.id)).toBe(false);
    expect((await answerOf(loader as Call, seller.user)).data).toMatchObject({
      lookOnly: false,
      saved: { legalName: "Ada Lovelace", taxId: "123-45-6789", country: "US" },
    });
    expect((await answerOf(loader as Call, other.user)).data).toMatchObject({ saved: null });
    expect((await answerOf(earningsLoader as Call, seller.user)).data).toMatchObject({
      tax: { state: "complete", legalName: "Ada Lovelace", taxIdEnd: "6789" },
    });

    await answerOf(action as Call, seller.user, {
      ...FORM,
      legalName: "Ada King",
      taxIdKind: "us_ein",
      taxId: "12-3456789",
    });
    expect(await sellerTaxDetailsOf(database.db, seller.creator.id)).toMatchObject({
      legalName: "Ada King",
      taxIdKind: "us_ein",
      taxId: "12-3456789",
    });
  });

  it("lets the shared demo seller of a demo shop look, not save (decision 039)", async () => {
    const demo = await createSeller(database.db, { id: DEMO_SELLER.id, email: DEMO_SELLER.email, taxDetails: false });
    expect((await answerOf(loader as Call, demo.user, undefined, "demo")).data).toMatchObject({ lookOnly: true });
    expect(await answerOf(action as Call, demo.user, FORM, "demo")).toMatchObject({
      status: 403,
      data: { ok: false, message: DEMO_SELLER_LOOKS_ONLY },
    });
    expect(await sellerTaxDetailsOf(database.db, demo.creator.id)).toBeNull();
  });
});
