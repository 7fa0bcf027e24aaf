import { getCurrentUser } from "@server/accounts/current-user.ts";
import { findShopper } from "@server/cart/shopper.ts";
import { servicesContext } from "@server/http/context.ts";
import { checkout } from "@server/orders/checkout.ts";
import { checkoutSchema, guestDetailsSchema } from "@server/orders/checkout-schema.ts";
import type { Buyer } from "@server/orders/place-order.ts";
import { data } from "react-router";
import { firstIssue } from "~/lib/form-errors";
import { refusalResponse } from "~/lib/refusal.server";
import { readGuestId } from "~/lib/shopper.server";
import type { Route } from "./+types/checkout";

/**
 * POST: checks out the visitor's cart. A signed-in buyer is known by their session; a guest
 * sends name and email. Answers the order number, the buyer's order page and the payment page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const parsed = checkoutSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, message: firstIssue(parsed.error) }, { status: 400 });
  const user = await getCurrentUser(services.auth, request.headers);
  let buyer: Buyer;
  if (user) buyer = { userId: user.id, name: user.name, email: user.email };
  else {
    const guest = guestDetailsSchema.safeParse(parsed.data);
    if (!guest.success) return data({ ok: false as const, message: firstIssue(guest.error) }, { status: 400 });
    buyer = { userId: null, ...guest.data };
  }
  try {
    const visitor = { userId: user?.id ?? null, guestId: user ? null : await readGuestId(request) };
    const shopperId = await findShopper(services.db, visitor);
    const result = await checkout(services, { shopperId, buyer, idempotencyKey: parsed.data.idempotencyKey });
    return data({ ok: true as const, ...result });
  } catch (error) {
    return refusalResponse(error);
  }
}
