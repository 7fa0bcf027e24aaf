import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loader } from "~/routes/api/bundle-viewer";

/** What the visitor owns of the bundle: the product ids and what they would pay for the rest. */
export interface BundleViewer {
  ownedProductIds: number[];
  /** Null for a guest (who owns nothing), or when the bundle is not on sale. */
  toPayCents: number | null;
}

/**
 * The visitor's part of a bundle's page; undefined until known. The page is the same for everyone
 * (a guest's view); this comes after it, from /api/v1/bundles/:id/viewer.
 */
export function useBundleViewer(bundleId: number): BundleViewer | undefined {
  const { data, load } = useFetcher<typeof loader>();
  useEffect(() => {
    void load(`/api/v1/bundles/${bundleId}/viewer`);
  }, [bundleId, load]);
  return data?.bundleId === bundleId ? data : undefined;
}
