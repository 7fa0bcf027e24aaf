import type { CurrentUser } from "@server/accounts/current-user.ts";
import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { Link } from "react-router";
import { HeaderSearch } from "./header-search";
import { DialogCloseButton } from "./panel-dialog";
import { AccountButton, WishlistButton } from "./site-header";

/**
 * The phone's menu: search, the categories and the account. Loaded when its button is first
 * pressed (site-header.tsx); focus goes back to that button when it closes.
 */
export function MobileMenuDialog({
  shopName,
  links,
  user,
  wishlistCount,
  open,
  onOpenChange,
  opener,
}: {
  shopName: string;
  links: { to: string; label: string }[];
  user: CurrentUser | null | undefined;
  wishlistCount: number | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col gap-6 overflow-y-auto bg-background p-6 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{shopName}</Dialog.Title>
            <DialogCloseButton label="Close menu" />
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
              {/* The menu closes first, so that the login modal is the only one open. */}
              <AccountButton user={user} login={(button) => <Dialog.Close asChild>{button}</Dialog.Close>} />
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
