import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loader } from "~/routes/api/product-viewer";

/** The one fetcher of the viewer's data, which useReviewState and useProductViewer share. */
const VIEWER_FETCHER = "product-viewer";

/**
 * Whether the visitor may review the product ("guest", "not-bought", "can-review", "reviewed");
 * undefined until known. The product page is the same for everyone; this comes after it.
 */
export function useReviewState(productId: number) {
  const { data, load } = useFetcher<typeof loader>({ key: VIEWER_FETCHER });
  useEffect(() => {
    void load(`/api/v1/products/${productId}/viewer`);
  }, [productId, load]);
  return data?.productId === productId ? data.reviewState : undefined;
}

/**
 * What the product page shows this visitor (may they review it, are they its seller), as loaded
 * for the Reviews tab, or here when `load`; undefined until known.
 */
export function useProductViewer(productId: number, { load: wanted = false } = {}) {
  const { data, load } = useFetcher<typeof loader>({ key: VIEWER_FETCHER });
  useEffect(() => {
    if (wanted) void load(`/api/v1/products/${productId}/viewer`);
  }, [productId, wanted, load]);
  return data?.productId === productId ? data : undefined;
}

/** Counts one view of the product for its seller, once the page runs in a browser. */
export function useCountedView(productId: number, { skip }: { skip: boolean }) {
  useEffect(() => {
    if (skip) return;
    fetch(`/api/v1/products/${productId}/viewer`, { method: "POST", keepalive: true }).catch(() => {});
  }, [productId, skip]);
}
