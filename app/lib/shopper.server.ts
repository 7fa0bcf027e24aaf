import { type CurrentUser, getCurrentUser } from "@server/accounts/current-user.ts";
import { mergeGuestIntoAccount, parseGuestId, type Visitor } from "@server/cart/shopper.ts";
import type { Database } from "@server/db/client.ts";
import { servicesContext } from "@server/http/context.ts";
import { createCookie, type RouterContextProvider } from "react-router";

// A guest's cart and wishlist are found by the random id in this cookie; a signed-in user's
// by their account. HttpOnly and SameSite=Lax, like the session cookie.
const guestCookie = createCookie("shopper", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 90 * 24 * 3600,
});

export async function readGuestId(request: Request): Promise<string | null> {
  return parseGuestId(await guestCookie.parse(request.headers.get("cookie")));
}

/** Who is asking, for the cart and wishlist: the signed-in user, else the guest cookie. */
export async function visitorOf(request: Request, context: Readonly<RouterContextProvider>): Promise<Visitor> {
  return (await visitorAndUser(request, context)).visitor;
}

/** The visitor, and the signed-in user's account when there is one (checkout needs both). */
export async function visitorAndUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ visitor: Visitor; user: CurrentUser | null }> {
  const { auth } = context.get(servicesContext);
  const [user, guestId] = await Promise.all([getCurrentUser(auth, request.headers), readGuestId(request)]);
  return { visitor: { userId: user?.id ?? null, guestId: user ? null : guestId }, user };
}

/** The Set-Cookie header that gives a new guest their id. */
export function guestCookieHeader(guestId: string, publicUrl: string): Promise<string> {
  return guestCookie.serialize(guestId, { secure: publicUrl.startsWith("https://") });
}

/**
 * After a sign-in: what the visitor collected as a guest joins their account, and the guest
 * cookie is dropped (so that signing out later shows an empty cart). Adds its Set-Cookie to `headers`.
 */
export async function adoptGuestShopper(db: Database, request: Request, userId: string, headers: Headers) {
  const guestId = await readGuestId(request);
  if (!guestId) return;
  await mergeGuestIntoAccount(db, guestId, userId);
  headers.append("Set-Cookie", await guestCookie.serialize("", { maxAge: 0 }));
}
