// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { DeleteAccountSettings } from "./delete-account-settings";
import { PersonalDataSettings } from "./personal-data-settings";

// Settings' Your data and Delete account sections as they render what the page's loader gives them
// (the server's part: server/accounts/personal-data.test.ts and account-deletion.test.ts).

function renderIn(node: ReactNode) {
  const Stub = createRoutesStub([{ path: "/account/settings", Component: () => node }]);
  render(<Stub initialEntries={["/account/settings"]} />);
}

const section = (name: string) => screen.getByRole("heading", { level: 2, name }).parentElement!;

describe("the Your data section", () => {
  it("downloads the file from its own address, as a download, not a page", async () => {
    renderIn(<PersonalDataSettings />);
    const link = await screen.findByRole("link", { name: "Download your data" });
    expect(link).toHaveAttribute("href", "/account/personal-data");
    expect(link).toHaveAttribute("download");
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  });
});

describe("the Delete account section", () => {
  afterEach(() => document.body.replaceChildren());

  it("asks the password and says what stays; a buyer is told nothing of a shop", async () => {
    renderIn(<DeleteAccountSettings answer={undefined} saving={false} />);
    expect(await screen.findByLabelText("Password")).toHaveAttribute("type", "password");
    expect(section("Delete account").textContent).toContain("Your orders stay, no longer linked to you");
    expect(screen.queryByText(/closes with your account/)).not.toBeInTheDocument();
  });

  it("tells a seller what happens to their shop and money before they delete", async () => {
    const notice = ["Your shop Paper Fox closes with your account.", "You have $35.00 not yet paid out."];
    renderIn(<DeleteAccountSettings answer={undefined} saving={false} notice={notice} />);
    for (const line of notice) expect(await screen.findByText(line)).toBeInTheDocument();
  });

  it("asks no password of an account that signs in with Google alone", async () => {
    renderIn(<DeleteAccountSettings answer={undefined} saving={false} hasPassword={false} />);
    expect(await screen.findByText(/You sign in with Google/)).toBeInTheDocument();
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Type DELETE to confirm")).toBeInTheDocument();
  });
});
