import { servicesContext } from "@server/http/context.ts";
import { listSellerProducts } from "@server/sellers/seller-products.ts";
import { DiscountCodeForm } from "~/components/sellers/discount-code-form";
import { CodeOutcome, DiscountCodeTable } from "~/components/sellers/discount-code-table";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Container } from "~/components/ui/page";
import { discountCodeAction, discountCodeRows } from "~/lib/discount-code-pages.server";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireCreator, requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import type { Route } from "./+types/discounts";

// The seller's discount codes: make one (for all of their products or some), see how each is
// used, end one.

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const { db } = context.get(servicesContext);
  const [codes, products] = await Promise.all([
    discountCodeRows(db, { creatorId: creator.id }),
    listSellerProducts(db, creator.id),
  ]);
  return { lookOnly, codes, products: products.map((product) => ({ id: product.id, title: product.title })) };
});

/** POST: make a code, or end one. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { creator } = await requireCreatorWhoMayAct(request, context);
  const { db } = context.get(servicesContext);
  return discountCodeAction(db, { creatorId: creator.id }, await readForm(request));
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Discount codes");

export default function SellerDiscountsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, products } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <h2 className="mt-8 text-xl font-semibold">Discount codes</h2>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Buyers enter a code in their cart. It takes a percent or an amount off your products; you keep 70% of what the
        buyer pays.
      </p>
      <div className="mt-6 max-w-3xl">
        <DiscountCodeForm products={products} answer={actionData} />
      </div>
      <CodeOutcome answer={actionData} />
      <h3 className="mt-10 text-lg font-semibold">Your codes</h3>
      <DiscountCodeTable
        codes={codes}
        label="Your discount codes"
        empty="No codes yet. Make one above and share it with your buyers."
      />
    </Container>
  );
}
