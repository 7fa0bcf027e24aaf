import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";

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
  const params = new URLSearchParams(location.search);
  params.set("page", String(page + 1));
  return (
    <div className="mt-10 flex flex-col items-center gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {shown.toLocaleString("en-US")} of {total.toLocaleString("en-US")} products
      </p>
      {shown < total ? (
        <Button asChild variant="outline">
          <Link to={`?${params}`} preventScrollReset replace>
            {label}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
