import { SectionNav } from "~/components/layout/section-nav";

/** The admin console's sections. */
export function AdminNav() {
  return (
    <SectionNav
      label="Admin console"
      links={[
        { to: "/admin", label: "Overview", end: true },
        { to: "/admin/applications", label: "Applications" },
        { to: "/admin/products", label: "Products" },
        { to: "/admin/reports", label: "Reports" },
        { to: "/admin/sellers", label: "Sellers" },
        { to: "/admin/appeals", label: "Appeals" },
        { to: "/admin/refunds", label: "Refunds" },
        { to: "/admin/payouts", label: "Payouts" },
        { to: "/admin/messages", label: "Messages" },
        { to: "/admin/search", label: "Search" },
        { to: "/admin/discounts", label: "Discounts" },
        { to: "/admin/income-report", label: "Income report" },
        { to: "/admin/tax-reports", label: "Tax reports" },
        { to: "/admin/exchange-rates", label: "Exchange rates" },
      ]}
    />
  );
}
