// @vitest-environment happy-dom
import type { Cart } from "@server/cart/cart.ts";
import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { GuestCheckoutDialog } from "./guest-checkout-dialog";

// The guest's name and email are checked at their fields, the checkout's limits included: an
// overlong name is told beside the field, not after the checkout refused it.

const emptyCart = { lines: [], bundles: [] } as unknown as Cart;

function renderDialog(onSubmit = vi.fn()) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <GuestCheckoutDialog
          cart={emptyCart}
          open
          onOpenChange={() => {}}
          onCloseAutoFocus={() => {}}
          phase={{ step: "idle" }}
          onSubmit={onSubmit}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return onSubmit;
}

describe("the guest checkout's name", () => {
  it("of more than 100 characters is refused at the field, and nothing is submitted", async () => {
    const onSubmit = renderDialog();
    const name = await screen.findByRole("textbox", { name: "Name" });
    fireEvent.change(name, { target: { value: "N".repeat(101) } });
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "guest@example.com" } });
    // The dialog's button submits the form from its footer (form="..."), as a browser does.
    fireEvent.submit(document.getElementById("guest-checkout-form")!);
    expect(await screen.findByText("Your name can be at most 100 characters.")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(/Your name can be at most 100 characters\./);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("of 100 characters goes through", async () => {
    const onSubmit = renderDialog();
    fireEvent.change(await screen.findByRole("textbox", { name: "Name" }), { target: { value: "N".repeat(100) } });
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "guest@example.com" } });
    // The dialog's button submits the form from its footer (form="..."), as a browser does.
    fireEvent.submit(document.getElementById("guest-checkout-form")!);
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: "N".repeat(100), email: "guest@example.com" }, false),
    );
  });
});
