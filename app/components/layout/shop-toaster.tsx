import { useEffect } from "react";
import { Toaster } from "sonner";
import { toasterIsMounted } from "~/lib/toast";

/** The page's toasts (app/lib/toast.ts loads this with the first one). */
export function ShopToaster() {
  useEffect(() => toasterIsMounted(), []);
  return (
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
  );
}
