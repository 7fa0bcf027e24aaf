import type { CurrentUser } from "@server/accounts/current-user.ts";
import { Heart, Menu, Search, ShoppingCart, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { type DemoAccount, LoginDialog } from "~/components/account/login-dialog";
import { UserMenu } from "~/components/account/user-menu";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { cn } from "~/lib/utils";
import { PanelDialog } from "./panel-dialog";
import { ShopLogo } from "./shop-logo";

interface HeaderProps {
  shopName: string;
  categories: { slug: string; name: string }[];
  account: AccountProps;
}

interface AccountProps {
  user: CurrentUser | null;
  demoAccounts: DemoAccount[];
  googleSignIn: boolean;
}

function AccountButton({ user, demoAccounts, googleSignIn }: AccountProps) {
  return user ? <UserMenu user={user} /> : <LoginDialog demoAccounts={demoAccounts} googleSignIn={googleSignIn} />;
}

function SearchBox({ id }: { id: string }) {
  return (
    <Form method="get" action="/search" role="search" className="relative w-full">
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input id={id} name="q" type="search" placeholder="Search planners, wall art, templates..." className="pl-9" />
    </Form>
  );
}

function CountBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="absolute -right-1 -top-1 grid min-w-5 place-items-center rounded-full bg-accent px-1 text-xs font-semibold text-white">
      {count}
    </span>
  );
}

function EmptyState({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-8 text-center">
      <p className="text-muted-foreground">{text}</p>
      <Dialog.Close asChild>
        <Button asChild>
          <Link to="/browse">Browse products</Link>
        </Button>
      </Dialog.Close>
    </div>
  );
}

function HeaderPanel(props: {
  title: string;
  description: string;
  label: string;
  icon: ReactNode;
  count: number;
  emptyText: string;
}) {
  return (
    <PanelDialog
      title={props.title}
      description={props.description}
      trigger={
        <Button variant="ghost" size="icon" className="relative" aria-label={`${props.label} (${props.count} items)`}>
          {props.icon}
          <CountBadge count={props.count} />
        </Button>
      }
    >
      <EmptyState text={props.emptyText} />
    </PanelDialog>
  );
}

function AccountActions({ wishlistCount, cartCount }: { wishlistCount: number; cartCount: number }) {
  return (
    <>
      <HeaderPanel
        title="Wishlist"
        description="Products you saved for later"
        label="Wishlist"
        icon={<Heart aria-hidden="true" />}
        count={wishlistCount}
        emptyText="Your wishlist is empty."
      />
      <HeaderPanel
        title="Shopping Cart"
        description="Digital products, downloaded right after checkout"
        label="Cart"
        icon={<ShoppingCart aria-hidden="true" />}
        count={cartCount}
        emptyText="Your cart is empty."
      />
    </>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground",
    isActive && "text-primary",
  );

export function SiteHeader({ shopName, categories, account }: HeaderProps) {
  const links = [
    ...categories.map((c) => ({ to: `/category/${c.slug}`, label: c.name })),
    { to: "/browse", label: "Browse All" },
  ];
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <Container className="flex h-16 items-center gap-4">
        <ShopLogo shopName={shopName} />
        <div className="hidden flex-1 md:block md:max-w-md lg:max-w-lg">
          <SearchBox id="header-search" />
        </div>
        <div className="ml-auto flex items-center gap-1">
          <div className="hidden items-center gap-1 sm:flex">
            <AccountActions wishlistCount={0} cartCount={0} />
            <div className="ml-2">
              <AccountButton {...account} />
            </div>
          </div>
          <MobileMenu shopName={shopName} links={links} account={account} />
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
    </header>
  );
}

function MobileMenu({
  shopName,
  links,
  account,
}: {
  shopName: string;
  links: { to: string; label: string }[];
  account: AccountProps;
}) {
  // The menu closes once the page changes, or the user signs in or out from it.
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const userId = account.user?.id;
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
          <SearchBox id="mobile-search" />
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
            <AccountActions wishlistCount={0} cartCount={0} />
            <div className="ml-auto">
              <AccountButton {...account} />
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
