import { countOf, formatPrice } from "@shared/format.ts";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/admin/post-button";
import { StatusBadge } from "~/components/sellers/status-badge";
import { Card } from "~/components/ui/card";

/** A seller's bundle as the bundle pages list it (server/bundles/manage-bundles.ts listBundles). */
export interface SellerBundleRow {
  id: number;
  title: string;
  priceCents: number;
  status: string;
  products: { productId: number; title: string; priceCents: number }[];
  valueCents: number;
  /** Why it cannot be on sale now, or null. */
  problem: string | null;
}

const statusOf = (bundle: SellerBundleRow) => (bundle.status === "published" ? "published" : "draft");

/** "3 products, $45.00 one by one". */
export function bundleValueLine(bundle: Pick<SellerBundleRow, "products" | "valueCents">) {
  return `${countOf(bundle.products.length, "product", "products")}, ${formatPrice(bundle.valueCents)} one by one`;
}

/** Publish or Unpublish, and Delete (after a confirmation): each a form of its own. */
export function BundleStatusButtons({ bundle }: { bundle: SellerBundleRow }) {
  const published = bundle.status === "published";
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post" preventScrollReset>
        <input type="hidden" name="bundleId" value={bundle.id} />
        <SubmitButton intent={published ? "unpublish-bundle" : "publish-bundle"} size="sm">
          {published ? "Unpublish" : "Publish"}
          <span className="sr-only"> {bundle.title}</span>
        </SubmitButton>
      </Form>
      <Form
        method="post"
        preventScrollReset
        onSubmit={(event) => {
          if (!window.confirm(`Delete the bundle ${bundle.title}? Buyers keep what they bought.`)) {
            event.preventDefault();
          }
        }}
      >
        <input type="hidden" name="bundleId" value={bundle.id} />
        <SubmitButton intent="delete-bundle" variant="outline" size="sm">
          Delete<span className="sr-only"> {bundle.title}</span>
        </SubmitButton>
      </Form>
    </div>
  );
}

/** A bundle's status, and why it is not on sale when something stops it. */
export function BundleStanding({ bundle }: { bundle: SellerBundleRow }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={statusOf(bundle)} />
        {bundle.status === "published" && !bundle.problem ? (
          <Link to={`/bundle/${bundle.id}`} className="text-sm underline">
            View in the shop<span className="sr-only">: {bundle.title}</span>
          </Link>
        ) : null}
      </div>
      {bundle.problem ? (
        <p className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {bundle.status === "published" ? "Not on sale: " : "Cannot be published: "}
          {bundle.problem}
        </p>
      ) : null}
    </>
  );
}

/** The seller's bundles, newest first: price, products, where each stands, and its buttons. */
export function SellerBundleList({ bundles }: { bundles: SellerBundleRow[] }) {
  if (bundles.length === 0) {
    return (
      <p className="mt-3 text-muted-foreground">No bundles yet. Make one below from two or more of your products.</p>
    );
  }
  return (
    <ul className="mt-3 flex flex-col gap-4" aria-label="Your bundles">
      {bundles.map((bundle) => (
        <li key={bundle.id}>
          <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 flex-1">
              <h4 className="text-lg font-semibold wrap-anywhere">
                <Link to={`/seller/bundles/${bundle.id}`} className="hover:text-primary">
                  {bundle.title}
                </Link>
              </h4>
              <p className="mt-1 text-sm">
                <span className="font-semibold">{formatPrice(bundle.priceCents)}</span>
                <span className="text-muted-foreground"> · {bundleValueLine(bundle)}</span>
              </p>
              <p className="mt-1 text-sm text-muted-foreground wrap-anywhere">
                {bundle.products.map((product) => product.title).join(", ")}
              </p>
              <div className="mt-3">
                <BundleStanding bundle={bundle} />
              </div>
            </div>
            <div className="flex flex-wrap gap-2 sm:justify-end">
              <BundleStatusButtons bundle={bundle} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
