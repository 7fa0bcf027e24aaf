import { servicesContext } from "@server/http/context.ts";
import { listOrders } from "@server/orders/order-history.ts";
import { formatDayUtc, formatPrice } from "@shared/format.ts";
import { Form, Link } from "react-router";
import { OrderStatusBadge } from "~/components/orders/order-status-badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { pageLoader } from "~/lib/refusal.server";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/orders";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requireUser(request, context);
  return {
    orders: await listOrders(context.get(servicesContext).db, user.id),
    unconfirmedEmail: user.emailVerified ? null : user.email,
  };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "My Orders");

/**
 * Guest orders join an account once its address is confirmed (claimGuestOrders): until then, say
 * so, without telling whether there are any (the address is not proved to be the user's).
 */
function GuestOrdersNote({ email }: { email: string }) {
  return (
    <Card className="mt-6 flex flex-col items-start gap-3 p-5">
      <p className="wrap-anywhere">
        Orders you placed as a guest with {email} appear here once you confirm your email address.
      </p>
      <Form method="post" action="/account/settings">
        <input type="hidden" name="intent" value="resend-confirmation" />
        <Button type="submit" variant="outline">
          Send a confirmation link
        </Button>
      </Form>
    </Card>
  );
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, unconfirmedEmail } = loaderData;
  return (
    <Container className="max-w-3xl py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">My Orders</h1>
        <Button asChild variant="outline">
          <Link to="/account/downloads">My Downloads</Link>
        </Button>
      </div>
      {unconfirmedEmail ? <GuestOrdersNote email={unconfirmedEmail} /> : null}
      {orders.length === 0 ? (
        <Card className="mt-6 flex flex-col items-center gap-4 p-10 text-center">
          <p className="text-muted-foreground">
            {unconfirmedEmail ? "No orders in your account yet." : "You have no orders yet."}
          </p>
          <Button asChild>
            <Link to="/browse">Browse products</Link>
          </Button>
        </Card>
      ) : (
        <ul className="mt-6 flex flex-col gap-3">
          {orders.map((order) => (
            <li key={order.number}>
              <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
                <div className="min-w-0">
                  <Link to={`/account/orders/${order.number}`} className="font-semibold hover:text-primary">
                    Order {order.number}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {formatDayUtc(order.createdAt)} ·{" "}
                    {order.titles.length === 1
                      ? order.titles[0]
                      : `${order.titles[0]} and ${order.titles.length - 1} more`}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <OrderStatusBadge status={order.status} />
                  <span className="font-semibold">{formatPrice(order.totalCents)}</span>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
