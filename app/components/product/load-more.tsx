import type { ProductCard } from "@server/catalogue/product-card.ts";
import { countOf, formatWhole } from "@shared/format.ts";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { hrefWith } from "~/lib/listing";

/** The products of the pages Load More has fetched, kept for the address (filters, sort) they belong to. */
interface Appended {
  forAddress: string;
  pages: Map<number, ProductCard[]>;
}

export interface LoadMoreState {
  /** The page's own products, then those Load More appended. */
  products: ProductCard[];
  /** The address's page (?page=N: its own 24 products) and the last page shown below it. */
  page: number;
  lastPage: number;
  loading: boolean;
  loadNext: () => void;
}

/**
 * A listing's Load More: the address's page renders only its own products (?page=N: the Nth 24,
 * so that no request costs more than a page), and Load More fetches the next page's data and
 * appends its products here, without leaving the address. Without JavaScript, Load More is a link
 * to the next page (and the page links back to the one before it).
 */
export function useLoadMore(products: ProductCard[], page: number): LoadMoreState {
  const location = useLocation();
  const address = location.pathname + location.search;
  const fetcher = useFetcher<{ products?: ProductCard[] }>();
  // The page last asked for, and for which address: data that comes for another address is not this one's.
  const requested = useRef({ page, address });
  const [appended, setAppended] = useState<Appended>({ forAddress: address, pages: new Map() });
  const current = appended.forAddress === address ? appended : { forAddress: address, pages: new Map() };
  if (current !== appended) setAppended(current);

  useEffect(() => {
    const loaded = fetcher.data?.products;
    const { page: loadedPage, address: loadedFor } = requested.current;
    if (!loaded || loadedFor !== address) return;
    // Keyed by page: the fetcher's data reloaded after a form was sent replaces its page, never adds it twice.
    setAppended((before) =>
      before.forAddress === address
        ? { forAddress: address, pages: new Map(before.pages).set(loadedPage, loaded) }
        : before,
    );
  }, [fetcher.data, address]);

  const lastPage = page + current.pages.size;
  const more = [...current.pages.entries()].sort(([a], [b]) => a - b).flatMap(([, cards]) => cards);
  return {
    products: more.length > 0 ? [...products, ...more] : products,
    page,
    lastPage,
    loading: fetcher.state !== "idle",
    loadNext: () => {
      requested.current = { page: lastPage + 1, address };
      void fetcher.load(`${location.pathname}${hrefWith(location, "page", String(lastPage + 1))}`);
    },
  };
}

/** 'Showing N of M', a Load More link (the next page's products appended), and the earlier page's link. */
export function LoadMore({
  state,
  total,
  pageSize = 24,
  label = "Load More",
}: {
  state: LoadMoreState;
  total: number;
  pageSize?: number;
  label?: string;
}) {
  const location = useLocation();
  const first = (state.page - 1) * pageSize + 1;
  const last = first - 1 + state.products.length;
  // An address past the last page links back to the last page that has products.
  const earlier = Math.min(state.page - 1, Math.max(1, Math.ceil(total / pageSize)));
  return (
    <div className="mt-10 flex flex-col items-center gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {state.products.length === 0
          ? `No more products: all ${countOf(total, "product", "products")} come before this page.`
          : `Showing ${state.page > 1 ? `${formatWhole(first)}–${formatWhole(last)}` : formatWhole(last)} of ${countOf(total, "product", "products")}`}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {state.page > 1 ? (
          <Button asChild variant="ghost">
            <Link to={hrefWith(location, "page", earlier === 1 ? null : String(earlier))}>Earlier products</Link>
          </Button>
        ) : null}
        {last < total ? (
          <Button asChild variant="outline">
            <Link
              to={hrefWith(location, "page", String(state.lastPage + 1))}
              aria-busy={state.loading || undefined}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
                event.preventDefault();
                if (!state.loading) state.loadNext();
              }}
            >
              {label}
            </Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
