import { listCategories } from "@server/catalogue/categories.ts";
import { servicesContext } from "@server/http/context.ts";
import { createProduct } from "@server/sellers/seller-products.ts";
import { productFormSchema } from "@shared/product-schema.ts";
import { data, Link, redirect } from "react-router";
import { replyOf } from "~/components/forms/form-field";
import { EMPTY_PRODUCT, ProductForm } from "~/components/sellers/product-form";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Container } from "~/components/ui/page";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireCreator, requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import type { Route } from "./+types/product-new";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { lookOnly } = await requireCreator(request, context);
  return { lookOnly, categories: await listCategories(context.get(servicesContext).db) };
});

/** POST: the new product, as a draft; then its editor, to add images and files. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { creator } = await requireCreatorWhoMayAct(request, context);
  const submission = parseSubmission(await readForm(request), productFormSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const id = await createProduct(context.get(servicesContext).db, creator.id, submission.value);
  return redirect(`/seller/products/${id}?created=1`);
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "New product");

export default function NewProductPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <div className="mt-8 flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-2xl font-semibold">New product</h2>
        <Link to="/seller" className="text-sm underline">
          Back to your products
        </Link>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        It starts as a draft: add images and files next, then publish it.
      </p>
      <div className="mt-6 max-w-3xl">
        <ProductForm
          values={EMPTY_PRODUCT}
          categories={loaderData.categories}
          submitLabel="Create draft"
          lastResult={replyOf(actionData)}
          refusal={actionData && "message" in actionData ? actionData : undefined}
        />
      </div>
    </Container>
  );
}
