import { servicesContext } from "@server/http/context.ts";
import { creatorOfUser } from "@server/sellers/creator-account.ts";
import { type RouterContextProvider, redirect } from "react-router";
import { requireSeller } from "./require-user.server";

/** The signed-in seller's creator profile (their shop); everyone else is sent away. */
export async function requireCreator(request: Request, context: Readonly<RouterContextProvider>) {
  const user = await requireSeller(request, context);
  const creator = await creatorOfUser(context.get(servicesContext).db, user.id);
  if (!creator) throw redirect("/become-seller");
  return { user, creator };
}
