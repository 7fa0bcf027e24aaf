import { discountPercent, formatPrice } from "@shared/format.ts";
import { Package } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";

/** A bundle that holds the product, as its page offers it (app/lib/product-bundles.server.ts). */
export interface ProductBundleOffer {
  id: number;
  title: string;
  priceCents: number;
  /** What its products cost one by one. */
  valueCents: number;
  /** The bundle's other products. */
  otherTitles: string[];
}

/** "with Botanical Poster and Weekly Planner", "with A, B and 3 more". */
function withOthers(titles: string[]) {
  if (titles.length === 0) return "";
  if (titles.length <= 3) {
    return `With ${titles.length === 1 ? titles[0] : `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}`}`;
  }
  return `With ${titles.slice(0, 2).join(", ")} and ${titles.length - 2} more`;
}

/**
 * Save with a bundle: each bundle on sale that holds this product, its price, saving and page;
 * nothing when none (or when the page's data has no bundles, as a cached page's from before them).
 */
export function ProductBundles({ bundles = [] }: { bundles?: ProductBundleOffer[] }) {
  if (bundles.length === 0) return null;
  return (
    <section className="mt-12" aria-labelledby="product-bundles-heading">
      <h2 id="product-bundles-heading" className="text-2xl font-bold">
        Save with a bundle
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {bundles.map((bundle) => {
          const saving = discountPercent(bundle.priceCents, bundle.valueCents);
          return (
            <li key={bundle.id}>
              <Card className="relative flex h-full flex-col gap-2 p-5 hover:border-primary">
                <div className="flex items-start gap-3">
                  <Package aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
                  <h3 className="min-w-0 font-semibold wrap-anywhere">
                    {/* The title's link covers the card. */}
                    <Link to={`/bundle/${bundle.id}`} className="after:absolute after:inset-0 hover:text-primary">
                      {bundle.title}
                    </Link>
                  </h3>
                </div>
                <p className="text-sm text-muted-foreground wrap-anywhere">{withOthers(bundle.otherTitles)}</p>
                <p className="mt-auto flex flex-wrap items-baseline gap-x-2 gap-y-1 pt-2">
                  <span className="text-xl font-bold">{formatPrice(bundle.priceCents)}</span>
                  <s className="text-sm text-muted-foreground">
                    <span className="sr-only">instead of </span>
                    {formatPrice(bundle.valueCents)}
                  </s>
                  {saving > 0 ? <Badge variant="sale">Save {saving}%</Badge> : null}
                </p>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
