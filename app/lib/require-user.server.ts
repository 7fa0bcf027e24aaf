import { type CurrentUser, getCurrentUser } from "@server/accounts/current-user.ts";
import { servicesContext } from "@server/http/context.ts";
import { type RouterContextProvider, redirect } from "react-router";

/** The signed-in user, or a redirect home for a visitor (pages of one's own account). */
export async function requireUser(request: Request, context: Readonly<RouterContextProvider>): Promise<CurrentUser> {
  const { auth } = context.get(servicesContext);
  const user = await getCurrentUser(auth, request.headers);
  if (!user) throw redirect("/?signin=required");
  return user;
}

/** The signed-in seller; anyone else is sent home. */
export async function requireSeller(request: Request, context: Readonly<RouterContextProvider>): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  if (!user.isSeller) throw redirect("/");
  return user;
}

/** The signed-in admin (the platform's staff); anyone else is sent home. */
export async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  if (!user.isAdmin) throw redirect("/");
  return user;
}
