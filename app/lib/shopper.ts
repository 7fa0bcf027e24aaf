import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { loader } from "~/routes/api/shopper";

// Pages are the same for every visitor (so that they can be cached); the visitor's own parts of
// them (account, cart, wishlist, followed creators) come from /api/v1/shopper through this one
// fetcher. React Router loads it again after every form a page sends, as it does a page's data.
const SHOPPER_FETCHER = "shopper";

type Answer = NonNullable<ReturnType<typeof useFetcher<typeof loader>>["data"]>;
export type Shopper = Extract<Answer, { unavailable: false }>;

/** The visitor's own parts; undefined until they have come (or when they could not be loaded). */
export function useShopper(): Shopper | undefined {
  const { data } = useFetcher<typeof loader>({ key: SHOPPER_FETCHER });
  return data && !data.unavailable ? data : undefined;
}

/** Mounted once in the root layout: asks for the visitor's own parts as soon as the page runs. */
export function LoadShopper() {
  const fetcher = useFetcher<typeof loader>({ key: SHOPPER_FETCHER });
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void fetcher.load("/api/v1/shopper");
  }, [fetcher]);
  return null;
}
