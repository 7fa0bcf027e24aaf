import { servicesContext } from "@server/http/context.ts";
import {
  findProductsForModeration,
  hideProduct,
  moderationQuery,
  productModerationSchema,
  restoreProduct,
} from "@server/moderation/product-moderation.ts";
import { formatPrice } from "@shared/format.ts";
import { hideNote } from "@shared/moderation-note-schema.ts";
import { MODERATION_NOTE_LENGTH } from "@shared/shop-facts.ts";
import { Link } from "react-router";
import { AdminPage, adminMeta, CardList } from "~/components/admin/admin-page";
import { ListSearch } from "~/components/admin/list-search";
import { NoteForm } from "~/components/admin/note-form";
import { Pager } from "~/components/admin/pager";
import { PostButton } from "~/components/admin/post-button";
import { StatusBadge } from "~/components/sellers/status-badge";
import { readForm } from "~/lib/form.server";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/products";
import { parseDecision } from "./decision-form.server";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const query = moderationQuery(new URL(request.url).searchParams);
  return { query, ...(await findProductsForModeration(context.get(servicesContext).db, query)) };
});

/** POST: hide a product with a note for its seller, or restore one the platform hid. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  await requireAdmin(request, context);
  const services = context.get(servicesContext);
  const parsed = parseDecision(await readForm(request), productModerationSchema, "note");
  if (!parsed.decision) return parsed.reply;
  const { decision } = parsed;
  if (decision.intent === "restore") {
    const restored = await restoreProduct(services, decision.productId);
    return { ok: true as const, message: `Restored "${restored.title}": it is on sale again.` };
  }
  const hidden = await hideProduct(services, decision.productId, decision.note);
  return {
    ok: true as const,
    message: `Hidden "${hidden.title}".${hidden.sellerTold ? " Its seller was emailed the note." : ""}`,
  };
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Product moderation");

const FILTER_LABELS = { all: "All", published: "Published", hidden: "Hidden" } as const;

export default function ProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, products, hasNext } = loaderData;
  return (
    <AdminPage
      title="Products"
      lead="Find a product by its title or its creator's name; hide it with a note its seller reads, or restore it."
      controls={
        <ListSearch
          id="moderation"
          queryLabel="Title or creator"
          query={query.query}
          filter={{ name: "status", label: "Status", value: query.status, options: FILTER_LABELS }}
        />
      }
      result={actionData}
    >
      <CardList items={products} itemKey={(product) => product.id} empty="No products match." label="Products found">
        {(product) => (
          <>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id={`product-${product.id}`} className="min-w-0 text-lg font-semibold wrap-anywhere">
                {product.status === "published" ? (
                  <Link to={`/product/${product.id}`} className="hover:text-primary hover:underline">
                    {product.title}
                  </Link>
                ) : (
                  product.title
                )}
              </h3>
              <span className="font-semibold">{formatPrice(product.priceCents)}</span>
            </div>
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span>
                by{" "}
                <Link to={`/creator/${product.creatorSlug}`} className="underline">
                  {product.creatorName}
                </Link>
                {product.creatorStanding !== "active" ? ` (shop ${product.creatorStanding})` : ""}
              </span>
              <StatusBadge status={product.status} />
            </p>
            {product.status === "hidden" && product.hiddenBy === "moderation" ? (
              <>
                {product.hiddenNote ? (
                  <p className="text-sm">
                    <span className="font-medium">Note to the seller:</span> {product.hiddenNote}
                  </p>
                ) : null}
                <PostButton
                  idField={{ name: "productId", value: product.id }}
                  intent="restore"
                  variant="outline"
                  aria-describedby={`product-${product.id}`}
                >
                  Restore
                </PostButton>
              </>
            ) : product.status === "hidden" ? (
              <p className="text-sm text-muted-foreground">Hidden with its shop; it comes back when the shop does.</p>
            ) : (
              <details>
                <summary className="w-fit cursor-pointer rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
                  Hide this product
                </summary>
                <NoteForm
                  idField={{ name: "productId", value: product.id }}
                  intent="hide"
                  name="note"
                  note={hideNote}
                  label="Note for the seller (why it is hidden)"
                  submitLabel="Hide"
                  minLength={MODERATION_NOTE_LENGTH.min}
                  maxLength={MODERATION_NOTE_LENGTH.max}
                  variant="destructive"
                  className="mt-3"
                  submitDescribedBy={`product-${product.id}`}
                />
              </details>
            )}
          </>
        )}
      </CardList>
      <Pager page={query.page} hasNext={hasNext} label="Product pages" />
    </AdminPage>
  );
}
