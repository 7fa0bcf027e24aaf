import { VISITOR_HINT_SCRIPT } from "@shared/visitor-hint.ts";
import { lazy, type ReactNode, Suspense } from "react";
import {
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
import { AccountToasts } from "~/components/account/account-toasts";
import { ShoppingToasts } from "~/components/cart/shopping-toasts";
import { ShopDialogsProvider } from "~/components/layout/shop-dialogs";
import { ShopErrorScreen } from "~/components/layout/shop-error-screen";
import { ShopLogo } from "~/components/layout/shop-logo";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { IconSprite } from "~/components/ui/icon-sprite";
import { Container } from "~/components/ui/page";
import { refuseMalformedAddresses } from "~/lib/malformed-address.server";
import { pageMeta } from "~/lib/meta";
import { loadRootFrame, type ShopFrame } from "~/lib/shop-frame.server";
import { LoadShopper } from "~/lib/shopper";
import { useToasterWanted } from "~/lib/toast";
import type { Route } from "./+types/root";
import "./app.css";
import interLatin from "./fonts/inter-latin-400-700.woff2?url";

export const middleware: Route.MiddlewareFunction[] = [refuseMalformedAddresses];

// The text's font (its Latin letters) is asked for with the page, not once the stylesheet is read:
// text drawn first in the fallback and again in Inter moved the home page's figures.
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export async function loader(args: Route.LoaderArgs) {
  return loadRootFrame(args);
}

/** The title of a page the root's error boundary shows (a page's own meta names every other one). */
export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (!error) return pageMeta(matches, null);
  const root = matches.find((match) => match?.id === "root")?.loaderData as ShopFrame | undefined;
  const shopName = (root ?? errorData(error).frame ?? shownFrame)?.shopName ?? errorData(error).shopName;
  const title =
    isRouteErrorResponse(error) && error.status === 400
      ? "This address is not valid"
      : isRouteErrorResponse(error) && error.status === 404
        ? "Page not found"
        : isRouteErrorResponse(error) && error.status === 503
          ? "We'll be right back"
          : "Something went wrong";
  return [{ title: shopName ? `${title} | ${shopName}` : title }];
};

// A refusal thrown with headers (Retry-After of a 503) keeps them.
export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

/**
 * What an error answered by the shop carries of the frame: all of it (a page refused before the
 * loaders ran, the 400 page), or only the shop's name (the root loader failed: loadRootFrame).
 */
function errorData(error: unknown): { frame?: ShopFrame; shopName?: string } {
  return isRouteErrorResponse(error) && typeof error.data === "object" && error.data !== null ? error.data : {};
}

// In the browser, the frame the page showed last. A page's fault keeps the root's data (its
// boundary is routes/shop-pages.tsx, below the root); when the root's own loader fails on a
// navigation, the error screen keeps the shop's name, categories and account as they were.
let shownFrame: ShopFrame | undefined;

/** The frame's data: the root loader's, a refusal's (see errorData), or in the browser the last one shown. */
export function useShop(): ShopFrame | undefined {
  const error = useRouteError();
  const frame = useRouteLoaderData<typeof loader>("root") ?? errorData(error).frame;
  if (typeof document === "undefined") return frame;
  if (frame) shownFrame = frame;
  return frame ?? shownFrame;
}

export function Layout({ children }: { children: ReactNode }) {
  const shop = useShop();
  const error = useRouteError();
  // Without a frame (the root loader failed), the error screen's header has the shop's name only:
  // no categories, and no Login or cart that would tell a signed-in shopper they are signed out.
  const shopName = shop?.shopName ?? errorData(error).shopName ?? "Marketplace";
  // A page that stands for another party (the hosted payment page) shows none of the shop's frame.
  const bare = useMatches().some((match) => (match.handle as { bare?: boolean } | undefined)?.bare);
  return (
    // The visitor hint's script sets <html data-visitor> before React hydrates the page.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the header is drawn: Login or the account's place at the first paint. */}
        <script dangerouslySetInnerHTML={{ __html: VISITOR_HINT_SCRIPT }} />
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
            {shop ? (
              <>
                <SiteHeader
                  shopName={shop.shopName}
                  categories={shop.categories}
                  account={{ demoAccounts: shop.demoAccounts, googleSignIn: shop.googleSignIn }}
                />
                <LoadShopper />
              </>
            ) : (
              <header className="border-b border-border">
                <Container className="flex h-16 items-center">
                  <ShopLogo shopName={shopName} />
                </Container>
              </header>
            )}
            <main id="main" className="flex-1">
              {children}
            </main>
          </ShopDialogsProvider>
        )}
        {bare ? null : (
          <SiteFooter
            shopName={shopName}
            supportHours={shop?.supportHours ?? []}
            withdrawal={shop?.withdrawal ?? false}
          />
        )}
        <Toasts />
        <AccountToasts />
        <ShoppingToasts />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

const ShopToaster = lazy(() => import("~/components/layout/shop-toaster").then((m) => ({ default: m.ShopToaster })));

/** The toaster, from the page's first toast on (app/lib/toast.ts). */
function Toasts() {
  return useToasterWanted() ? (
    <Suspense>
      <ShopToaster />
    </Suspense>
  ) : null;
}

export default function App() {
  return <Outlet />;
}

/** The root's own faults and refusals (its loader, a malformed address); the pages' are in routes/shop-pages.tsx. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopErrorScreen error={error} />;
}
