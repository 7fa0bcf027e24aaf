// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ShopDialogsProvider, useShopDialogs } from "~/components/layout/shop-dialogs";
import { LoginDialog } from "./login-dialog";

// The login / register modal: why Create Account is disabled, beside the
// field; Google's button only where Google sign-in is configured.

function OpenLogin({ googleSignIn }: { googleSignIn: boolean }) {
  const { login } = useShopDialogs();
  useEffect(() => login.setOpen(true), [login.setOpen]);
  return <LoginDialog demoAccounts={[]} googleSignIn={googleSignIn} next={null} />;
}

/** `signIn`: what /account/sign-in answers each post (app/routes/account/sign-in.ts), given its form. */
function renderLogin(googleSignIn: boolean, signIn?: (form: FormData) => unknown) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <OpenLogin googleSignIn={googleSignIn} /> },
    { path: "/account/sign-in", action: async ({ request }) => signIn?.(await request.formData()) ?? null },
  ]);
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

describe("two-factor sign-in's second step", () => {
  it("asks for the app's code after the password, or a backup code, and goes back to the password on request", async () => {
    const user = userEvent.setup();
    const posted: Array<Record<string, FormDataEntryValue>> = [];
    renderLogin(false, (form) => {
      posted.push(Object.fromEntries(form));
      return form.get("intent") === "second-step"
        ? { ok: false, message: "That code is not right.", secondStep: true }
        : { secondStep: true };
    });
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "analytical-engine");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    const code = await screen.findByLabelText("Authentication code");
    expect(screen.getByRole("heading", { name: "Two-factor sign-in" })).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(screen.queryByLabelText("Password")).toBeNull();

    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    // A wrong code: the step stays, to try again.
    expect(await screen.findByRole("button", { name: "Verify" })).toBeEnabled();
    expect(posted.at(-1)).toEqual({ intent: "second-step", code: "123456" });
    expect(screen.getByLabelText("Authentication code")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Use a backup code" }));
    const backup = screen.getByLabelText("Backup code");
    expect(backup).toHaveFocus();
    expect(backup).toHaveAttribute("inputmode", "text");
    await user.click(screen.getByRole("button", { name: "Back to email and password" }));
    expect(await screen.findByLabelText("Password")).toBeInTheDocument();
  });

  it("goes back to the password when the step is over (too many codes, or too late)", async () => {
    const user = userEvent.setup();
    renderLogin(false, (form) =>
      form.get("intent") === "second-step"
        ? { ok: false, message: "Your sign-in took too long. Please enter your email and password again." }
        : { secondStep: true },
    );
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "analytical-engine");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await user.type(await screen.findByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByLabelText("Password")).toBeInTheDocument();
  });
});

describe("Sign in with a passkey", () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "PublicKeyCredential");
  });

  it("is offered where the browser has WebAuthn", async () => {
    Object.assign(globalThis, { PublicKeyCredential: class {} });
    renderLogin(false);
    expect(await screen.findByRole("button", { name: "Sign in with a passkey" })).toBeEnabled();
  });

  it("is not offered where it has not", async () => {
    renderLogin(false);
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign in with a passkey" })).toBeNull();
  });
});
