import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { hrefWith } from "~/lib/listing";

/** Previous and next page links of an admin list; the rest of the address (its search, its filter) stays. */
export function Pager({ page, hasNext, label }: { page: number; hasNext: boolean; label: string }) {
  const location = useLocation();
  if (page === 1 && !hasNext) return null;
  const to = (target: number) => hrefWith(location, "page", target === 1 ? null : String(target));
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Button asChild variant="outline">
          <Link to={to(page - 1)}>Previous page</Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">Page {page}</span>
      {hasNext ? (
        <Button asChild variant="outline">
          <Link to={to(page + 1)}>Next page</Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
