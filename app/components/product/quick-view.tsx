import type { ProductCard } from "@server/catalogue/product-card.ts";
import { lazy, Suspense, useRef, useState } from "react";
import { useOpenedOnce } from "~/components/layout/shop-dialogs";

// The dialog's code (and the product's details) come when a shopper first opens it: most visitors
// of a listing never do.
const QuickViewDialog = lazy(() => import("./quick-view-dialog").then((m) => ({ default: m.QuickViewDialog })));

/**
 * A card's Quick view (the first design opened the product in a new tab): a dialog with the
 * product's pictures, price, licence choice, Add to Cart and a link to its page.
 */
export function QuickViewButton({ product }: { product: ProductCard }) {
  const [open, setOpen] = useState(false);
  const wanted = useOpenedOnce(open);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="card-icon-button card-quick-view"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <span className="sr-only">{`Quick view ${product.title}`}</span>
      </button>
      {wanted ? (
        <Suspense>
          <QuickViewDialog card={product} open={open} onOpenChange={setOpen} opener={opener} />
        </Suspense>
      ) : null}
    </>
  );
}
