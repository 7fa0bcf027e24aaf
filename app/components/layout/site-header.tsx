import type { CurrentUser } from "@server/accounts/current-user.ts";
import { Heart, Menu, ShoppingCart, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { type DemoAccount, LoginButton, LoginDialog } from "~/components/account/login-dialog";
import { UserMenu } from "~/components/account/user-menu";
import { CartDialog } from "~/components/cart/cart-dialog";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/page";
import { nounFor } from "~/lib/format";
import { safeNextPath } from "~/lib/next-path";
import { useShopper } from "~/lib/shopper";
import { cn } from "~/lib/utils";
import { HeaderSearch } from "./header-search";
import { useShopDialogs } from "./shop-dialogs";
import { ShopLogo } from "./shop-logo";

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
 * parts come after the page, app/lib/shopper.ts) it keeps the place empty rather than say Login to
 * someone signed in.
 */
function AccountButton({ user, inMenu = false }: { user: CurrentUser | null | undefined; inMenu?: boolean }) {
  if (user === undefined) return <span className="block h-9 w-24" />;
  if (user) return <UserMenu user={user} />;
  // In the phone menu, the menu closes first so that the login modal is the only one open.
  return inMenu ? (
    <Dialog.Close asChild>
      <LoginButton />
    </Dialog.Close>
  ) : (
    <LoginButton />
  );
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
  return user !== null ? null : <LoginDialog demoAccounts={demoAccounts} googleSignIn={googleSignIn} next={next} />;
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
function WishlistButton({ count, className }: { count: number | undefined; className?: string }) {
  return (
    <Button variant="ghost" size="icon" className={cn("relative", className)} asChild>
      <Link to="/wishlist">
        <Heart aria-hidden="true" />
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
      <ShoppingCart aria-hidden="true" />
      <CountLabel label="Cart" count={count} />
    </Button>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground",
    isActive && "text-primary",
  );

export function SiteHeader({ shopName, categories, account }: HeaderProps) {
  const shopper = useShopper();
  const user = shopper?.user;
  const cartCount = shopper?.cart.count;
  const wishlistCount = shopper?.wishlist.length;
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
          <div className="ml-2 hidden sm:block">
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
      {shopper ? <CartDialog cart={shopper.cart} signedIn={Boolean(user)} /> : null}
      <VisitorLogin {...account} user={user} />
    </header>
  );
}

function MobileMenu({
  shopName,
  links,
  user,
  wishlistCount,
}: {
  shopName: string;
  links: { to: string; label: string }[];
  user: CurrentUser | null | undefined;
  wishlistCount: number | undefined;
}) {
  // The menu closes once the page changes, or the user signs in or out from it.
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const userId = user?.id;
  useEffect(() => setOpen(false), [location.key, userId]);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col gap-6 overflow-y-auto bg-background p-6 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{shopName}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Search, categories and your account</Dialog.Description>
          <HeaderSearch id="mobile-search" />
          <nav aria-label="Mobile categories" className="flex flex-col">
            {links.map((link) => (
              <Dialog.Close asChild key={link.to}>
                <Link to={link.to} className="rounded-md px-3 py-3 font-medium hover:bg-muted">
                  {link.label}
                </Link>
              </Dialog.Close>
            ))}
          </nav>
          <div className="mt-auto flex items-center gap-2 border-t border-border pt-4">
            <WishlistButton count={wishlistCount} />
            <div className="ml-auto">
              <AccountButton user={user} inMenu />
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
