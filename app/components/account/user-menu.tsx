import type { CurrentUser } from "@server/accounts/current-user.ts";
import {
  ChevronDown,
  Download,
  Heart,
  LayoutDashboard,
  LogOut,
  Receipt,
  Settings,
  ShieldCheck,
  User,
} from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ACCOUNT_FETCHERS } from "./account-toasts";
import { UserAvatar } from "./user-avatar";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-sm px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted [&_svg]:size-4";

/** Profile, Settings, Seller Dashboard (sellers only) and Logout, with the buyer's orders and downloads. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const signOut = useFetcher({ key: ACCOUNT_FETCHERS.signOut });
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" className="gap-2 px-2">
          <UserAvatar user={user} />
          {/* The visible name on wide screens is the button's name for screen readers everywhere;
              it is cut to fit the header's account area (site-header.tsx), which never changes size. */}
          <span className="sr-only max-w-24 truncate lg:not-sr-only">{user.name}</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-md border border-border bg-background p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block text-sm font-medium wrap-anywhere">{user.name}</span>
            <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account/profile">
              <User aria-hidden="true" /> Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account/orders">
              <Receipt aria-hidden="true" /> My Orders
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account/downloads">
              <Download aria-hidden="true" /> My Downloads
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account/following">
              <Heart aria-hidden="true" /> Following
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account/settings">
              <Settings aria-hidden="true" /> Settings
            </Link>
          </DropdownMenu.Item>
          {user.isSeller ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/seller">
                <LayoutDashboard aria-hidden="true" /> Seller Dashboard
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {user.isAdmin ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/admin">
                <ShieldCheck aria-hidden="true" /> Admin Console
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => signOut.submit({ intent: "sign-out" }, { method: "post", action: "/account/sign-out" })}
          >
            <LogOut aria-hidden="true" /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
