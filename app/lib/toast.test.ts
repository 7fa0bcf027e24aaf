// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";

// What sonner was asked to do, in order.
const shown: string[] = [];
vi.mock("sonner", () => {
  const toast = Object.assign((message: string) => shown.push(`toast ${message}`), {
    success: (message: string) => shown.push(`success ${message}`),
    error: (message: string) => shown.push(`error ${message}`),
    loading: (message: string) => shown.push(`loading ${message}`),
    dismiss: (id?: string) => shown.push(`dismiss ${id}`),
  });
  return { toast, Toaster: () => null };
});

// sonner (mocked) loaded as the toast module loads it: what waits after that waits for the toaster.
const sonnerLoaded = () => import("sonner");

describe("toasts loaded with the first one", () => {
  beforeEach(() => {
    vi.resetModules();
    shown.length = 0;
  });

  it("asks for the toaster with the first toast, and shows nothing until it is on the page", async () => {
    const { toast, toasterIsMounted, useToasterWanted } = await import("./toast");
    const { act, renderHook } = await import("@testing-library/react");
    // What the root's <Toasts> reads: no toaster on the page until a toast comes.
    const { result } = renderHook(() => useToasterWanted());
    expect(result.current).toBe(false);
    act(() => {
      toast.success("Added to cart");
      toast.error("Your cart was not changed");
    });
    expect(result.current).toBe(true);
    await sonnerLoaded();
    expect(shown).toEqual([]);
    toasterIsMounted();
    await vi.waitFor(() => expect(shown).toEqual(["success Added to cart", "error Your cart was not changed"]));
  });

  it("keeps the order of toasts and dismissals asked for before and after the toaster came", async () => {
    const { toast, toasterIsMounted } = await import("./toast");
    toast.loading("Waiting for your payment");
    toast.dismiss("payment-pending");
    toasterIsMounted();
    toast("Redirecting to Google");
    await vi.waitFor(() =>
      expect(shown).toEqual([
        "loading Waiting for your payment",
        "dismiss payment-pending",
        "toast Redirecting to Google",
      ]),
    );
  });

  it("loads nothing for a dismissal when no toast was ever shown", async () => {
    const { toast, toasterIsMounted } = await import("./toast");
    toasterIsMounted();
    toast.dismiss("checkout-ended");
    await sonnerLoaded();
    expect(shown).toEqual([]);
    // Nothing was asked for: the toaster is not wanted either.
    const { useToasterWanted } = await import("./toast");
    const { renderHook } = await import("@testing-library/react");
    expect(renderHook(() => useToasterWanted()).result.current).toBe(false);
  });
});
