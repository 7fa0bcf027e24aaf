// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ShopDialogsProvider, useShopDialogs } from "~/components/layout/shop-dialogs";
import { LoginDialog } from "./login-dialog";

// The login / register modal: why Create Account is disabled, beside the
// field; Google's button only where Google sign-in is configured.

function OpenLogin({ googleSignIn }: { googleSignIn: boolean }) {
  const { login } = useShopDialogs();
  useEffect(() => login.setOpen(true), [login.setOpen]);
  return <LoginDialog demoAccounts={[]} googleSignIn={googleSignIn} next={null} />;
}

function renderLogin(googleSignIn: boolean) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <OpenLogin googleSignIn={googleSignIn} /> }]);
  render(
    <ShopDialogsProvider>
      <Stub initialEntries={["/"]} />
    </ShopDialogsProvider>,
  );
}

describe("the register form", () => {
  it("says beside the field why Create Account is disabled: a short password, then passwords that differ", async () => {
    const user = userEvent.setup();
    renderLogin(true);
    await user.click(await screen.findByRole("tab", { name: "Register" }));
    await user.type(screen.getByLabelText("Full Name"), "Grace Hopper");
    await user.type(screen.getByLabelText("Email"), "grace@example.com");
    const submit = screen.getByRole("button", { name: "Create Account" });
    const password = screen.getByLabelText("Password", { exact: true });
    const confirmation = screen.getByLabelText("Confirm Password");

    await user.type(password, "short");
    expect(submit).toBeDisabled();
    expect(password).toHaveAccessibleDescription("Too short: 5 of at least 8 characters.");
    expect(submit).toHaveAccessibleDescription("Too short: 5 of at least 8 characters.");

    await user.type(password, "-enough");
    expect(password).toHaveAccessibleDescription("At least 8 characters.");
    await user.type(confirmation, "short-enougH");
    expect(submit).toBeDisabled();
    expect(confirmation).toHaveAccessibleDescription("The passwords do not match.");
    expect(submit).toHaveAccessibleDescription("The passwords do not match.");

    await user.clear(confirmation);
    await user.type(confirmation, "short-enough");
    expect(submit).toBeEnabled();
    expect(screen.queryByText("The passwords do not match.")).toBeNull();
    expect(submit).not.toHaveAttribute("aria-describedby");
  });
});

describe("Continue with Google", () => {
  it("is offered where Google sign-in is configured", async () => {
    renderLogin(true);
    expect(await screen.findByRole("button", { name: "Continue with Google" })).toBeEnabled();
  });

  it("is not there at all where it is not", async () => {
    renderLogin(false);
    expect(await screen.findByRole("tab", { name: "Register" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Continue with Google" })).toBeNull();
    expect(screen.queryByText(/Google/)).toBeNull();
  });
});
