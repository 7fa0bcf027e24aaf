import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "~/components/ui/button";
import { useShopper } from "~/lib/shopper";
import { useProductViewer } from "./use-product-viewer";

// The product page's "Report this listing": a quiet link-like button under the product.
// The dialog and its form libraries load only once it is opened.

const ReportListingDialog = lazy(() =>
  import("./report-listing-dialog").then((module) => ({ default: module.ReportListingDialog })),
);

export function ReportListing({ productId }: { productId: number }) {
  const [open, setOpen] = useState(false);
  const shopper = useShopper();
  // Only a seller may be this product's seller: only they ask the viewer route (not every visitor).
  const viewer = useProductViewer(productId, { load: shopper?.user?.isSeller === true });
  // Its seller cannot report their own product (the server refuses it too).
  if (viewer?.seller) return null;
  return (
    <div className="mt-10 flex justify-end">
      <Button variant="ghost" size="sm" className="text-muted-foreground" onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" /> Report this listing
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportListingDialog productId={productId} guest={!shopper?.user} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
