import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct, createSeller, createUser } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import {
  account,
  apiKeys,
  authEvents,
  cartItems,
  contactMessages,
  creatorFollows,
  downloads,
  emailOptOuts,
  licenseActivations,
  listingReports,
  passkey,
  payouts,
  productFiles,
  refundRequests,
  reviewReplies,
  reviews,
  sellerApplications,
  session,
  shoppers,
  twoFactor,
  webhookEndpoints,
  wishlistItems,
} from "../db/schema.ts";
import { recordSales } from "../payouts/ledger.ts";
import { collectPersonalData, PERSONAL_DATA_FORMAT, personalDataFileName } from "./personal-data.ts";

// Download your data: a person with one of each thing the shop keeps finds each in the file, and
// no secret is in it.

const database = setUpTestDatabase();
const NOW = new Date("2026-11-28T12:00:00Z");

// Secrets kept beside the person's data: none may reach the file.
const SECRETS = {
  passwordHash: "scrypt$PASSWORD-HASH-NEVER-EXPORTED",
  googleAccessToken: "GOOGLE-ACCESS-TOKEN-NEVER-EXPORTED",
  googleRefreshToken: "GOOGLE-REFRESH-TOKEN-NEVER-EXPORTED",
  googleIdToken: "GOOGLE-ID-TOKEN-NEVER-EXPORTED",
  sessionToken: "SESSION-TOKEN-NEVER-EXPORTED",
  totpSecret: "TOTP-SECRET-NEVER-EXPORTED",
  backupCodes: "BACKUP-CODES-NEVER-EXPORTED",
  passkeyPublicKey: "PASSKEY-PUBLIC-KEY-NEVER-EXPORTED",
  apiKeyHash: "API-KEY-HASH-NEVER-EXPORTED",
  webhookSecret: "WEBHOOK-SECRET-NEVER-EXPORTED",
};

let personId: string;
let sellerId: string;
let otherBuyerEmail: string;

