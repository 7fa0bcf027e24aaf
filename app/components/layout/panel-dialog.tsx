import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * A centred modal with a title and a close button, at most 80% of the viewport high.
 * Its body scrolls; the title and the `footer` (the cart's totals and Checkout) stay in view.
 * `wide`: room for a picture beside the text (a listing's quick view), at most 90% high.
 */
export function PanelDialog({
  trigger,
  title,
  description,
  children,
  footer,
  open,
  onOpenChange,
  onCloseAutoFocus,
  wide = false,
}: {
  /** The button that opens it; without one, the dialog is opened through `open`. */
  trigger?: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  wide?: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            "fixed left-1/2 top-1/2 z-50 flex w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-background py-6 shadow-xl",
            wide ? "max-h-[90vh] max-w-3xl" : "max-h-[80vh] max-w-lg",
          )}
        >
          <div className="flex shrink-0 items-start justify-between gap-4 px-6">
            <div className="min-w-0">
              <Dialog.Title className="text-xl font-semibold">{title}</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>
            </div>
            <DialogCloseButton label="Close" />
          </div>
          <div className="mt-3 min-h-0 overflow-y-auto px-6 py-1">{children}</div>
          {footer ? <div className="shrink-0 border-t border-border px-6 pt-4">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A modal's ✕ in its top corner. */
export function DialogCloseButton({ label }: { label: string }) {
  return (
    <Dialog.Close asChild>
      <Button variant="ghost" size="icon" aria-label={label}>
        <X aria-hidden="true" />
      </Button>
    </Dialog.Close>
  );
}
