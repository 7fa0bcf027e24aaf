import { and, asc, eq, isNotNull } from "drizzle-orm";
import { allQueries, type Queryable } from "../db/client.ts";
import {
  apiKeys,
  appeals,
  broadcasts,
  creators,
  enforcementActions,
  ledgerEntries,
  orderItems,
  orders,
  payoutAccounts,
  payoutDestinationChanges,
  payoutHolds,
  payoutReserves,
  payoutSettings,
  payouts,
  products,
  reviewReplies,
  sellerTaxDetails,
  webhookEndpoints,
} from "../db/schema.ts";

// The seller's part of a person's data (personal-data.ts): their shop, products, sales, ledger,
// payouts and payout account, tax details, and what the platform decided about the shop. Never a
// secret: API keys by name and prefix (not their hash), webhook endpoints without their signing
// secret. Sales carry no buyer's name or address: those are the buyers' data, not the seller's
// (GDPR Art. 15(4): a copy must not take away others' rights).

export async function sellerDataOf(db: Queryable, userId: string) {
  const [shop] = await db
    .select({
      id: creators.id,
      slug: creators.slug,
      name: creators.name,
      avatarUrl: creators.avatarUrl,
      specialty: creators.specialty,
      bio: creators.bio,
      location: creators.location,
      website: creators.website,
      joinDate: creators.joinDate,
      standing: creators.standing,
      suspendedUntil: creators.suspendedUntil,
    })
    .from(creators)
    .where(eq(creators.userId, userId));
  if (!shop) return null;
  const creatorId = shop.id;
  const [
    shopProducts,
    sales,
    ledger,
    shopPayouts,
    [settings],
    [payoutAccount],
    destinationChanges,
    [taxDetails],
    keys,
    endpoints,
    shopBroadcasts,
    enforcement,
    holds,
    [reserve],
    replies,
  ] = await allQueries(db, [
    () =>
      db
        .select({
          id: products.id,
          title: products.title,
          status: products.status,
          priceCents: products.priceCents,
          createdAt: products.createdAt,
          publishedAt: products.publishedAt,
        })
        .from(products)
        .where(eq(products.creatorId, creatorId))
        .orderBy(asc(products.id)),
    () =>
      db
        .select({
          order: orders.number,
          paidAt: orders.paidAt,
          title: orderItems.title,
          quantity: orderItems.quantity,
          lineTotalCents: orderItems.lineTotalCents,
          discountCents: orderItems.discountCents,
          sellerCents: orderItems.sellerCents,
          platformCents: orderItems.platformCents,
          status: orderItems.status,
          refundedAt: orderItems.refundedAt,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.creatorId, creatorId), isNotNull(orders.paidAt)))
        .orderBy(asc(orders.paidAt), asc(orderItems.id)),
    () =>
      db
        .select({
          kind: ledgerEntries.kind,
          amountCents: ledgerEntries.amountCents,
          orderItemId: ledgerEntries.orderItemId,
          payoutId: ledgerEntries.payoutId,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.creatorId, creatorId))
        .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id)),
    () =>
      db
        .select({
          id: payouts.id,
          amountCents: payouts.amountCents,
          method: payouts.method,
          destination: payouts.destination,
          weekOf: payouts.weekOf,
          fundsAvailableOn: payouts.fundsAvailableOn,
          status: payouts.status,
          rail: payouts.rail,
          failureReason: payouts.failureReason,
          returnedCents: payouts.returnedCents,
          sentAt: payouts.sentAt,
          createdAt: payouts.createdAt,
        })
        .from(payouts)
        .where(eq(payouts.creatorId, creatorId))
        .orderBy(asc(payouts.weekOf)),
    () =>
      db
        .select({
          method: payoutSettings.method,
          destination: payoutSettings.destination,
          updatedAt: payoutSettings.updatedAt,
        })
        .from(payoutSettings)
        .where(eq(payoutSettings.creatorId, creatorId)),
    () =>
      db
        .select({
          provider: payoutAccounts.provider,
          accountRef: payoutAccounts.accountRef,
          detailsSubmitted: payoutAccounts.detailsSubmitted,
          payoutsEnabled: payoutAccounts.payoutsEnabled,
          requirementsDue: payoutAccounts.requirementsDue,
          disabledReason: payoutAccounts.disabledReason,
          createdAt: payoutAccounts.createdAt,
        })
        .from(payoutAccounts)
        .where(eq(payoutAccounts.creatorId, creatorId)),
    () =>
      db
        .select({
          destination: payoutDestinationChanges.destination,
          previous: payoutDestinationChanges.previous,
          changedAt: payoutDestinationChanges.changedAt,
          pausedUntil: payoutDestinationChanges.pausedUntil,
        })
        .from(payoutDestinationChanges)
        .where(eq(payoutDestinationChanges.creatorId, creatorId))
        .orderBy(asc(payoutDestinationChanges.changedAt)),
    () =>
      db
        .select({
          sellerType: sellerTaxDetails.sellerType,
          legalName: sellerTaxDetails.legalName,
          addressLine1: sellerTaxDetails.addressLine1,
          addressLine2: sellerTaxDetails.addressLine2,
          city: sellerTaxDetails.city,
          region: sellerTaxDetails.region,
          postalCode: sellerTaxDetails.postalCode,
          country: sellerTaxDetails.country,
          taxIdKind: sellerTaxDetails.taxIdKind,
          taxId: sellerTaxDetails.taxId,
          vatId: sellerTaxDetails.vatId,
          businessRegistrationNumber: sellerTaxDetails.businessRegistrationNumber,
          dateOfBirth: sellerTaxDetails.dateOfBirth,
          updatedAt: sellerTaxDetails.updatedAt,
        })
        .from(sellerTaxDetails)
        .where(eq(sellerTaxDetails.creatorId, creatorId)),
    () =>
      db
        .select({
          name: apiKeys.name,
          prefix: apiKeys.prefix,
          scope: apiKeys.scope,
          createdAt: apiKeys.createdAt,
          lastUsedAt: apiKeys.lastUsedAt,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.creatorId, creatorId))
        .orderBy(asc(apiKeys.createdAt)),
    () =>
      db
        .select({
          url: webhookEndpoints.url,
          events: webhookEndpoints.events,
          createdAt: webhookEndpoints.createdAt,
          disabledAt: webhookEndpoints.disabledAt,
        })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.creatorId, creatorId))
        .orderBy(asc(webhookEndpoints.createdAt)),
    () =>
      db
        .select({
          audience: broadcasts.audience,
          subject: broadcasts.subject,
          body: broadcasts.body,
          status: broadcasts.status,
          sendAt: broadcasts.sendAt,
          sentAt: broadcasts.sentAt,
          recipientCount: broadcasts.recipientCount,
          createdAt: broadcasts.createdAt,
        })
        .from(broadcasts)
        .where(eq(broadcasts.creatorId, creatorId))
        .orderBy(asc(broadcasts.createdAt)),
    () =>
      db
        .select({
          step: enforcementActions.step,
          reason: enforcementActions.reason,
          issuedAt: enforcementActions.issuedAt,
          fixBy: enforcementActions.fixBy,
          endsAt: enforcementActions.endsAt,
          revokedAt: enforcementActions.revokedAt,
          appealMessage: appeals.message,
          appealStatus: appeals.status,
          appealDecisionNote: appeals.decisionNote,
        })
        .from(enforcementActions)
        .leftJoin(appeals, eq(appeals.actionId, enforcementActions.id))
        .where(eq(enforcementActions.creatorId, creatorId))
        .orderBy(asc(enforcementActions.issuedAt)),
    () =>
      db
        .select({
          reason: payoutHolds.reason,
          heldAt: payoutHolds.heldAt,
          releasedAt: payoutHolds.releasedAt,
          releaseNote: payoutHolds.releaseNote,
        })
        .from(payoutHolds)
        .where(eq(payoutHolds.creatorId, creatorId))
        .orderBy(asc(payoutHolds.heldAt)),
    () =>
      db
        .select({
          basisPoints: payoutReserves.basisPoints,
          reason: payoutReserves.reason,
          updatedAt: payoutReserves.updatedAt,
        })
        .from(payoutReserves)
        .where(eq(payoutReserves.creatorId, creatorId)),
    () =>
      db
        .select({ reviewId: reviewReplies.reviewId, body: reviewReplies.body, createdAt: reviewReplies.createdAt })
        .from(reviewReplies)
        .where(eq(reviewReplies.creatorId, creatorId))
        .orderBy(asc(reviewReplies.createdAt)),
  ]);
  const { id: _id, ...profile } = shop;
  return {
    shop: profile,
    products: shopProducts,
    sales,
    ledger,
    payouts: shopPayouts,
    payoutSettings: settings ?? null,
    payoutAccount: payoutAccount ?? null,
    payoutDestinationChanges: destinationChanges,
    taxDetails: taxDetails ?? null,
    apiKeys: keys,
    webhookEndpoints: endpoints,
    broadcasts: shopBroadcasts,
    enforcementActions: enforcement,
    payoutHolds: holds,
    payoutReserve: reserve ?? null,
    reviewReplies: replies,
  };
}
