import {
  findProductsForModeration,
  hideProduct,
  hideProductSchema,
  MODERATION_FILTERS,
  moderationQuery,
  NOTE_LENGTH,
  restoreProduct,
} from "@server/admin/product-moderation.ts";
import { servicesContext } from "@server/http/context.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { AdminNav } from "~/components/admin/admin-nav";
import { Pager } from "~/components/admin/pager";
import { StatusBadge } from "~/components/sellers/status-badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label, Textarea } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { firstIssue } from "~/lib/form-errors";
import { formatPrice } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { refusalResponse } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/products";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = moderationQuery(new URL(request.url).searchParams);
  return { query, ...(await findProductsForModeration(context.get(servicesContext).db, query)) };
}

/** POST: hide a product with a note for its seller, or restore one the platform hid. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const services = context.get(servicesContext);
  const form = Object.fromEntries(await request.formData());
  try {
    if (form.intent === "restore") {
      const restored = await restoreProduct(services, Number(form.productId));
      return { ok: true, message: `Restored "${restored.title}": it is on sale again.` };
    }
    const parsed = hideProductSchema.safeParse(form);
    if (!parsed.success) return data({ ok: false, message: firstIssue(parsed.error) }, { status: 400 });
    const hidden = await hideProduct(services, parsed.data.productId, parsed.data.note);
    return {
      ok: true,
      message: `Hidden "${hidden.title}".${hidden.sellerTold ? " Its seller was emailed the note." : ""}`,
    };
  } catch (error) {
    return refusalResponse(error);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Product moderation"),
  { name: "robots", content: "noindex" },
];

const FILTER_LABELS = { all: "All", published: "Published", hidden: "Hidden" } as const;
const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-base sm:text-sm focus-visible:outline-2 focus-visible:outline-ring";

export default function ProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, products, hasNext } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <Container className="max-w-4xl py-10">
      <h1 className="text-3xl font-bold">Admin console</h1>
      <AdminNav />
      <h2 className="mt-8 text-xl font-semibold">Products</h2>
      <p className="mt-1 text-muted-foreground">
        Find a product by its title or its creator's name; hide it with a note its seller reads, or restore it.
      </p>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-1.5">
          <Label htmlFor="moderation-query">Title or creator</Label>
          <Input id="moderation-query" name="q" type="search" defaultValue={query.query} maxLength={100} />
        </div>
        <div className="flex w-40 flex-col gap-1.5">
          <Label htmlFor="moderation-status">Status</Label>
          <select id="moderation-status" name="status" defaultValue={query.status} className={selectClass}>
            {MODERATION_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {FILTER_LABELS[filter]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">Search</Button>
      </Form>
      <div className="mt-4">
        <FormStatus result={actionData} />
      </div>
      {products.length === 0 ? (
        <p className="mt-6 text-muted-foreground">No products match.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4" aria-label="Products found">
          {products.map((product) => (
            <li key={product.id}>
              <Card className="flex flex-col gap-3 p-5">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 id={`product-${product.id}`} className="min-w-0 text-lg font-semibold break-words">
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
                    <Form method="post">
                      <input type="hidden" name="productId" value={product.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="restore"
                        variant="outline"
                        disabled={busy}
                        aria-describedby={`product-${product.id}`}
                      >
                        Restore
                      </Button>
                    </Form>
                  </>
                ) : product.status === "hidden" ? (
                  <p className="text-sm text-muted-foreground">
                    Hidden with its shop; it comes back when the shop does.
                  </p>
                ) : (
                  <details>
                    <summary className="w-fit cursor-pointer rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
                      Hide this product
                    </summary>
                    <Form method="post" className="mt-3 flex flex-col gap-2">
                      <input type="hidden" name="productId" value={product.id} />
                      <Label htmlFor={`note-${product.id}`}>Note for the seller (why it is hidden)</Label>
                      <Textarea
                        id={`note-${product.id}`}
                        name="note"
                        required
                        minLength={NOTE_LENGTH.min}
                        maxLength={NOTE_LENGTH.max}
                        className="min-h-20"
                      />
                      <Button
                        type="submit"
                        name="intent"
                        value="hide"
                        variant="destructive"
                        className="self-start"
                        disabled={busy}
                        aria-describedby={`product-${product.id}`}
                      >
                        Hide
                      </Button>
                    </Form>
                  </details>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pager page={query.page} hasNext={hasNext} label="Product pages" />
    </Container>
  );
}
