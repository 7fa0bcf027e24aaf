import { assertMayActForShop, isSharedDemoAccount } from "@server/accounts/shared-demo-accounts.ts";
import { servicesContext } from "@server/http/context.ts";
import { creatorOfUser } from "@server/sellers/creator-account.ts";
import { type RouterContextProvider, redirect } from "react-router";
import { requireSeller } from "./require-user.server";

/**
 * The signed-in seller's creator profile (their shop); everyone else is sent away. `lookOnly`: the
 * shared demo seller of a demo shop, whose pages say it may change nothing (decision 039).
 */
export async function requireCreator(request: Request, context: Readonly<RouterContextProvider>) {
  const user = await requireSeller(request, context);
  const { db, shopMode } = context.get(servicesContext);
  const creator = await creatorOfUser(db, user.id);
  if (!creator) throw redirect("/become-seller");
  return { user, creator, lookOnly: isSharedDemoAccount(shopMode, user) };
}

/**
 * As requireCreator, for an action that changes, sends or exports something: the shared demo
 * seller of a demo shop is refused (403, one message for every such action).
 */
export async function requireCreatorWhoMayAct(request: Request, context: Readonly<RouterContextProvider>) {
  const found = await requireCreator(request, context);
  assertMayActForShop(context.get(servicesContext).shopMode, found.user);
  return found;
}
