import { type CurrentUser, getCurrentUser } from "@server/accounts/current-user.ts";
import { assertSecondFactor } from "@server/accounts/second-factor.ts";
import { servicesContext } from "@server/http/context.ts";
import { refusalPage } from "@server/http/private-file.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { type RouterContextProvider, redirect } from "react-router";
import { signInAddress } from "./next-path";

/**
 * The signed-in user, or for a visitor a redirect home to sign in (pages of one's own account),
 * and from there back to the page asked for.
 */
export async function requireUser(request: Request, context: Readonly<RouterContextProvider>): Promise<CurrentUser> {
  const { auth } = context.get(servicesContext);
  const user = await getCurrentUser(auth, request.headers);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(signInAddress(url.pathname + url.search));
  }
  return user;
}

/** The signed-in seller; anyone else is sent home. */
export async function requireSeller(request: Request, context: Readonly<RouterContextProvider>): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  if (!user.isSeller) throw redirect("/");
  return user;
}

/**
 * The signed-in admin (the platform's staff); anyone else is sent home. An admin without a second
 * factor is refused (403, a link to Settings, which is outside the console: a new admin can always
 * get there to turn one on; server/accounts/second-factor.ts).
 */
export async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  if (!user.isAdmin) throw redirect("/");
  await assertSecondFactor(context.get(servicesContext).db, user.id, "you use the admin console");
  return user;
}

/**
 * requireAdmin for a file the console hands out (a CSV), where no React error screen can show: a
 * refusal is answered with a small page of its own, linking where the refusal says (Settings, for
 * an admin without a second factor). Visitors and non-admins are sent away as by requireAdmin.
 */
export async function requireAdminForFile(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<CurrentUser | Response> {
  return requireAdmin(request, context).catch((error: unknown) => {
    const link = error instanceof Refusal ? error.link : undefined;
    return refusalPage(
      error,
      "Download unavailable",
      link ? { href: link.to, label: link.label } : { href: "/admin", label: "Back to the admin console" },
    );
  });
}