beforeAll(async () => {
  const { db } = database;
  const seller = await createSeller(db, { creator: { name: "Paper Fox", bio: "Planners from Leeds." } });
  sellerId = seller.user.id;
  const [bought, inCart, wished] = [
    await createProduct(db, { creatorId: seller.creator.id, title: "Undated Planner" }),
    await createProduct(db, { creatorId: seller.creator.id, title: "Habit Tracker" }),
    await createProduct(db, { creatorId: seller.creator.id, title: "Budget Sheets" }),
  ];
  const person = await createUser(db, {
    name: "Ada Export",
    email: "ada.export@example.com",
    emailVerified: true,
    twoFactorEnabled: true,
  });
  personId = person.id;

  await db.insert(account).values([
    {
      id: "acc-password",
      accountId: person.id,
      providerId: "credential",
      userId: person.id,
      password: SECRETS.passwordHash,
    },
    {
      id: "acc-google",
      accountId: "google-subject-1",
      providerId: "google",
      userId: person.id,
      accessToken: SECRETS.googleAccessToken,
      refreshToken: SECRETS.googleRefreshToken,
      idToken: SECRETS.googleIdToken,
    },
  ]);
  await db.insert(session).values({
    id: "session-1",
    token: SECRETS.sessionToken,
    userId: person.id,
    expiresAt: new Date("2026-12-05T12:00:00Z"),
    ipAddress: "203.0.113.7",
    userAgent: "ExportBrowser/1.0",
  });
  await db.insert(twoFactor).values({
    id: "tf-1",
    secret: SECRETS.totpSecret,
    backupCodes: SECRETS.backupCodes,
    userId: person.id,
  });
  await db.insert(passkey).values({
    id: "pk-1",
    name: "Work laptop",
    publicKey: SECRETS.passkeyPublicKey,
    userId: person.id,
    credentialID: "credential-1",
    counter: 0,
    deviceType: "multiDevice",
    backedUp: true,
  });
  await db.insert(authEvents).values({ userId: person.id, type: "signed_in", ipAddress: "198.51.100.23" });

  // An order with its licence, a download, a refund request and a licence activation.
  const { items } = await createOrder(db, { productIds: [bought.id], userId: person.id });
  const item = items[0]!;
  const [file] = await db
    .insert(productFiles)
    .values({
      productId: bought.id,
      storageKey: "files/planner.pdf",
      fileName: "undated-planner.pdf",
      contentType: "application/pdf",
      sizeBytes: 1000,
    })
    .returning();
  await db.insert(downloads).values({ orderItemId: item.id, fileId: file!.id });
  await db.insert(refundRequests).values({ orderItemId: item.id, reason: "The PDF would not open." });
  const license = await db.query.licenses.findFirst({ where: (row, { eq }) => eq(row.orderItemId, item.id) });
  await db.insert(licenseActivations).values({ licenseId: license!.id, instance: "ada-desktop" });

  const [shopper] = await db.insert(shoppers).values({ id: "shopper-ada", userId: person.id }).returning();
  await db.insert(cartItems).values({ shopperId: shopper!.id, productId: inCart.id, quantity: 2 });
  await db.insert(wishlistItems).values({ shopperId: shopper!.id, productId: wished.id });
  await db.insert(creatorFollows).values({ userId: person.id, creatorId: seller.creator.id });
  const [review] = await db
    .insert(reviews)
    .values({ productId: bought.id, userId: person.id, authorName: "Ada E.", rating: 4, body: "Lovely layouts." })
    .returning();
  await db
    .insert(reviewReplies)
    .values({ reviewId: review!.id, creatorId: seller.creator.id, body: "Thank you, Ada!" });
  await db.insert(emailOptOuts).values({ email: "ada.export@example.com", topic: "broadcasts" });
  await db.insert(listingReports).values({
    productId: wished.id,
    userId: person.id,
    reason: "misleading",
    details: "The preview shows more pages.",
  });
  await db.insert(contactMessages).values({
    name: "Ada Export",
    email: "Ada.Export@Example.com",
    subject: "A question",
    message: "Do you ship printed copies?",
  });
  await db.insert(sellerApplications).values({
    userId: person.id,
    shopName: "Ada's Art",
    specialty: "Wall art",
    bio: "I paint.",
    sampleUrl: "https://example.com/sample",
    acceptedGuidelinesAt: NOW,
  });

  // The seller's side: a sale to another buyer, its ledger entry, a payout, an API key, a webhook.
  const other = await createUser(db, { email: "someone.else@example.com" });
  otherBuyerEmail = other.email;
  const sale = await createOrder(db, { productIds: [inCart.id], userId: other.id });
  await recordSales(db, sale.order.id);
  await db.insert(payouts).values({
    creatorId: seller.creator.id,
    amountCents: 3000,
    method: "paypal",
    destination: "PayPal fox@example.com",
    weekOf: "2026-11-27",
    fundsAvailableOn: "2026-12-02",
  });
  await db.insert(apiKeys).values({
    creatorId: seller.creator.id,
    name: "Inventory sync",
    prefix: "dgm_live_ab",
    keyHash: SECRETS.apiKeyHash,
    scope: "read",
  });
  await db.insert(webhookEndpoints).values({
    creatorId: seller.creator.id,
    url: "https://fox.example.com/hooks",
    secret: SECRETS.webhookSecret,
    events: ["sale"],
  });
});

async function exportOf(userId: string) {
  const data = await collectPersonalData(database.db, { userId, shopName: "Test Market", now: NOW });
  expect(data).not.toBeNull();
  return { data: data!, text: JSON.stringify(data) };
}

