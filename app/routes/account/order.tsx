import { OrderErrorScreen, OrderPage } from "~/components/orders/order-details";
import { pageMeta } from "~/lib/meta";
import { orderPageAction, orderPageLoader } from "~/lib/order-page.server";
import { pageLoader } from "~/lib/refusal.server";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/order";

export const loader = pageLoader(async (args: Route.LoaderArgs) => {
  const user = await requireUser(args.request, args.context);
  return orderPageLoader(args, { userId: user.id });
});

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args.request, args.context);
  return orderPageAction(args, { userId: user.id });
}

export const meta: Route.MetaFunction = ({ matches, params }) => [
  ...pageMeta(matches, `Order ${params.number}`),
  { name: "robots", content: "noindex" },
];

export default function AccountOrderPage({ loaderData }: Route.ComponentProps) {
  return <OrderPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderErrorScreen error={error} />;
}
