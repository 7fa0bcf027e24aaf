import { getCurrentUser } from "@server/accounts/current-user.ts";
import { DEMO_ACCOUNTS } from "@server/accounts/demo-accounts.ts";
import { getCart } from "@server/cart/cart.ts";
import { findShopper } from "@server/cart/shopper.ts";
import { wishlistProductIds } from "@server/cart/wishlist.ts";
import { listCategories } from "@server/catalogue/categories.ts";
import { servicesContext } from "@server/http/context.ts";
import type { ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { Toaster } from "sonner";
import { AccountToasts } from "~/components/account/account-toasts";
import { ShoppingToasts } from "~/components/cart/shopping-toasts";
import { ErrorScreen } from "~/components/layout/error-screen";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { ShopDialogsProvider } from "~/components/layout/shop-dialogs";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { IconSprite } from "~/components/ui/icon-sprite";
import { refuseMalformedAddresses } from "~/lib/malformed-address.server";
import { adoptGuestShopper, readGuestId } from "~/lib/shopper.server";
import type { Route } from "./+types/root";
import "./app.css";

export const middleware: Route.MiddlewareFunction[] = [refuseMalformedAddresses];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, shopName, shopMode, auth, googleSignIn } = context.get(servicesContext);
  const [categories, user, guestId] = await Promise.all([
    listCategories(db),
    getCurrentUser(auth, request.headers),
    readGuestId(request),
  ]);
  // A sign-in by any way (password, Google) lands here with the guest cookie still set.
  const headers = new Headers();
  if (user && guestId) await adoptGuestShopper(db, request, user.id, headers);
  const shopper = await findShopper(db, { userId: user?.id ?? null, guestId: user ? null : guestId });
  const [cart, wishlist] = await Promise.all([getCart(db, shopper), wishlistProductIds(db, shopper)]);
  return data(
    {
      shopName,
      user,
      googleSignIn,
      // A live shop has no demo accounts: their published passwords appear nowhere in its pages.
      demoAccounts:
        shopMode === "demo"
          ? DEMO_ACCOUNTS.map(({ email, password, isSeller }) => ({ email, password, isSeller }))
          : [],
      categories: categories.map(({ slug, name }) => ({ slug, name })),
      cart,
      wishlist,
    },
    { headers },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function useShop() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const shop = useShop();
  // A page that stands for another party (the hosted payment page) shows none of the shop's frame.
  const bare = useMatches().some((match) => (match.handle as { bare?: boolean } | undefined)?.bare);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <IconSprite />
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        {bare ? (
          <main id="main">{children}</main>
        ) : (
          <ShopDialogsProvider>
            <SiteHeader
              shopName={shop?.shopName ?? "Marketplace"}
              categories={shop?.categories ?? []}
              account={{
                user: shop?.user ?? null,
                demoAccounts: shop?.demoAccounts ?? [],
                googleSignIn: shop?.googleSignIn ?? false,
              }}
              cart={shop?.cart ?? null}
              wishlistCount={shop?.wishlist.length ?? 0}
            />
            <main id="main" className="flex-1">
              {children}
            </main>
          </ShopDialogsProvider>
        )}
        {bare ? null : <SiteFooter shopName={shop?.shopName ?? "Marketplace"} />}
        <Toaster
          closeButton
          // Bottom right: at the top they would cover the account and cart buttons.
          position="bottom-right"
          toastOptions={{
            // Our palette, with text that meets WCAG AA contrast on each background.
            classNames: {
              toast: "!border-border !bg-background !text-foreground",
              description: "!text-muted-foreground",
              success: "!border-emerald-200 !bg-emerald-50 !text-emerald-900",
              error: "!border-rose-200 !bg-rose-50 !text-rose-900",
            },
          }}
        />
        <AccountToasts />
        <ShoppingToasts />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (isRouteErrorResponse(error) && error.status === 400) return <NotFoundScreen malformed />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen />;
}
