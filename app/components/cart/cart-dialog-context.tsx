import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";

interface CartDialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Opens the cart modal; focus goes back to whatever had it when the modal closes. */
  openCart: () => void;
  restoreFocus: (event: Event) => void;
}

const CartDialogContext = createContext<CartDialogState | null>(null);

/** One cart modal for the page, opened from the header or by Buy Now. */
export function CartDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const openCart = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  }, []);
  const restoreFocus = useCallback((event: Event) => {
    if (opener.current?.isConnected) {
      event.preventDefault();
      opener.current.focus();
    }
  }, []);
  const value = useMemo(() => ({ open, setOpen, openCart, restoreFocus }), [open, openCart, restoreFocus]);
  return <CartDialogContext.Provider value={value}>{children}</CartDialogContext.Provider>;
}

export function useCartDialog(): CartDialogState {
  const state = useContext(CartDialogContext);
  if (!state) throw new Error("useCartDialog needs a CartDialogProvider");
  return state;
}
