import { NavLink } from "react-router";
import { cn } from "~/lib/utils";

export interface SectionLink {
  to: string;
  label: string;
  /** Active only on this exact path (the section's first page), not on the pages below it. */
  end?: boolean;
}

/**
 * The tab row of an area with several pages (the Seller Dashboard, the admin console). It wraps
 * onto a second line on a phone so that every section stays in sight.
 */
export function SectionNav({ label, links }: { label: string; links: SectionLink[] }) {
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap gap-x-1 border-b border-border">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end ?? false}
          className={({ isActive }) =>
            cn(
              "-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring sm:px-4",
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
