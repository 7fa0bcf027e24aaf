import type { ComponentProps } from "react";
import { Form, Link } from "react-router";
import { HiddenProductNote } from "~/components/sellers/hidden-product-note";
import { StatusBadge } from "~/components/sellers/status-badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

type ProductStatus = ComponentProps<typeof StatusBadge>["status"];
type HiddenBy = ComponentProps<typeof HiddenProductNote>["hiddenBy"];

/** The editor's heading: the product's title, its status and, once on sale, a link to it. */
export function ProductEditorHeading({ product }: { product: { id: number; title: string; status: ProductStatus } }) {
  return (
    <div className="mt-8 flex flex-wrap items-center gap-3">
      <h2 className="min-w-0 text-2xl font-semibold wrap-anywhere">{product.title}</h2>
      <StatusBadge status={product.status} />
      {product.status === "published" ? (
        <Link to={`/product/${product.id}`} className="text-sm underline">
          View in the shop
        </Link>
      ) : null}
    </div>
  );
}

/** Where the product stands (draft, on sale, hidden by the platform), and its publish and delete buttons. */
export function ProductStatusSection({
  product,
  busy,
}: {
  product: { status: ProductStatus; hiddenBy: HiddenBy; hiddenNote: string | null };
  busy: boolean;
}) {
  return (
    <Card className="p-6">
      <h3 className="text-lg font-semibold">Status</h3>
      {product.status === "hidden" ? (
        <HiddenProductNote hiddenBy={product.hiddenBy} note={product.hiddenNote} />
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">
          {product.status === "published"
            ? "On sale: it shows in search, its category and your creator page."
            : "A draft: only you see it. Publishing needs an image and a file."}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {/* A product the platform hid cannot be published by its seller (the note says why). */}
        {product.status === "hidden" ? null : (
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value={product.status === "published" ? "unpublish" : "publish"}
              disabled={busy}
            >
              {product.status === "published" ? "Unpublish" : "Publish"}
            </Button>
          </Form>
        )}
        <Form
          method="post"
          onSubmit={(event) => {
            if (!window.confirm("Delete this product? Buyers keep their downloads.")) event.preventDefault();
          }}
        >
          <Button type="submit" name="intent" value="delete" variant="outline" disabled={busy}>
            Delete
          </Button>
        </Form>
      </div>
    </Card>
  );
}
