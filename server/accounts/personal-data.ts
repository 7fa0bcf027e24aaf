import { asc, eq, sql } from "drizzle-orm";
import { allQueries, type Database, type Queryable } from "../db/client.ts";
import {
  account,
  authEvents,
  broadcastRecipients,
  broadcasts,
  bundles,
  cartBundles,
  cartItems,
  cartReminders,
  contactMessages,
  creatorFollows,
  creators,
  emailOptOuts,
  emailSuppressions,
  listingReports,
  passkey,
  productFiles,
  products,
  productUpdateNotices,
  publishNotices,
  reviewReplies,
  reviews,
  sellerApplications,
  session,
  shoppers,
  twoFactor,
  user,
  wishlistItems,
} from "../db/schema.ts";
import { ordersOf } from "./personal-data-orders.ts";
import { sellerDataOf } from "./personal-data-seller.ts";

// Everything the shop keeps about one person, for Settings' Download your data (GDPR Art. 15, a
// copy of their data, and Art. 20, in a machine-readable form): docs/decisions/060-personal-data.md.
// Every column is named one by one, so nothing is given by accident when a table grows: never a
// password hash, a session token, an OAuth token, a TOTP secret, backup codes, an API key's hash
// or a webhook's signing secret. What is kept by email address (opt-outs, contact messages,
// emails received) is found by the account's address. Read in one snapshot, so the parts agree.

/** Bumped when the file's shape changes, so that a program reading it knows which one it has. */
export const PERSONAL_DATA_FORMAT = 1;

