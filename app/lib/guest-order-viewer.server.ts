import { getCurrentUser } from "@server/accounts/current-user.ts";
import type { RequestServices } from "@server/http/context.ts";
import type { OrderViewer } from "@server/orders/find-order.ts";

/**
 * Who asks for a file of a guest's order (/orders/N/...?access=...): the holder of its link, or the
 * signed-in account it belongs to; and the order's page to go back to, with the same link token.
 */
export async function guestOrderViewer(
  services: Pick<RequestServices, "auth">,
  request: Request,
  orderNumber: string,
): Promise<{ viewer: OrderViewer; orderPageUrl: string }> {
  const user = await getCurrentUser(services.auth, request.headers);
  const accessToken = new URL(request.url).searchParams.get("access");
  return {
    viewer: { userId: user?.id ?? null, accessToken },
    orderPageUrl: `/orders/${encodeURIComponent(orderNumber)}${accessToken ? `?access=${encodeURIComponent(accessToken)}` : ""}`,
  };
}
