import { SectionNav } from "~/components/layout/section-nav";

/** The Seller Dashboard's sections. */
export function SellerNav() {
  return (
    <SectionNav
      label="Seller Dashboard"
      links={[
        { to: "/seller", label: "Products", end: true, also: "/seller/products" },
        { to: "/seller/sales", label: "Sales" },
        { to: "/seller/analytics", label: "Analytics" },
        { to: "/seller/reviews", label: "Reviews" },
        { to: "/seller/discounts", label: "Discount codes" },
        { to: "/seller/bundles", label: "Bundles" },
        { to: "/seller/customers", label: "Customers" },
        { to: "/seller/broadcasts", label: "Broadcasts" },
        { to: "/seller/api-keys", label: "API keys" },
        { to: "/seller/webhooks", label: "Webhooks" },
        { to: "/seller/earnings", label: "Earnings and payouts" },
        { to: "/seller/profile", label: "Creator profile" },
        { to: "/seller/standing", label: "Account standing" },
      ]}
    />
  );
}
