import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The route table. Every page sits in one pathless layout whose error boundary
// catches the pages' faults below the root: the root loader's frame (the shop's name, categories,
// account) then stays on the error screen, even for a form posted without JavaScript, where React
// Router runs no loader at or below the boundary.
export default [
  layout("routes/shop-pages.tsx", [
    index("routes/home.tsx"),
    route("category/:category", "routes/category.tsx"),
    route("trending", "routes/trending.tsx"),
    route("browse", "routes/browse.tsx"),
    route("product/:id", "routes/product.tsx"),
    // The product page's posts of its own: a shopper's report, its seller's reply to a review.
    route("product/:id/report", "routes/product-report.ts"),
    route("product/:id/reviews/:reviewId/reply", "routes/review-reply.ts"),
    route("bundle/:id", "routes/bundle.tsx"),
    route("search", "routes/search.tsx"),
    route("creator/:creatorId", "routes/creator.tsx"),
    route("contact", "routes/contact.tsx"),
    route("help", "routes/help.tsx"),
    route("refund-policy", "routes/refund-policy.tsx"),
    route("license", "routes/license.tsx"),
    route("become-seller", "routes/become-seller.tsx"),
    route("seller-resources", "routes/seller-resources.tsx"),
    // The Seller API's reference, made from its OpenAPI document (server/public-api/).
    route("developers/api", "routes/developers.api.tsx"),
    route("commission", "routes/commission.tsx"),
    route("guidelines", "routes/guidelines.tsx"),
    // The Privacy Policy and Terms of Service, with the owner's details from configuration (decision 060).
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("auth/callback", "routes/auth-callback.tsx"),
    route("account/profile", "routes/account/profile.tsx"),
    route("account/settings", "routes/account/settings.tsx"),
    // Settings' Download your data: a JSON file of everything the shop keeps about the signed-in person.
    route("account/personal-data", "routes/account/personal-data.ts"),
    // Settings' passkey: its creation options, then the passkey the browser made (JSON answers).
    route("account/passkeys", "routes/account/passkeys.ts"),
    route("account/forgot-password", "routes/account/forgot-password.tsx"),
    route("account/deleted", "routes/account/deleted.tsx"),
    route("account/reset-password", "routes/account/reset-password.tsx"),
    route("account/email-confirmed", "routes/account/email-confirmed.tsx"),
    route("seller", "routes/seller/dashboard.tsx"),
    route("seller/sales", "routes/seller/sales.tsx"),
    route("seller/analytics", "routes/seller/analytics.tsx"),
    route("seller/reviews", "routes/seller/reviews.tsx"),
    route("seller/earnings", "routes/seller/earnings.tsx"),
    // Asked before a seller's first payout (server/payouts/tax-details.ts).
    route("seller/earnings/tax-details", "routes/seller/tax-details.tsx"),
    // Monthly statements, and each as a PDF or CSV (server/payouts/statements.ts).
    route("seller/statements", "routes/seller/statements.tsx"),
    route("seller/statements/:file", "routes/seller/statement-file.ts"),
    // The payment provider sends the seller back here from its onboarding page (return), or when
    // its link has expired (refresh: a new link).
    route("seller/payout-account/:step", "routes/seller/payout-account.ts"),
    route("seller/discounts", "routes/seller/discounts.tsx"),
    route("seller/bundles", "routes/seller/bundles.tsx"),
    route("seller/bundles/:id", "routes/seller/bundle-edit.tsx"),
    route("seller/customers", "routes/seller/customers.tsx"),
    route("seller/customers.csv", "routes/seller/customers-csv.ts"),
    route("seller/broadcasts", "routes/seller/broadcasts.tsx"),
    route("seller/api-keys", "routes/seller/api-keys.tsx"),
    route("seller/profile", "routes/seller/profile.tsx"),
    route("seller/standing", "routes/seller/standing.tsx"),
    route("seller/products/new", "routes/seller/product-new.tsx"),
    route("seller/products/:id", "routes/seller/product-edit.tsx"),
    route("seller/webhooks", "routes/seller/webhooks.tsx"),
    route("seller/webhooks/:id", "routes/seller/webhooks-log.tsx"),
    // The admin console (admins only: `npm run make-admin`).
    route("admin", "routes/admin/overview.tsx"),
    route("admin/applications", "routes/admin/applications.tsx"),
    route("admin/sellers", "routes/admin/sellers.tsx"),
    route("admin/appeals", "routes/admin/appeals.tsx"),
    route("admin/products", "routes/admin/products.tsx"),
    route("admin/messages", "routes/admin/messages.tsx"),
    route("admin/refunds", "routes/admin/refunds.tsx"),
    route("admin/payouts", "routes/admin/payouts.tsx"),
    route("admin/payouts.csv", "routes/admin/payouts-csv.ts"),
    route("admin/search", "routes/admin/search.tsx"),
    route("admin/discounts", "routes/admin/discounts.tsx"),
    route("admin/reports", "routes/admin/reports.tsx"),
    // A year's income per seller, for the tax authorities, and its CSV (server/payouts/income-report.ts).
    route("admin/income-report", "routes/admin/income-report.tsx"),
    route("admin/income-report/:file", "routes/admin/income-report-csv.ts"),
    // The tax the shop collected: each quarter's EU OSS return and each month's tax elsewhere (server/admin/tax-report.ts).
    route("admin/tax-reports", "routes/admin/tax-reports.tsx"),
    route("admin/tax-reports/:regime/:file", "routes/admin/tax-report-csv.ts"),
    // The rates buyers' prices are converted at: the ECB's, the owner's own, and reading the feed now (decision 059).
    route("admin/exchange-rates", "routes/admin/exchange-rates.tsx"),
    route("account/sign-in", "routes/account/sign-in.ts"),
    route("account/sign-up", "routes/account/sign-up.ts"),
    route("account/sign-out", "routes/account/sign-out.ts"),
    route("wishlist", "routes/wishlist.tsx"),
    route("account/orders", "routes/account/orders.tsx"),
    route("account/orders/:number", "routes/account/order.tsx"),
    // An item's license certificate (PDF), for the order's buyer (server/licenses/certificate.ts).
    route("account/orders/:number/items/:itemId/certificate", "routes/account/certificate.ts"),
    // An order's invoice or credit note (PDF), for its buyer (server/invoices/).
    route("account/orders/:number/invoices/:code", "routes/account/invoice.ts"),
    route("account/downloads", "routes/account/downloads.tsx"),
    route("account/following", "routes/account/following.tsx"),
    // A guest's order, reached through the signed link in the receipt email.
    route("orders/:number", "routes/guest-order.tsx"),
    route("orders/:number/items/:itemId/certificate", "routes/guest-certificate.ts"),
    route("orders/:number/invoices/:code", "routes/guest-invoice.ts"),
    route("orders/lookup", "routes/order-lookup.tsx"),
    // The withdrawal function for EU consumers (Directive 2023/2673), open without signing in.
    route("withdraw", "routes/withdraw.tsx"),
    // The unsubscribe link of product update emails (a signed token, no account needed).
    route("email-preferences", "routes/email-preferences.tsx"),
    // The hosted payment page: it stands in for an external provider's checkout page.
    route("pay/:sessionId", "routes/pay.tsx"),
    // The hosted payout stand-in's onboarding page: it stands in for Stripe's Connect onboarding.
    route("pay/onboarding/:token", "routes/pay-onboarding.tsx"),
    // A purchased file, through a short-lived signed link.
    route("downloads/:token", "routes/download.ts"),
    // JSON resource routes: the cart and wishlist buttons post here.
    // Who is visiting: their account, cart, wishlist and followed creators (every page's header).
    route("api/v1/shopper", "routes/api/shopper.ts"),
    // What a product page shows its visitor (may they review it), and its views for the seller.
    route("api/v1/products/:id/viewer", "routes/api/product-viewer.ts"),
    // What a bundle's page shows its visitor: the products they own, and what they would pay.
    route("api/v1/bundles/:id/viewer", "routes/api/bundle-viewer.ts"),
    route("api/v1/cart", "routes/api/cart.ts"),
    route("api/v1/wishlist", "routes/api/wishlist.ts"),
    route("api/v1/search", "routes/api/search.ts"),
    route("api/v1/search/suggestions", "routes/api/search-suggestions.ts"),
    // The search page's beacon: a result opened from a search (the admin Search page counts them).
    route("api/v1/search/clicks", "routes/api/search-clicks.ts"),
    route("api/v1/checkout", "routes/api/checkout.ts"),
    // The countries and provinces the cart offers for the buyer's tax (TAX_MODE=by-location).
    route("api/v1/tax-places", "routes/api/tax-places.ts"),
    route("api/v1/orders/:number", "routes/api/order-status.ts"),
    route("api/v1/payments/webhook/:provider", "routes/api/payment-webhook.ts"),
    // The provider's events about the sellers' connected accounts and transfers (Stripe Connect).
    route("api/v1/payments/webhook/:provider/connect", "routes/api/payout-webhook.ts"),
    // For search engines: what to crawl, and every page worth finding (server/seo/sitemap.ts).
    route("robots.txt", "routes/seo/robots.ts"),
    route("sitemap.xml", "routes/seo/sitemap-index.ts"),
    route("sitemap/:page", "routes/seo/sitemap-page.ts"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
