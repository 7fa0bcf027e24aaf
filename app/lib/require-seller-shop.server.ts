import { servicesContext } from "@server/http/context.ts";
import { creatorOfUser } from "@server/sellers/seller-shop.ts";
import { type RouterContextProvider, redirect } from "react-router";
import { requireSeller } from "./require-user.server";

/** The signed-in seller's shop (their creator profile); everyone else is sent away. */
export async function requireSellerShop(request: Request, context: Readonly<RouterContextProvider>) {
  const user = await requireSeller(request, context);
  const shop = await creatorOfUser(context.get(servicesContext).db, user.id);
  if (!shop) throw redirect("/become-seller");
  return { user, shop };
}
