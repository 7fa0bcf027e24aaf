// @vitest-environment happy-dom
import type { SecondFactorStatus } from "@server/accounts/second-factor-settings.ts";
import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { PasskeySettings } from "./passkey-settings";
import { type TwoFactorAnswer, TwoFactorSettings } from "./two-factor-settings";

// Settings' Two-factor sign-in and Passkeys sections as they render what the page's loader and
// action give them (the server's part: server/accounts/*.test.ts, tests/integration/).

const off: SecondFactorStatus = {
  twoFactorOn: false,
  backupCodesLeft: null,
  passkeys: [],
  hasPassword: true,
  demoLocked: false,
};

function renderIn(node: ReactNode) {
  const Stub = createRoutesStub([{ path: "/account/settings", Component: () => node }]);
  render(<Stub initialEntries={["/account/settings"]} />);
}

const twoFactor = (status: SecondFactorStatus, answer?: TwoFactorAnswer) =>
  renderIn(<TwoFactorSettings status={status} answer={answer} saving={false} />);

const section = (name: string) => screen.getByRole("heading", { level: 2, name }).parentElement!;

describe("the Two-factor sign-in section", () => {
  it("turns it on with the password; an account without one (Google) is not asked for it", async () => {
    twoFactor(off);
    expect(await screen.findByLabelText("Your password")).toHaveAttribute("autocomplete", "current-password");
    expect(screen.getByRole("button", { name: "Turn on two-factor sign-in" })).toBeEnabled();
  });

  it("asks no password of an account that signs in with Google alone", async () => {
    twoFactor({ ...off, hasPassword: false });
    expect(await screen.findByRole("button", { name: "Turn on two-factor sign-in" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Your password")).toBeNull();
  });

  it("shows the QR code, the key as text and the first code's field while it is being turned on", async () => {
    // As server/accounts/totp-setup.ts makes it.
    const setup = {
      uri: "otpauth://totp/Test%20Market:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Test%20Market",
      secret: "JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP",
      qr: { size: 29, path: "M2 2h1v1h-1zM3 2h1v1h-1z" },
    };
    twoFactor(off, { ok: true, message: "Now set up your authenticator app.", setup });
    const qr = await screen.findByRole("img", { name: /QR code for your authenticator app/ });
    expect(qr.querySelector("path")).toHaveAttribute("d", setup.qr.path);
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();
    const code = screen.getByLabelText("Code from the app");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code.closest("form")!.querySelector('input[name="uri"]')).toHaveValue(setup.uri);
    expect(screen.getByRole("button", { name: "Confirm and turn on" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Now set up your authenticator app.");
  });

  it("shows the new backup codes once, to copy or download, then the ways to renew or turn off", async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    twoFactor(
      { ...off, twoFactorOn: true, backupCodesLeft: 10 },
      { ok: true, message: "Two-factor sign-in is on.", backupCodes: codes },
    );
    const kept = await screen.findByRole("region", { name: "Your backup codes" });
    expect(
      within(kept)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(codes);
    const download = within(kept).getByRole("link", { name: "Download codes" });
    expect(download).toHaveAttribute("download", "backup-codes.txt");
    expect(decodeURIComponent(download.getAttribute("href")!)).toBe(
      `data:text/plain;charset=utf-8,${codes.join("\n")}\n`,
    );
    expect(await within(kept).findByRole("button", { name: "Copy codes" })).toBeInTheDocument();
    expect(screen.getByText("Two-factor sign-in is on.", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Make new backup codes" })).toBeInTheDocument();
    const turnOff = screen.getByRole("form", { name: "Turn off two-factor sign-in" });
    expect(within(turnOff).getByLabelText("Your password")).toBeInTheDocument();
    expect(within(turnOff).getByLabelText("Code from your app, or a backup code")).toBeInTheDocument();
  });

  it("warns when few backup codes are left", async () => {
    twoFactor({ ...off, twoFactorOn: true, backupCodesLeft: 1 });
    expect(await screen.findByText(/1 backup code is left\. Make new ones before they run out\./)).toBeInTheDocument();
  });

  it("says why a shared demo account cannot turn it on, and offers no form", async () => {
    twoFactor({ ...off, demoLocked: true });
    expect(await screen.findByText(/This is a shared demo account/)).toBeInTheDocument();
    expect(within(section("Two-factor sign-in")).queryByRole("button")).toBeNull();
  });
});

describe("the Passkeys section", () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "PublicKeyCredential");
  });

  const passkeys = (status: SecondFactorStatus) =>
    renderIn(<PasskeySettings status={status} answer={undefined} saving={false} />);

  it("lists the passkeys with a Remove button each, and offers to add one where the browser can", async () => {
    Object.assign(globalThis, { PublicKeyCredential: class {} });
    passkeys({
      ...off,
      passkeys: [
        { id: "p1", name: "Work laptop", createdAt: new Date("2026-11-01T10:00:00Z"), synced: true },
        { id: "p2", name: "YubiKey", createdAt: null, synced: false },
      ],
    });
    const list = await screen.findByRole("list", { name: "Your passkeys" });
    expect(within(list).getByText("Work laptop")).toBeInTheDocument();
    expect(within(list).getByText(/Synced to your other devices · added/)).toBeInTheDocument();
    expect(within(list).getByText("On one device")).toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Remove passkey YubiKey" })).toBeInTheDocument();
    const add = await screen.findByRole("form", { name: "Add a passkey" });
    expect(within(add).getByLabelText("Name it")).toHaveAccessibleDescription(/the device or password manager/);
    expect(within(add).getByLabelText("Your password")).toBeInTheDocument();
    expect(within(add).getByRole("button", { name: "Add a passkey" })).toBeEnabled();
  });

  it("says when the browser cannot make passkeys", async () => {
    passkeys(off);
    expect(await screen.findByText("You have no passkeys yet.")).toBeInTheDocument();
    expect(await screen.findByText("To add a passkey, use a browser that supports passkeys.")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Add a passkey" })).toBeNull();
  });

  it("says why a shared demo account cannot add one", async () => {
    passkeys({ ...off, demoLocked: true });
    expect(await screen.findByText(/This is a shared demo account/)).toBeInTheDocument();
    expect(within(section("Passkeys")).queryByRole("button")).toBeNull();
  });
});
