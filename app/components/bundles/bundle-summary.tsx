import type { PricedBundle } from "@server/bundles/bundles.ts";
import { countOf, discountPercent, formatPrice } from "@shared/format.ts";
import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { AddBundleButton } from "./add-bundle-button";
import type { BundleViewer } from "./use-bundle-viewer";

/** The bundle's price, what its products cost one by one struck through, and the saving. */
function BundlePrice({ priceCents, valueCents }: { priceCents: number; valueCents: number }) {
  const saving = discountPercent(priceCents, valueCents);
  return (
    <div className="mt-6">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-4xl font-bold">{formatPrice(priceCents)}</span>
        <span className="text-muted-foreground">
          <s>
            <span className="sr-only">instead of </span>
            {formatPrice(valueCents)}
          </s>{" "}
          if bought separately
        </span>
      </p>
      {saving > 0 ? (
        <Badge variant="sale" className="mt-2">
          Save {saving}%
        </Badge>
      ) : null}
    </div>
  );
}

/**
 * What the visitor can do: add the bundle; or, owning some of its products, complete it for the
 * rest; or, owning all of them, nothing more to buy. A guest's view until the viewer is known.
 */
function BundleBuy({ bundle, viewer }: { bundle: PricedBundle; viewer: BundleViewer | undefined }) {
  const owned = viewer?.ownedProductIds.length ?? 0;
  const total = bundle.products.length;
  if (owned > 0 && owned >= total) {
    return (
      <p role="status" className="mt-6 flex items-center gap-2 rounded-md bg-emerald-50 p-3 text-success">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
        You own everything in this bundle.
      </p>
    );
  }
  return (
    <div className="mt-6 flex flex-col gap-3">
      {owned > 0 ? (
        <p role="status" className="rounded-md bg-primary-soft p-3 text-sm">
          {`You own ${owned} of ${countOf(total, "product", "products")} in this bundle: you pay only for the others.`}
        </p>
      ) : null}
      <AddBundleButton
        bundleId={bundle.id}
        completeForCents={owned > 0 && viewer?.toPayCents != null ? viewer.toPayCents : undefined}
      />
      <p className="text-sm text-muted-foreground">
        Instant download of every product, with a Personal license for each.
      </p>
    </div>
  );
}

/** The bundle's title, creator, description, price and buy button. */
export function BundleSummary({ bundle, viewer }: { bundle: PricedBundle; viewer: BundleViewer | undefined }) {
  return (
    <div>
      <Badge>{`Bundle of ${countOf(bundle.products.length, "product", "products")}`}</Badge>
      <h1 className="mt-3 text-3xl font-bold wrap-anywhere">{bundle.title}</h1>
      <p className="mt-2 text-muted-foreground">
        by{" "}
        <Link
          to={`/creator/${bundle.creatorSlug}`}
          className="font-medium text-foreground wrap-anywhere hover:text-primary"
        >
          {bundle.creatorName}
        </Link>
      </p>
      <BundlePrice priceCents={bundle.priceCents} valueCents={bundle.valueCents} />
      <BundleBuy bundle={bundle} viewer={viewer} />
      {bundle.description ? (
        <p className="mt-6 whitespace-pre-line text-muted-foreground">{bundle.description}</p>
      ) : null}
    </div>
  );
}
