import { NavLink } from "react-router";
import { cn } from "~/lib/utils";

const LINKS = [
  { to: "/seller", label: "Products", end: true },
  { to: "/seller/sales", label: "Sales", end: false },
  { to: "/seller/earnings", label: "Earnings and payouts", end: false },
  { to: "/seller/profile", label: "Creator profile", end: false },
];

/** The Seller Dashboard's sections. */
export function SellerNav() {
  return (
    <nav aria-label="Seller Dashboard" className="mt-6 flex gap-1 overflow-x-auto border-b border-border">
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            cn(
              "-mb-px whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring",
              isActive
                ? "border-primary text-primary"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
