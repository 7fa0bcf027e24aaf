import type { CurrentUser } from "@server/accounts/current-user.ts";
import { nounFor } from "@shared/format.ts";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { type DemoAccount, LoginButton } from "~/components/account/login-button";
import { Button } from "~/components/ui/button";
import { SpriteIcon } from "~/components/ui/icon-sprite";
import { Container } from "~/components/ui/page";
import { useHydrated } from "~/lib/hydrated";
import { safeNextPath } from "~/lib/next-path";
import { useShopper } from "~/lib/shopper";
import { cn } from "~/lib/utils";
import { HeaderSearch } from "./header-search";
import { useOpenedOnce, useShopDialogs } from "./shop-dialogs";
import { ShopLogo } from "./shop-logo";

// The modals and the account menu are loaded when they are first wanted: a page's first load
// carries only the header they open from (their Radix parts, forms and checkout are most of
// the shop's own JavaScript).
const LoginDialog = lazy(() => import("~/components/account/login-dialog").then((m) => ({ default: m.LoginDialog })));
const CartDialog = lazy(() => import("~/components/cart/cart-dialog").then((m) => ({ default: m.CartDialog })));
const UserMenu = lazy(() => import("~/components/account/user-menu").then((m) => ({ default: m.UserMenu })));
const MobileMenuDialog = lazy(() => import("./mobile-menu").then((m) => ({ default: m.MobileMenuDialog })));

/**
 * The account menu's shape, with its name still to come: shown while the page does not know the
 * visitor yet but the hint says signed in, and while the menu's code loads, in the area's fixed
 * box (ACCOUNT_AREA), so that nothing moves when the menu takes its place.
 */
const accountShape = (
  <span aria-hidden="true" className="flex h-10 w-full items-center justify-end gap-2 px-2">
    <span className="grid size-8 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground">
      <SpriteIcon name="user" />
    </span>
    <span className="hidden h-3 w-20 animate-pulse rounded bg-muted lg:block" />
  </span>
);

/** The account area's box, the same before and after the visitor is known: Login and the menu fit it. */
const ACCOUNT_AREA = "ml-2 hidden h-10 w-24 items-center justify-end sm:flex lg:w-44";

/**
 * Until the page knows who is visiting, the account area follows the visitor hint set before the
 * first paint (shared/visitor-hint.ts; app.css shows one of these by `html[data-visitor]`): Login,
 * which says it does nothing yet until the page runs (it looks the same), or the account menu's
 * shape with its name still to come.
 */
function AccountByHint({ login }: { login: (button: ReactNode) => ReactNode }) {
  const hydrated = useHydrated();
  return (
    <>
      <span className="visitor-guest contents">
        {login(<LoginButton aria-disabled={hydrated ? undefined : true} />)}
      </span>
      <span className="visitor-member w-full">{accountShape}</span>
    </>
  );
}

interface HeaderProps {
  shopName: string;
  categories: { slug: string; name: string }[];
  account: AccountProps;
}

interface AccountProps {
  demoAccounts: DemoAccount[];
  googleSignIn: boolean;
}

/**
 * The account menu, or Login for a visitor. Until the page knows who is visiting (the shopper's
 * parts come after the page, app/lib/shopper.ts) it shows what the visitor hint says.
 * `login` wraps Login where it must do more (the phone menu closes first).
 */
