import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The route table of SPEC section 2.
export default [
  index("routes/home.tsx"),
  route("category/:category", "routes/category.tsx"),
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
  route("account/reset-password", "routes/account/reset-password.tsx"),
  route("seller", "routes/seller/dashboard.tsx"),
  route("account/sign-in", "routes/account/sign-in.ts"),
  route("account/sign-up", "routes/account/sign-up.ts"),
  route("account/sign-out", "routes/account/sign-out.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
