import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The route table of SPEC section 2.
export default [
  index("routes/home.tsx"),
  route("category/:category", "routes/category.tsx"),
  route("trending", "routes/trending.tsx"),
  route("browse", "routes/browse.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("search", "routes/search.tsx"),
  route("creator/:creatorId", "routes/creator.tsx"),
  route("contact", "routes/contact.tsx"),
  route("help", "routes/help.tsx"),
  route("refund-policy", "routes/refund-policy.tsx"),
  route("license", "routes/license.tsx"),
  route("become-seller", "routes/become-seller.tsx"),
  route("seller-resources", "routes/seller-resources.tsx"),
  route("commission", "routes/commission.tsx"),
  route("guidelines", "routes/guidelines.tsx"),
  route("auth/callback", "routes/auth-callback.tsx"),
  route("account/profile", "routes/account/profile.tsx"),
  route("account/settings", "routes/account/settings.tsx"),
  route("account/forgot-password", "routes/account/forgot-password.tsx"),
  route("account/deleted", "routes/account/deleted.tsx"),
  route("account/reset-password", "routes/account/reset-password.tsx"),
  route("account/email-confirmed", "routes/account/email-confirmed.tsx"),
  route("seller", "routes/seller/dashboard.tsx"),
  route("seller/earnings", "routes/seller/earnings.tsx"),
  // The admin console (admins only: `npm run make-admin`).
  route("admin/applications", "routes/admin/applications.tsx"),
  route("account/sign-in", "routes/account/sign-in.ts"),
  route("account/sign-up", "routes/account/sign-up.ts"),
  route("account/sign-out", "routes/account/sign-out.ts"),
  route("wishlist", "routes/wishlist.tsx"),
  route("account/orders", "routes/account/orders.tsx"),
  route("account/orders/:number", "routes/account/order.tsx"),
  route("account/downloads", "routes/account/downloads.tsx"),
  // A guest's order, reached through the signed link in the receipt email.
  route("orders/:number", "routes/guest-order.tsx"),
  // The hosted payment page: it stands in for an external provider's checkout page.
  route("pay/:sessionId", "routes/pay.tsx"),
  // A purchased file, through a short-lived signed link.
  route("downloads/:token", "routes/download.ts"),
  // JSON resource routes: the cart and wishlist buttons post here.
  route("api/v1/cart", "routes/api/cart.ts"),
  route("api/v1/wishlist", "routes/api/wishlist.ts"),
  route("api/v1/search", "routes/api/search.ts"),
  route("api/v1/search/suggestions", "routes/api/search-suggestions.ts"),
  route("api/v1/checkout", "routes/api/checkout.ts"),
  route("api/v1/orders/:number", "routes/api/order-status.ts"),
  route("api/v1/payments/webhook/:provider", "routes/api/payment-webhook.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