/** The person's data, or null when the account does not exist (deleted in the meantime). */
export function collectPersonalData(
  db: Database,
  options: { userId: string; shopName: string; now?: Date; sharedDemoAccount?: boolean },
) {
  const { userId, shopName, now = new Date(), sharedDemoAccount = false } = options;
  return db.transaction(
    async (tx) => {
      const [profile] = await tx
        .select({
          id: user.id,
          name: user.name,
          email: user.email,
          emailVerified: user.emailVerified,
          image: user.image,
          isSeller: user.isSeller,
          role: user.role,
          createdAt: user.createdAt,
          updatedAt: user.updatedAt,
        })
        .from(user)
        .where(eq(user.id, userId));
      if (!profile) return null;
      const [signIn, activity, shopping, emails, writing, orders, selling] = await allQueries(tx, [
        () => signInOf(tx, userId),
        () => activityOf(tx, userId),
        () => shoppingOf(tx, userId),
        () => emailsOf(tx, userId, profile.email),
        () => writingOf(tx, userId, profile.email),
        () => ordersOf(tx, userId),
        () => sellerDataOf(tx, userId),
      ]);
      return {
        about: {
          shop: shopName,
          exportedAt: now.toISOString(),
          format: PERSONAL_DATA_FORMAT,
          note: "Everything this shop keeps about you, as of exportedAt. Amounts are in the currency's minor units (cents). Times are UTC.",
          ...(sharedDemoAccount
            ? {
                sharedDemoAccount:
                  "This is a demo account every visitor of the demo shop shares: its data is theirs too.",
              }
            : {}),
        },
        profile,
        signIn,
        sessions: activity.sessions,
        accountActivity: activity.events,
        orders,
        ...shopping,
        ...writing,
        emails,
        seller: selling,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The downloaded file's name: the shop's and the day's, so that two downloads are told apart. */
export function personalDataFileName(shopName: string, now: Date): string {
  const shop =
    shopName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "shop";
  return `${shop}-my-data-${now.toISOString().slice(0, 10)}.json`;
}

/** How the person signs in: the ways (never a password hash or a provider's tokens), two-factor and passkeys. */
async function signInOf(db: Queryable, userId: string) {
  const [methods, [secondFactor], passkeys] = await allQueries(db, [
    () =>
      db
        .select({
          provider: account.providerId,
          hasPassword: sql<boolean>`${account.password} IS NOT NULL`,
          createdAt: account.createdAt,
        })
        .from(account)
        .where(eq(account.userId, userId))
        .orderBy(asc(account.createdAt)),
    () =>
      db
        .select({ on: user.twoFactorEnabled, confirmed: twoFactor.verified })
        .from(user)
        .leftJoin(twoFactor, eq(twoFactor.userId, user.id))
        .where(eq(user.id, userId)),
    () =>
      db
        .select({
          name: passkey.name,
          deviceType: passkey.deviceType,
          backedUp: passkey.backedUp,
          createdAt: passkey.createdAt,
        })
        .from(passkey)
        .where(eq(passkey.userId, userId))
        .orderBy(asc(passkey.createdAt)),
  ]);
  return {
    methods,
    twoFactor: { on: secondFactor?.on ?? false, authenticatorConfirmed: secondFactor?.confirmed ?? null },
    passkeys,
  };
}

/** Sessions (without their tokens or ids) and the account's events. */
async function activityOf(db: Queryable, userId: string) {
  const [sessions, events] = await allQueries(db, [
    () =>
      db
        .select({
          ipAddress: session.ipAddress,
          userAgent: session.userAgent,
          createdAt: session.createdAt,
          lastUsedAt: session.updatedAt,
          expiresAt: session.expiresAt,
        })
        .from(session)
        .where(eq(session.userId, userId))
        .orderBy(asc(session.createdAt)),
    () =>
      db
        .select({
          type: authEvents.type,
          ipAddress: authEvents.ipAddress,
          userAgent: authEvents.userAgent,
          createdAt: authEvents.createdAt,
        })
        .from(authEvents)
        .where(eq(authEvents.userId, userId))
        .orderBy(asc(authEvents.createdAt), asc(authEvents.id)),
  ]);
  return { sessions, events };
}

/** The cart, wishlist and followed creators. */
async function shoppingOf(db: Queryable, userId: string) {
  const [shopper] = await db
    .select({ id: shoppers.id, discountCode: shoppers.discountCode })
    .from(shoppers)
    .where(eq(shoppers.userId, userId));
  const shopperId = shopper?.id ?? "";
  const [items, cartBundleRows, wished, following] = await allQueries(db, [
    () =>
      db
        .select({
          productId: cartItems.productId,
          title: products.title,
          quantity: cartItems.quantity,
          licenseTier: cartItems.licenseTier,
          chosenPriceCents: cartItems.chosenPriceCents,
          addedAt: cartItems.addedAt,
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.shopperId, shopperId))
        .orderBy(asc(cartItems.addedAt)),
    () =>
      db
        .select({ bundleId: cartBundles.bundleId, title: bundles.title, addedAt: cartBundles.addedAt })
        .from(cartBundles)
        .innerJoin(bundles, eq(bundles.id, cartBundles.bundleId))
        .where(eq(cartBundles.shopperId, shopperId))
        .orderBy(asc(cartBundles.addedAt)),
    () =>
      db
        .select({ productId: wishlistItems.productId, title: products.title, addedAt: wishlistItems.addedAt })
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .where(eq(wishlistItems.shopperId, shopperId))
        .orderBy(asc(wishlistItems.addedAt)),
    () =>
      db
        .select({
          shop: creators.name,
          slug: creators.slug,
          emailMeNewProducts: creatorFollows.notifyNewProducts,
          since: creatorFollows.createdAt,
        })
        .from(creatorFollows)
        .innerJoin(creators, eq(creators.id, creatorFollows.creatorId))
        .where(eq(creatorFollows.userId, userId))
        .orderBy(asc(creatorFollows.createdAt)),
  ]);
  return {
    cart: { discountCode: shopper?.discountCode ?? null, items, bundles: cartBundleRows },
    wishlist: wished,
    following,
  };
}

/** What the person wrote: reviews (with the seller's reply), reports, contact messages, seller applications. */
async function writingOf(db: Queryable, userId: string, email: string) {
  const [written, reports, messages, applications] = await allQueries(db, [
    () =>
      db
        .select({
          productId: reviews.productId,
          product: products.title,
          authorName: reviews.authorName,
          rating: reviews.rating,
          body: reviews.body,
          verifiedPurchase: reviews.verified,
          createdAt: reviews.createdAt,
          sellerReply: reviewReplies.body,
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
        .where(eq(reviews.userId, userId))
        .orderBy(asc(reviews.createdAt)),
    () =>
      db
        .select({
          productId: listingReports.productId,
          reason: listingReports.reason,
          details: listingReports.details,
          status: listingReports.status,
          createdAt: listingReports.createdAt,
        })
        .from(listingReports)
        .where(eq(listingReports.userId, userId))
        .orderBy(asc(listingReports.createdAt)),
    () =>
      db
        .select({
          name: contactMessages.name,
          email: contactMessages.email,
          subject: contactMessages.subject,
          message: contactMessages.message,
          createdAt: contactMessages.createdAt,
          handledAt: contactMessages.handledAt,
        })
        .from(contactMessages)
        .where(sameAddress(contactMessages.email, email))
        .orderBy(asc(contactMessages.createdAt)),
    () =>
      db
        .select({
          shopName: sellerApplications.shopName,
          specialty: sellerApplications.specialty,
          bio: sellerApplications.bio,
          website: sellerApplications.website,
          sampleUrl: sellerApplications.sampleUrl,
          acceptedGuidelinesAt: sellerApplications.acceptedGuidelinesAt,
          status: sellerApplications.status,
          rejectionReason: sellerApplications.rejectionReason,
          createdAt: sellerApplications.createdAt,
          decidedAt: sellerApplications.decidedAt,
        })
        .from(sellerApplications)
        .where(eq(sellerApplications.userId, userId))
        .orderBy(asc(sellerApplications.createdAt)),
  ]);
  return { reviews: written, listingReports: reports, contactMessages: messages, sellerApplications: applications };
}

/** The emails the person turned off, whether their address refused mail, and the shop's emails sent to it. */
async function emailsOf(db: Queryable, userId: string, email: string) {
  const address = email.toLowerCase();
  const [optOuts, [suppression], reminders, notices, updates, received] = await allQueries(db, [
    () =>
      db
        .select({ topic: emailOptOuts.topic, since: emailOptOuts.createdAt })
        .from(emailOptOuts)
        .where(eq(emailOptOuts.email, address))
        .orderBy(asc(emailOptOuts.topic)),
    () =>
      db
        .select({
          reason: emailSuppressions.reason,
          detail: emailSuppressions.detail,
          since: emailSuppressions.createdAt,
        })
        .from(emailSuppressions)
        .where(eq(emailSuppressions.email, address)),
    () =>
      db
        .select({ cartChangedAt: cartReminders.cartChangedAt, sentAt: cartReminders.sentAt })
        .from(cartReminders)
        .where(eq(cartReminders.userId, userId)),
    () =>
      db
        .select({ productId: publishNotices.productId, product: products.title, sentAt: publishNotices.sentAt })
        .from(publishNotices)
        .innerJoin(products, eq(products.id, publishNotices.productId))
        .where(eq(publishNotices.userId, userId))
        .orderBy(asc(publishNotices.sentAt)),
    () =>
      db
        .select({
          file: productFiles.fileName,
          version: productUpdateNotices.version,
          sentAt: productUpdateNotices.sentAt,
        })
        .from(productUpdateNotices)
        .innerJoin(productFiles, eq(productFiles.id, productUpdateNotices.fileId))
        .where(eq(productUpdateNotices.email, address))
        .orderBy(asc(productUpdateNotices.sentAt)),
    () =>
      db
        .select({ shop: creators.name, subject: broadcasts.subject, sentAt: broadcastRecipients.sentAt })
        .from(broadcastRecipients)
        .innerJoin(broadcasts, eq(broadcasts.id, broadcastRecipients.broadcastId))
        .innerJoin(creators, eq(creators.id, broadcasts.creatorId))
        .where(eq(broadcastRecipients.email, address))
        .orderBy(asc(broadcastRecipients.sentAt)),
  ]);
  return {
    turnedOff: optOuts,
    undeliverable: suppression ?? null,
    sent: { cartReminders: reminders, newProductNotices: notices, fileUpdateNotices: updates, sellerEmails: received },
  };
}

/** Addresses kept as typed (contact messages) compared without case. */
const sameAddress = (column: typeof contactMessages.email, email: string) =>
  sql`lower(${column}) = ${email.toLowerCase()}`;
