import { getCurrentUser } from "@server/accounts/current-user.ts";
import { servicesContext } from "@server/http/context.ts";
import { ORDER_LOOKUP_PATH } from "@shared/order-link.ts";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { OrderErrorScreen, OrderPage } from "~/components/orders/order-details";
import { pageMeta } from "~/lib/meta";
import { orderPageAction, orderPageLoader } from "~/lib/order-page.server";
import { pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/guest-order";

/**
 * The link of a receipt email (?access=..., good for 90 days), or the signed-in buyer the order now
 * belongs to. An expired or altered link gets the same page as an unknown order, which offers a
 * new link by email (the form posts to /orders/lookup).
 */
async function viewerOf({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const user = await getCurrentUser(context.get(servicesContext).auth, request.headers);
  return { userId: user?.id ?? null, accessToken: new URL(request.url).searchParams.get("access") };
}

export const loader = pageLoader(async (args: Route.LoaderArgs) => {
  return orderPageLoader(args, await viewerOf(args));
});

export async function action(args: Route.ActionArgs) {
  return orderPageAction(args, await viewerOf(args));
}

// Asking for a new link changes nothing on this page: no need to load the order again.
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === ORDER_LOOKUP_PATH ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, params }) => [
  ...pageMeta(matches, `Order ${params.number}`),
  { name: "robots", content: "noindex" },
  // The address holds the order's secret: never send it to another site.
  { name: "referrer", content: "no-referrer" },
];

export default function GuestOrderPage({ loaderData }: Route.ComponentProps) {
  return <OrderPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderErrorScreen error={error} offerNewLink />;
}
