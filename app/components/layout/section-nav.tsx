import { useEffect, useRef } from "react";
import { Link, matchPath, useLocation } from "react-router";
import { cn } from "~/lib/utils";

export interface SectionLink {
  to: string;
  label: string;
  /** Active only on this exact path (the section's first page), not on the pages below it. */
  end?: boolean;
  /** Pages that belong to this tab though they are not below its address (a product's editor under Products). */
  also?: string;
}

function isCurrent(link: SectionLink, pathname: string) {
  return (
    matchPath({ path: link.to, end: link.end ?? false }, pathname) !== null ||
    (link.also !== undefined && matchPath({ path: link.also, end: false }, pathname) !== null)
  );
}

/**
 * The tab row of an area with several pages (the Seller Dashboard, the admin console): one row
 * that scrolls sideways on a phone and a tablet, with a shadow on the side with more tabs, and the
 * current tab scrolled into sight; every tab in sight, in as many rows as it takes, from 1024 px.
 */
export function SectionNav({ label, links }: { label: string; links: SectionLink[] }) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const row = nav.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current) return;
    const inSight =
      current.offsetLeft >= row.scrollLeft &&
      current.offsetLeft + current.offsetWidth <= row.scrollLeft + row.clientWidth;
    // A tab in sight stays where it is, and so does a row someone has already scrolled (a phone's
    // swipe before the page came alive): moving it then would put another tab under their finger.
    if (inSight || row.scrollLeft !== 0) return;
    // Only sideways: the page itself does not move.
    row.scrollLeft = Math.max(0, current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2);
  }, [pathname]);
  return (
    <nav
      ref={nav}
      aria-label={label}
      // The baseline is an inset shadow: a border with tabs pulled over it would make the row scroll up and down too.
      // From a laptop's width the tabs wrap onto a second row rather than hide past the edge (the
      // Seller Dashboard's thirteen are wider than 1280 px).
      className="scroll-cue-x relative mt-6 flex gap-x-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-border)] lg:flex-wrap lg:overflow-x-visible"
    >
      {links.map((link) => {
        const current = isCurrent(link, pathname);
        return (
          <Link
            key={link.to}
            to={link.to}
            aria-current={current ? "page" : undefined}
            className={cn(
              "shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-4",
              current
                ? "border-primary text-primary"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}
