import type { ProductCard } from "@server/catalogue/product-card.ts";
import type { ListingOptions, ListingState, Sort } from "@server/search/listing-query.ts";
import { LayoutGrid, List, SlidersHorizontal } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSubmit } from "react-router";
import { LoadMore, useLoadMore } from "~/components/product/load-more";
import { ProductGrid } from "~/components/product/product-card";
import { Button } from "~/components/ui/button";
import { hrefWith } from "~/lib/listing";
import { cn } from "~/lib/utils";
import { FILTER_FORM_ID, type FilterGroups, FilterPanel } from "./filter-panel";

const SORT_LABELS: Record<Sort, string> = {
  relevance: "Most Relevant",
  trending: "Most Trending",
  popular: "Most Popular",
  newest: "Newest",
  "price-low": "Price: Low to High",
  "price-high": "Price: High to Low",
  rating: "Highest Rated",
  bestselling: "Best Selling",
};

function SortSelect({ sort, sorts }: { sort: Sort; sorts: readonly Sort[] }) {
  const submit = useSubmit();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">Sort by</span>
      <select
        name="sort"
        form={FILTER_FORM_ID}
        defaultValue={sort}
        key={sort}
        className="h-10 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        onChange={(event) => {
          const form = event.currentTarget.form;
          if (form) submit(form, { preventScrollReset: true, replace: true });
        }}
      >
        {sorts.map((value) => (
          <option key={value} value={value}>
            {SORT_LABELS[value]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Grid or list (default grid), kept in the address like the rest of the page's state. */
function ViewToggle({ view }: { view: ListingState["view"] }) {
  const location = useLocation();
  const options = [
    { value: "grid", label: "Grid view", icon: LayoutGrid },
    { value: "list", label: "List view", icon: List },
  ] as const;
  return (
    <nav aria-label="Layout" className="flex rounded-md border border-input">
      {options.map(({ value, label, icon: Icon }) => (
        <Link
          key={value}
          to={hrefWith(location, "view", value === "grid" ? null : value)}
          preventScrollReset
          replace
          aria-label={label}
          aria-current={view === value ? "true" : undefined}
          className={cn(
            "grid size-10 place-items-center text-muted-foreground hover:text-foreground",
            view === value && "bg-primary-soft text-primary",
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </Link>
      ))}
    </nav>
  );
}

export interface ListingLayoutProps {
  state: ListingState;
  /** The page's panel: its price slider and sorts (app/lib/listing.ts). */
  options: ListingOptions;
  /** What the loader found (server/search/listing.ts). */
  listing: { products: ProductCard[]; total: number; filters: FilterGroups };
  /** Shown instead of the grid when nothing matches. */
  empty: ReactNode;
  clearHref: string;
  clearLabel?: string;
  loadMoreLabel?: string;
  /** Above the results: a count, a badge. */
  summary?: ReactNode;
  /** Told when a result is opened (any of its links, in either layout), with its place from 1. */
  onProductClick?: (productId: number, position: number) => void;
}

/**
 * Calls `onProductClick` for a click (or a middle click, a new tab) on a link to a product in the
 * results; the link then does what it always does. Without JavaScript the links simply work.
 */
function useProductClicks(onProductClick: ListingLayoutProps["onProductClick"]) {
  const results = useRef<HTMLDivElement>(null);
  const latest = useRef(onProductClick);
  latest.current = onProductClick;
  const listening = Boolean(onProductClick);
  useEffect(() => {
    const container = results.current;
    if (!container || !listening) return;
    const opened = (event: MouseEvent) => {
      if (event.type === "auxclick" && event.button !== 1) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      const productId = /^\/product\/(\d+)$/.exec(link?.getAttribute("href") ?? "")?.[1];
      // The result's item in the grid's list: the child of the list that is the container's child.
      let item = link ?? null;
      while (item && item.parentElement?.parentElement !== container) item = item.parentElement;
      if (!productId || !item?.parentElement) return;
      latest.current?.(Number(productId), [...item.parentElement.children].indexOf(item) + 1);
    };
    container.addEventListener("click", opened);
    container.addEventListener("auxclick", opened);
    return () => {
      container.removeEventListener("click", opened);
      container.removeEventListener("auxclick", opened);
    };
  }, [listening]);
  return results;
}

/** A listing page's body: the filter panel beside the results, with sort, layout and Load More. */
export function ListingLayout(props: ListingLayoutProps) {
  const { state, options } = props;
  const { total } = props.listing;
  const loadMore = useLoadMore(props.listing.products, state.page);
  const { products } = loadMore;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const results = useProductClicks(props.onProductClick);
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[15rem_1fr]">
      <div>
        <Button
          type="button"
          variant="outline"
          className="lg:hidden"
          aria-expanded={filtersOpen}
          aria-controls="listing-filter-panel"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" /> Filters
        </Button>
        <div id="listing-filter-panel" className={cn("mt-4 lg:mt-0 lg:block", filtersOpen ? "block" : "hidden")}>
          <FilterPanel
            state={state}
            priceMax={options.priceMax}
            groups={props.listing.filters}
            clearHref={props.clearHref}
            clearLabel={props.clearLabel}
          />
        </div>
      </div>
      <section aria-labelledby="listing-results-heading">
        <h2 id="listing-results-heading" className="sr-only">
          Products
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">{props.summary}</div>
          <div className="flex items-center gap-3">
            <SortSelect sort={state.sort} sorts={options.sorts} />
            <ViewToggle view={state.view} />
          </div>
        </div>
        <div ref={results} className="mt-6">
          {products.length > 0 ? (
            <ProductGrid products={products} layout={state.view} />
          ) : total === 0 ? (
            props.empty
          ) : null}
        </div>
        {total > 0 ? <LoadMore state={loadMore} total={total} label={props.loadMoreLabel} /> : null}
      </section>
    </div>
  );
}
