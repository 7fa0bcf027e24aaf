import { keyFigures, RECENT_DAYS } from "@server/admin/key-figures.ts";
import { servicesContext } from "@server/http/context.ts";
import { openReportCount } from "@server/moderation/listing-reports.ts";
import { formatPrice } from "@shared/format.ts";
import {
  Ban,
  CalendarDays,
  CircleDollarSign,
  EyeOff,
  FilePen,
  Flag,
  Inbox,
  Landmark,
  Package,
  ReceiptText,
  Scale,
  ShoppingBag,
  Store,
  Tag,
  Undo2,
  UserPlus,
  UserX,
} from "lucide-react";
import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { FigureCards } from "~/components/admin/figure-cards";
import { pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/overview";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const { db } = context.get(servicesContext);
  const [figures, openReports] = await Promise.all([keyFigures(db), openReportCount(db)]);
  return { figures, openReports, recentDays: RECENT_DAYS };
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Admin console");

const count = (value: number) => value.toLocaleString("en-US");

export default function OverviewPage({ loaderData }: Route.ComponentProps) {
  const { money, sellers, products, waiting } = loaderData.figures;
  const { openReports } = loaderData;
  return (
    <AdminPage title="Overview" lead="The platform at a glance, and the work waiting for an admin." wide>
      <FigureCards
        id="figures-waiting"
        title="Waiting for you"
        figures={[
          {
            label: "Seller applications",
            value: count(waiting.applications),
            icon: UserPlus,
            to: "/admin/applications",
            highlight: waiting.applications > 0,
          },
          {
            label: "Refund requests",
            value: count(waiting.refunds),
            icon: Undo2,
            to: "/admin/refunds",
            highlight: waiting.refunds > 0,
          },
          {
            label: "Appeals",
            value: count(waiting.appeals),
            icon: Scale,
            to: "/admin/appeals",
            highlight: waiting.appeals > 0,
          },
          {
            label: "Reported listings",
            value: count(openReports),
            icon: Flag,
            to: "/admin/reports",
            highlight: openReports > 0,
          },
          {
            label: "Contact messages",
            value: count(waiting.messages),
            icon: Inbox,
            to: "/admin/messages",
            highlight: waiting.messages > 0,
          },
        ]}
      />
      <FigureCards
        id="figures-money"
        title="Sales"
        figures={[
          { label: "Sales, paid after discounts", value: formatPrice(money.salesCents), icon: CircleDollarSign },
          { label: "Sales at list prices", value: formatPrice(money.listSalesCents), icon: Tag },
          { label: "Platform fees (30%)", value: formatPrice(money.platformCents), icon: Landmark },
          { label: "Refunded", value: formatPrice(money.refundedCents), icon: ReceiptText },
          { label: "Orders paid", value: count(money.paidOrders), icon: ShoppingBag },
          {
            label: `Sales, last ${loaderData.recentDays} days`,
            value: formatPrice(money.recentSalesCents),
            icon: CalendarDays,
          },
        ]}
      />
      <FigureCards
        id="figures-sellers"
        title="Sellers"
        figures={[
          { label: "Active shops", value: count(sellers.active), icon: Store, to: "/admin/sellers" },
          { label: "Suspended shops", value: count(sellers.suspended), icon: Ban, to: "/admin/sellers" },
          { label: "Removed shops", value: count(sellers.removed), icon: UserX, to: "/admin/sellers" },
        ]}
      />
      <FigureCards
        id="figures-products"
        title="Products"
        figures={[
          {
            label: "Published",
            value: count(products.published),
            icon: Package,
            to: "/admin/products?status=published",
          },
          { label: "Hidden", value: count(products.hidden), icon: EyeOff, to: "/admin/products?status=hidden" },
          { label: "Drafts", value: count(products.draft), icon: FilePen },
        ]}
      />
      <p className="mt-8 text-sm text-muted-foreground">
        Sales count what buyers paid for the items of paid orders, after discounts and before tax, refunded items left
        out; at list prices, the same items without their discounts. Platform fees are 30% of what was paid; Refunded is
        what was paid for the items refunded.
      </p>
    </AdminPage>
  );
}
