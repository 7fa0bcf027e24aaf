import { useSyncExternalStore } from "react";

// Toasts (sonner) are loaded with the first one a page shows, not with every page: most page
// views show none. The toaster is put on the page first and the toast given to it once it is
// there, so that screen readers hear it (a live region must exist before its content changes).

type Sonner = typeof import("sonner");
type SonnerToast = Sonner["toast"];

/** sonner's toast once both it and the toaster are there; one promise, so toasts keep their order. */
let ready: Promise<SonnerToast> | undefined;
let toasterWanted = false;
const wantedListeners = new Set<() => void>();
let toasterMounted: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});

function loadedToast(): Promise<SonnerToast> {
  if (!ready) {
    ready = Promise.all([import("sonner"), toasterReady]).then(([module]) => module.toast);
    toasterWanted = true;
    for (const listener of wantedListeners) listener();
  }
  return ready;
}

/** sonner's `toast`, for what the shop uses of it; each call waits for the toaster. */
export const toast = Object.assign(
  (...args: Parameters<SonnerToast>) => void loadedToast().then((show) => show(...args)),
  {
    success: (...args: Parameters<SonnerToast["success"]>) => void loadedToast().then((show) => show.success(...args)),
    error: (...args: Parameters<SonnerToast["error"]>) => void loadedToast().then((show) => show.error(...args)),
    loading: (...args: Parameters<SonnerToast["loading"]>) => void loadedToast().then((show) => show.loading(...args)),
    /** Nothing to take away before any toast was shown; otherwise after the toasts asked for before it. */
    dismiss: (id?: string | number) => {
      if (ready) void loadedToast().then((show) => show.dismiss(id));
    },
  },
);

/** Whether the page should hold the toaster yet (root.tsx renders it from the first toast on). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      wantedListeners.add(listener);
      return () => wantedListeners.delete(listener);
    },
    () => toasterWanted,
    () => false,
  );
}

/** Called by the toaster once it is on the page. */
export function toasterIsMounted() {
  toasterMounted();
}
