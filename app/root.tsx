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
  useRouteError,
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
import { pageMeta } from "~/lib/meta";
import { loadShopFrame, type ShopFrame } from "~/lib/shop-frame.server";
import type { Route } from "./+types/root";
import "./app.css";

export const middleware: Route.MiddlewareFunction[] = [refuseMalformedAddresses];

export async function loader(args: Route.LoaderArgs) {
  const { frame, headers } = await loadShopFrame(args, { adoptGuest: true });
  return data(frame, { headers });
}

/** The title of a page the root's error boundary shows (a page's own meta names every other one). */
export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (!error) return pageMeta(matches, null);
  const shopName = (isRouteErrorResponse(error) && frameOf(error.data)?.shopName) || undefined;
  const title =
    isRouteErrorResponse(error) && error.status === 400
      ? "This address is not valid"
      : isRouteErrorResponse(error) && error.status === 404
        ? "Page not found"
        : "Something went wrong";
  return [{ title: shopName ? `${title} | ${shopName}` : title }];
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

function frameOf(refused: unknown): ShopFrame | undefined {
  return typeof refused === "object" && refused !== null && "frame" in refused
    ? (refused as { frame: ShopFrame }).frame
    : undefined;
}

/** The frame's data: the root loader's, or, on a page refused before the loaders ran, the refusal's. */
export function useShop(): ShopFrame | undefined {
  const error = useRouteError();
  return useRouteLoaderData<typeof loader>("root") ?? (isRouteErrorResponse(error) ? frameOf(error.data) : undefined);
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
