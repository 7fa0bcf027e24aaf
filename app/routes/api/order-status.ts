import { getCurrentUser } from "@server/accounts/current-user.ts";
import { servicesContext } from "@server/http/context.ts";
import { findOrderFor } from "@server/orders/find-order.ts";
import { paymentProgressOf } from "@server/orders/order-status.ts";
import { refusalResponse } from "~/lib/refusal.server";
import type { Route } from "./+types/order-status";

/** GET: where an order's payment stands (the checkout polls this while the buyer pays in another tab). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, secret, auth } = context.get(servicesContext);
  try {
    const user = await getCurrentUser(auth, request.headers);
    const accessToken = new URL(request.url).searchParams.get("access");
    const order = await findOrderFor(db, {
      secret,
      orderNumber: params.number,
      viewer: { userId: user?.id ?? null, accessToken },
    });
    return Response.json(
      { ok: true, ...paymentProgressOf(order) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    return refusalResponse(error);
  }
}
