// The database schema: every table, with its enums, checks and indexes, kept by domain under
// server/db/schema/ and exported from here (the one file importers and drizzle-kit name;
// `npm run db:generate` writes a migration from it).
//
// Where each domain's tables are:
//   accounts.ts   better-auth's user, session, account, verification and rate limits; shop settings, auth events
//   catalogue.ts  categories (and aliases), creators, products, product images, reviews and sellers' replies,
//                 follows, product views
//   search.ts     the search rows (product_search and its removed rows and epoch), search log, clicks, synonyms
//   cart.ts       shoppers, cart items, wishlist items, bundles in carts
//   bundles.ts    bundles and their products
//   discounts.ts  discount codes, their products, their redemptions
//   orders.ts     orders, order items, refund requests
//   vat-refunds.ts  the VAT given back to business buyers whose VAT number was confirmed after the sale
//   payments.ts   payment events; the hosted payment page's sessions, webhooks and refunds
//   licenses.ts   licences, their changes, their activations
//   delivery.ts   product files, their versions and previews, update notices, downloads
//   exchange-rates.ts  the daily exchange rates: the feed's and the owner's own
//   email.ts      email opt-outs and suppressions, publish notices, broadcasts and recipients, cart reminders
//   invoices.ts   invoices and credit notes, their numbers' series
//   payouts.ts    payout settings, payouts, holds and reserves, the sellers' ledger, sellers' tax details,
//                 connected payout accounts; the hosted payout stand-in's accounts, onboarding links,
//                 transfers and webhooks
//   sellers.ts    seller applications, API keys
//   webhooks.ts   webhook endpoints, deliveries, attempts
//   moderation.ts enforcement actions, appeals, listing reports
//   site.ts       contact messages, the HTTP rate limiter's counters
//
// Money is integer cents. Ratings are 0-5 with one decimal, kept as a double.

export * from "./schema/accounts.ts";
export * from "./schema/bundles.ts";
export * from "./schema/cart.ts";
export * from "./schema/catalogue.ts";
export * from "./schema/delivery.ts";
export * from "./schema/discounts.ts";
export * from "./schema/email.ts";
export * from "./schema/exchange-rates.ts";
export * from "./schema/invoices.ts";
export * from "./schema/licenses.ts";
export * from "./schema/moderation.ts";
export * from "./schema/orders.ts";
export * from "./schema/payments.ts";
export * from "./schema/payouts.ts";
export * from "./schema/search.ts";
export * from "./schema/sellers.ts";
export * from "./schema/site.ts";
export * from "./schema/vat-refunds.ts";
export * from "./schema/webhooks.ts";
