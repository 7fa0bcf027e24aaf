// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { LegalPageData } from "~/lib/legal-pages.server";
import TermsOfService from "./terms";

// The Terms of Service as they render the shop's configuration: who runs it, the shop's own
// figures (commission, payouts), and the pages they rely on.

const live: LegalPageData = {
  shopName: "Test Market",
  supportEmail: "help@shop.test",
  guestCartDays: 90,
  shopMode: "live",
  ownerName: "Test Market Ltd",
  ownerAddress: ["1 Market Street", "Leeds LS1 1AA"],
  privacyEmail: "privacy@shop.test",
  processors: [],
};

async function renderPage(loaderData: LegalPageData) {
  const Stub = createRoutesStub([
    { id: "page", path: "/terms", Component: TermsOfService as never, loader: () => loaderData },
  ]);
  render(<Stub initialEntries={["/terms"]} hydrationData={{ loaderData: { page: loaderData } }} />);
  await screen.findByRole("heading", { level: 1, name: "Terms of Service" });
}

describe("the Terms of Service", () => {
  it("names the shop's owner from the configuration, with their address and email", async () => {
    await renderPage(live);
    expect(screen.getByText(/Test Market is a marketplace run by Test Market Ltd/)).toBeInTheDocument();
    expect(screen.getByText("Leeds LS1 1AA")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "privacy@shop.test" })).toHaveAttribute("href", "mailto:privacy@shop.test");
    expect(screen.queryByText("This is a demo shop.")).not.toBeInTheDocument();
  });

  it("has its sections, the shop's own figures and links to the pages they rely on", async () => {
    await renderPage({ ...live, shopMode: "demo" });
    expect(screen.getByText("This is a demo shop.")).toBeInTheDocument();
    for (const name of ["Your account", "Buying", "Selling", "Closing an account"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    const selling = screen.getByRole("heading", { level: 2, name: "Selling" }).closest("section")!;
    expect(selling.textContent).toContain("You keep 70% of each sale; the platform's fee is 30%");
    expect(selling.textContent).toContain("We pay out on Fridays when your balance is at least $25.00");
    expect(selling.textContent).toContain("a warning, with 7 days to fix the issue");
    for (const [name, href] of [
      ["License Terms", "/license"],
      ["Refund Policy", "/refund-policy"],
      ["Seller Guidelines", "/guidelines"],
      ["Commission Rates", "/commission"],
    ]) {
      expect(screen.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    expect(
      within(screen.getByRole("heading", { name: "Closing an account" }).closest("section")!).getByRole("link", {
        name: "Privacy Policy",
      }),
    ).toHaveAttribute("href", "/privacy");
  });
});
