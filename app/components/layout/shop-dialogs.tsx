import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";

/** A modal that any part of the page may open (the cart from Buy Now, login from Follow). */
export interface DialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Opens it; focus goes back to whatever had it when the modal closes. */
  show: () => void;
  /** For the dialog's onCloseAutoFocus. */
  restoreFocus: (event: Event) => void;
}

function useDialogState(): DialogState {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const show = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  }, []);
  const restoreFocus = useCallback((event: Event) => {
    if (opener.current?.isConnected) {
      event.preventDefault();
      opener.current.focus();
    }
  }, []);
  return useMemo(() => ({ open, setOpen, show, restoreFocus }), [open, show, restoreFocus]);
}

const ShopDialogsContext = createContext<{ cart: DialogState; login: DialogState } | null>(null);

/** One cart modal and one login modal for the page, whichever button opens them. */
export function ShopDialogsProvider({ children }: { children: ReactNode }) {
  const cart = useDialogState();
  const login = useDialogState();
  const value = useMemo(() => ({ cart, login }), [cart, login]);
  return <ShopDialogsContext.Provider value={value}>{children}</ShopDialogsContext.Provider>;
}

/**
 * True from the first time `open` is: a modal whose code is loaded when first opened stays
 * mounted afterwards (its state, such as a checkout under way, outlives its closing).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function useShopDialogs() {
  const dialogs = useContext(ShopDialogsContext);
  if (!dialogs) throw new Error("useShopDialogs needs a ShopDialogsProvider");
  return dialogs;
}