describe("a person's data", () => {
  it("holds their profile, sign-in methods, two-factor state, passkeys, sessions and account activity", async () => {
    const { data } = await exportOf(personId);
    expect(data.about).toMatchObject({
      shop: "Test Market",
      exportedAt: NOW.toISOString(),
      format: PERSONAL_DATA_FORMAT,
    });
    expect(data.profile).toMatchObject({ id: personId, name: "Ada Export", email: "ada.export@example.com" });
    expect(data.signIn.methods.map((method) => [method.provider, method.hasPassword]).sort()).toEqual([
      ["credential", true],
      ["google", false],
    ]);
    expect(data.signIn.twoFactor).toEqual({ on: true, authenticatorConfirmed: true });
    expect(data.signIn.passkeys).toEqual([expect.objectContaining({ name: "Work laptop", backedUp: true })]);
    expect(data.sessions).toEqual([
      expect.objectContaining({ ipAddress: "203.0.113.7", userAgent: "ExportBrowser/1.0" }),
    ]);
    expect(data.accountActivity).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: "signed_in", ipAddress: "198.51.100.23" })]),
    );
  });

  it("holds their orders with each item's licence, activations, downloads and refund request", async () => {
    const { data } = await exportOf(personId);
    expect(data.orders).toHaveLength(1);
    const [order] = data.orders;
    expect(order).toMatchObject({ status: "paid", email: `${personId}@example.com` });
    expect(order!.items).toHaveLength(1);
    const [item] = order!.items;
    expect(item).toMatchObject({ title: "Undated Planner", shop: "Paper Fox", licenseType: "commercial" });
    expect(item!.license).toMatchObject({ tier: "commercial", status: "active" });
    expect(item!.license!.key).toMatch(/^DGM/);
    expect(item!.license!.activations).toEqual([expect.objectContaining({ instance: "ada-desktop" })]);
    expect(item!.downloads).toEqual([expect.objectContaining({ file: "undated-planner.pdf" })]);
    expect(item!.refundRequest).toMatchObject({ reason: "The PDF would not open.", status: "requested" });
  });

  it("holds their cart, wishlist, follows, reviews, reports, messages, applications and email choices", async () => {
    const { data } = await exportOf(personId);
    expect(data.cart.items).toEqual([expect.objectContaining({ title: "Habit Tracker", quantity: 2 })]);
    expect(data.wishlist).toEqual([expect.objectContaining({ title: "Budget Sheets" })]);
    expect(data.following).toEqual([expect.objectContaining({ shop: "Paper Fox", emailMeNewProducts: true })]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ product: "Undated Planner", body: "Lovely layouts.", sellerReply: "Thank you, Ada!" }),
    ]);
    expect(data.listingReports).toEqual([expect.objectContaining({ details: "The preview shows more pages." })]);
    // Found by the account's address whatever its case when written.
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: "Do you ship printed copies?" })]);
    expect(data.sellerApplications).toEqual([expect.objectContaining({ shopName: "Ada's Art", status: "pending" })]);
    expect(data.emails.turnedOff).toEqual([expect.objectContaining({ topic: "broadcasts" })]);
    expect(data.emails.undeliverable).toBeNull();
    expect(data.seller).toBeNull();
  });

  it("gives a seller their shop, products, sales, ledger, payouts, tax details, API keys and webhooks", async () => {
    const { data, text } = await exportOf(sellerId);
    const seller = data.seller!;
    expect(seller.shop).toMatchObject({ name: "Paper Fox", bio: "Planners from Leeds." });
    expect(seller.products.map((product) => product.title)).toEqual([
      "Undated Planner",
      "Habit Tracker",
      "Budget Sheets",
    ]);
    expect(seller.sales.map((sale) => sale.title).sort()).toEqual(["Habit Tracker", "Undated Planner"]);
    expect(seller.ledger).toEqual([expect.objectContaining({ kind: "sale" })]);
    expect(seller.payouts).toEqual([expect.objectContaining({ amountCents: 3000, status: "pending" })]);
    expect(seller.taxDetails).toMatchObject({ legalName: "Léa Martin", country: "FR", dateOfBirth: "1988-07-14" });
    expect(seller.apiKeys).toEqual([expect.objectContaining({ name: "Inventory sync", prefix: "dgm_live_ab" })]);
    expect(seller.webhookEndpoints).toEqual([expect.objectContaining({ url: "https://fox.example.com/hooks" })]);
    // A sale is the seller's record, not the buyer's data: no buyer's name or address in it.
    expect(text).not.toContain(otherBuyerEmail);
    expect(text).not.toContain("Ada Export");
  });

  it("never holds a secret: password hash, tokens, TOTP secret, backup codes, key hashes, signing secrets", async () => {
    for (const userId of [personId, sellerId]) {
      const { text } = await exportOf(userId);
      for (const [name, secret] of Object.entries(SECRETS)) {
        expect(text.includes(secret), `${name} in the data of ${userId}`).toBe(false);
      }
    }
  });

  it("is nothing for an account that does not exist", async () => {
    expect(await collectPersonalData(database.db, { userId: "nobody", shopName: "Test Market", now: NOW })).toBeNull();
  });

  it("names its file by the shop and the day", () => {
    expect(personalDataFileName("Test Market", NOW)).toBe("test-market-my-data-2026-11-28.json");
    expect(personalDataFileName("Ünïcode & Co.", NOW)).toBe("n-code-co-my-data-2026-11-28.json");
  });
});
