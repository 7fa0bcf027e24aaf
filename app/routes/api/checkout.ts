import { findShopper } from "@server/cart/shopper.ts";
import { servicesContext } from "@server/http/context.ts";
import { checkout } from "@server/orders/checkout.ts";
import { checkoutSchema } from "@server/orders/checkout-schema.ts";
import type { Buyer } from "@server/orders/place-order.ts";
import { guestDetailsSchema } from "@shared/guest-details-schema.ts";
import { data } from "react-router";
import { parseForm, readForm } from "~/lib/form.server";
import { formAction } from "~/lib/refusal.server";
import { visitorAndUser } from "~/lib/shopper.server";
import type { Route } from "./+types/checkout";

/**
 * POST: checks out the visitor's cart. A signed-in buyer is known by their session; a guest
 * sends name and email. Answers the order number, the buyer's order page and the payment page.
 */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const checkoutForm = parseForm(form, checkoutSchema);
  const { idempotencyKey, sellerContactConsent, buyingOwnedAgain, country, region, countryConfirmed, vatNumber } =
    checkoutForm;
  const { visitor, user } = await visitorAndUser(request, context);
  const buyer: Buyer = user
    ? { userId: user.id, name: user.name, email: user.email }
    : { userId: null, ...parseForm(form, guestDetailsSchema) };
  const shopperId = await findShopper(services.db, visitor);
  // A business buyer's number is checked again now (a day's answers are cached): the order keeps the answer.
  const vatCheck =
    services.tax.mode === "by-location" && vatNumber
      ? await services.vatNumbers.check({
          input: vatNumber,
          country: country || undefined,
          client: services.clientAddress,
          signal: request.signal,
        })
      : null;
  const result = await checkout(services, {
    shopperId,
    buyer,
    idempotencyKey,
    sellerContactConsent,
    buyingOwnedAgain,
    withdrawalConsent: checkoutForm.withdrawalConsent,
    // The buyer's billing country as the cart showed it, and where their request came from.
    whereabouts: {
      country: country || null,
      region: region || null,
      ipAddress: services.clientAddress,
      buyerConfirmed: countryConfirmed,
      vatCheck,
    },
  });
  return data({ ok: true as const, ...result });
});
