import { servicesContext } from "@server/http/context.ts";
import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { DiscountCodeForm } from "~/components/sellers/discount-code-form";
import { CodeOutcome, DiscountCodeTable } from "~/components/sellers/discount-code-table";
import { discountCodeAction, discountCodeRows } from "~/lib/discount-code-pages.server";
import { readForm } from "~/lib/form.server";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/discounts";

// Site-wide sales: codes the platform makes, for every product of every seller.

const SITE_WIDE = { siteWide: true } as const;

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  return { codes: await discountCodeRows(context.get(servicesContext).db, SITE_WIDE) };
});

/** POST: make a site-wide sale, or end one. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  await requireAdmin(request, context);
  return discountCodeAction(context.get(servicesContext).db, SITE_WIDE, await readForm(request));
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Discounts");

export default function AdminDiscountsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Site-wide sales"
      lead="A code any buyer can enter in their cart for every product in the shop. Sellers still get 70% of what the buyer pays."
      wide
    >
      <div className="mt-6 max-w-3xl">
        <DiscountCodeForm products={null} answer={actionData} />
      </div>
      <CodeOutcome answer={actionData} />
      <h3 className="mt-10 text-lg font-semibold">Sales</h3>
      <DiscountCodeTable
        codes={loaderData.codes}
        siteWide
        label="Site-wide sales"
        empty="No site-wide sales yet. Make one above."
      />
    </AdminPage>
  );
}
