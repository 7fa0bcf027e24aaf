import { countOf, formatWhole } from "@shared/format.ts";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { hrefWith } from "~/lib/listing";

/** 'Showing N of M' and a link that shows the next page as well (works without JavaScript). */
export function LoadMore({
  shown,
  total,
  page,
  label = "Load More",
}: {
  shown: number;
  total: number;
  page: number;
  label?: string;
}) {
  const location = useLocation();
  return (
    <div className="mt-10 flex flex-col items-center gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {formatWhole(shown)} of {countOf(total, "product", "products")}
      </p>
      {shown < total ? (
        <Button asChild variant="outline">
          <Link to={hrefWith(location, "page", String(page + 1))} preventScrollReset replace>
            {label}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
