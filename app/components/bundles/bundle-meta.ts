import type { PricedBundle } from "@server/bundles/bundles.ts";
import { countOf, discountPercent, formatPrice } from "@shared/format.ts";
import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/lib/meta";

/** What the bundle page's loader tells search engines and link previews. */
interface BundleMetaData {
  bundle: PricedBundle;
  /** The bundle page's canonical address. */
  url: string;
  /** The link preview's picture (its first product's), or null for the shop's. */
  preview: string | null;
}

/** "3 products by Paper Fox for $30.00 instead of $45.00 (save 33%)." */
function bundleTagline(bundle: Pick<PricedBundle, "products" | "creatorName" | "priceCents" | "valueCents">) {
  const saving = discountPercent(bundle.priceCents, bundle.valueCents);
  return `${countOf(bundle.products.length, "product", "products")} by ${bundle.creatorName} for ${formatPrice(
    bundle.priceCents,
  )} instead of ${formatPrice(bundle.valueCents)}${saving > 0 ? ` (save ${saving}%)` : ""}.`;
}

/** The bundle page's title, description, canonical address and Open Graph tags, as a product page's. */
export function bundleMeta(
  matches: Parameters<typeof pageMeta>[0],
  { bundle, url, preview }: BundleMetaData,
): MetaDescriptor[] {
  const tagline = bundleTagline(bundle);
  const description = bundle.description ? `${tagline} ${bundle.description}` : tagline;
  return [
    ...pageMeta(matches, bundle.title, description.slice(0, 300), { image: preview, type: "product" }),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:url", content: url },
    { property: "product:price:amount", content: (bundle.priceCents / 100).toFixed(2) },
    { property: "product:price:currency", content: "USD" },
  ];
}