export function AccountButton({
  user,
  login = (button) => button,
}: {
  user: CurrentUser | null | undefined;
  login?: (button: ReactNode) => ReactNode;
}) {
  if (user === undefined) return <AccountByHint login={login} />;
  if (user) {
    return (
      <Suspense fallback={accountShape}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
  return login(<LoginButton />);
}

/**
 * The login modal, for visitors. It closes when someone signs in, and opens by itself when an
 * account page sent the visitor here (?signin=required), to go back to that page (&next=) once
 * they have signed in from it.
 */
function VisitorLogin({ user, demoAccounts, googleSignIn }: AccountProps & { user: CurrentUser | null | undefined }) {
  const { open, setOpen, show } = useShopDialogs().login;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [next, setNext] = useState<string | null>(null);
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    setOpen(false);
    if (next) navigate(next, { replace: true });
  }, [userId, next, setOpen, navigate]);
  // Closed without signing in: a later sign-in stays on the page it starts from.
  useEffect(() => {
    if (!open) setNext(null);
  }, [open]);
  // Someone who just signed out of an account page lands here too: no prompt for them.
  const signedOutHere = useRef(false);
  if (userId) signedOutHere.current = true;
  const required = params.get("signin") === "required";
  const known = user !== undefined;
  useEffect(() => {
    if (!required || !known || userId) return;
    if (!signedOutHere.current) {
      setNext(safeNextPath(params.get("next")));
      show();
    }
    setParams(
      (current) => {
        current.delete("signin");
        current.delete("next");
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [required, known, userId, params, show, setParams]);
  const wanted = useOpenedOnce(open);
  return user || !wanted ? null : (
    <Suspense>
      <LoginDialog demoAccounts={demoAccounts} googleSignIn={googleSignIn} next={next} />
    </Suspense>
  );
}

/**
 * What a count button says: its name and count for screen readers ("Cart, 2 items"), the
 * count as a badge on screen. The visible count is part of the name, as WCAG asks.
 */
function CountLabel({ label, count }: { label: string; count: number | undefined }) {
  // Not known yet: the button has its name, and the count comes with the shopper's parts.
  if (count === undefined) return <span className="sr-only">{label}</span>;
  const noun = nounFor(count, "item", "items");
  return (
    <>
      <span className="sr-only">{label}, </span>
      {count === 0 ? (
        <span className="sr-only">0</span>
      ) : (
        <span className="absolute -right-1 -top-1 grid min-w-5 place-items-center rounded-full bg-accent px-1 text-xs font-semibold text-white">
          {count}
        </span>
      )}
      <span className="sr-only"> {noun}</span>
    </>
  );
}

/** The wishlist button with its count. */
export function WishlistButton({ count, className }: { count: number | undefined; className?: string }) {
  return (
    <Button variant="ghost" size="icon" className={cn("relative", className)} asChild>
      <Link to="/wishlist">
        <SpriteIcon name="heart" />
        <CountLabel label="Wishlist" count={count} />
      </Link>
    </Button>
  );
}

/** The cart button with its count (the sum of its quantities): in the header at every width. */
function CartButton({ count }: { count: number | undefined }) {
  const openCart = useShopDialogs().cart.show;
  return (
    <Button variant="ghost" size="icon" className="relative" onClick={openCart}>
      <SpriteIcon name="shopping-cart" />
      <CountLabel label="Cart" count={count} />
    </Button>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) => cn("nav-link", isActive && "text-primary");

export function SiteHeader({ shopName, categories, account }: HeaderProps) {
  const shopper = useShopper();
  const user = shopper?.user;
  const cartCount = shopper?.cart.count;
  const wishlistCount = shopper?.wishlist.length;
  const cartWanted = useOpenedOnce(useShopDialogs().cart.open);
  const links = [
    ...categories.map((c) => ({ to: `/category/${c.slug}`, label: c.name })),
    { to: "/browse", label: "Browse All" },
  ];
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <Container className="flex h-16 items-center gap-4">
        <ShopLogo shopName={shopName} />
        <div className="hidden flex-1 md:block md:max-w-md lg:max-w-lg">
          <HeaderSearch id="header-search" />
        </div>
        <div className="ml-auto flex items-center gap-1">
          <WishlistButton count={wishlistCount} className="hidden sm:inline-flex" />
          {/* On a phone too, next to the menu: the toasts (bottom right) never cover it there. */}
          <CartButton count={cartCount} />
          <div className={ACCOUNT_AREA}>
            <AccountButton user={user} />
          </div>
          <MobileMenu shopName={shopName} links={links} user={user} wishlistCount={wishlistCount} />
        </div>
      </Container>
      <nav aria-label="Categories" className="hidden border-t border-border md:block">
        <Container className="flex gap-1 overflow-x-auto py-1">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </Container>
      </nav>
      {shopper && cartWanted ? (
        <Suspense>
          <CartDialog cart={shopper.cart} signedIn={Boolean(user)} />
        </Suspense>
      ) : null}
      <VisitorLogin {...account} user={user} />
    </header>
  );
}

/** The phone's menu button; the menu's code comes when it is first opened (mobile-menu.tsx). */
function MobileMenu(props: {
  shopName: string;
  links: { to: string; label: string }[];
  user: CurrentUser | null | undefined;
  wishlistCount: number | undefined;
}) {
  // The menu closes once the page changes, or the user signs in or out from it.
  const [open, setOpen] = useState(false);
  const wanted = useOpenedOnce(open);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const userId = props.user?.id;
  useEffect(() => setOpen(false), [location.key, userId]);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <SpriteIcon name="menu" />
      </Button>
      {wanted ? (
        <Suspense>
          <MobileMenuDialog {...props} open={open} onOpenChange={setOpen} opener={button} />
        </Suspense>
      ) : null}
    </>
  );
}
