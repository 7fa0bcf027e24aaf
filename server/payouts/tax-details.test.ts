import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCreator, FRENCH_INDIVIDUAL_TAX_DETAILS } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { sellerTaxDetails } from "../db/schema.ts";
import {
  saveSellerTaxDetails,
  sellerTaxDetailsComplete,
  sellerTaxDetailsOf,
  taxDetailsStatus,
  UNKNOWN_COUNTRY,
} from "./tax-details.ts";

const database = setUpTestDatabase();

const FRENCH_INDIVIDUAL = FRENCH_INDIVIDUAL_TAX_DETAILS;

describe("a seller's tax details", () => {
  it("are missing until saved; once saved they are complete, and saving again replaces them", async () => {
    const shop = await createCreator(database.db);
    expect(await sellerTaxDetailsComplete(database.db, shop.id)).toBe(false);
    expect(await taxDetailsStatus(database.db, shop.id)).toEqual({ state: "missing" });

    await saveSellerTaxDetails(database.db, shop.id, FRENCH_INDIVIDUAL);
    expect(await sellerTaxDetailsComplete(database.db, shop.id)).toBe(true);
    const first = await sellerTaxDetailsOf(database.db, shop.id);
    expect(first).toMatchObject({ ...FRENCH_INDIVIDUAL, creatorId: shop.id });

    await saveSellerTaxDetails(database.db, shop.id, { ...FRENCH_INDIVIDUAL, city: "Lyon", postalCode: "69001" });
    const rows = await database.db.select().from(sellerTaxDetails).where(eq(sellerTaxDetails.creatorId, shop.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ city: "Lyon", postalCode: "69001", createdAt: first!.createdAt });
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(first!.updatedAt.getTime());
    expect(await taxDetailsStatus(database.db, shop.id)).toMatchObject({
      state: "complete",
      legalName: "Léa Martin",
      taxIdKind: "Tax identification number of your country",
      taxIdEnd: "0123",
    });
  });

  it("are incomplete when a saved row no longer passes the form's rules: the seller is asked again", async () => {
    const shop = await createCreator(database.db);
    // As a row saved before the date of birth was asked of individuals in the EU would be.
    await database.db.insert(sellerTaxDetails).values({ creatorId: shop.id, ...FRENCH_INDIVIDUAL, dateOfBirth: null });
    expect(await sellerTaxDetailsComplete(database.db, shop.id)).toBe(false);
    expect((await taxDetailsStatus(database.db, shop.id)).state).toBe("incomplete");
  });

  it("are one shop's: another shop's are not counted", async () => {
    const mine = await createCreator(database.db);
    const theirs = await createCreator(database.db);
    await saveSellerTaxDetails(database.db, theirs.id, FRENCH_INDIVIDUAL);
    expect(await sellerTaxDetailsComplete(database.db, mine.id)).toBe(false);
    expect(await sellerTaxDetailsComplete(database.db, theirs.id)).toBe(true);
  });

  it("refuse a country that is not in the list (a forged form), and save nothing", async () => {
    const shop = await createCreator(database.db);
    await expect(
      saveSellerTaxDetails(database.db, shop.id, { ...FRENCH_INDIVIDUAL, country: "XX" }),
    ).rejects.toMatchObject({
      kind: "invalid",
      field: "country",
      message: UNKNOWN_COUNTRY,
    });
    expect(await sellerTaxDetailsOf(database.db, shop.id)).toBeNull();
  });

  it("keep a business's date of birth out, in the database too", async () => {
    const shop = await createCreator(database.db);
    await expect(
      database.db
        .insert(sellerTaxDetails)
        .values({ creatorId: shop.id, ...FRENCH_INDIVIDUAL, sellerType: "business", dateOfBirth: "1980-01-01" }),
    ).rejects.toMatchObject({ cause: { constraint: "seller_tax_details_birth_of_individuals" } });
  });
});
