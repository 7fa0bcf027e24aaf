import { DEMO_SELLER_LOOKS_ONLY } from "@shared/demo-shop.ts";
import { Info } from "lucide-react";
import { SectionNav } from "~/components/layout/section-nav";

/**
 * The Seller Dashboard's sections. `lookOnly`: the shared demo seller of a demo shop, told on every
 * page, before trying, that it may look but change nothing (decision 039).
 */
export function SellerNav({ lookOnly = false }: { lookOnly?: boolean }) {
  return (
    <>
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
          { to: "/seller/earnings", label: "Earnings and payouts", also: "/seller/statements" },
          { to: "/seller/profile", label: "Creator profile" },
          { to: "/seller/standing", label: "Account standing" },
        ]}
      />
      {lookOnly ? (
        <p
          data-testid="demo-seller-notice"
          className="mt-6 flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{DEMO_SELLER_LOOKS_ONLY}</span>
        </p>
      ) : null}
    </>
  );
}
