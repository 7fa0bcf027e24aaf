// @vitest-environment happy-dom
import { SHOP_COOKIES } from "@shared/privacy-notice.ts";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { LegalPageData } from "~/lib/legal-pages.server";
import PrivacyPolicy from "./privacy";

// The Privacy Policy as it renders the shop's configuration: the owner's details, the outside
// services this shop uses, every cookie it sets, the rights with their articles and where to use them.

const live: LegalPageData = {
  shopName: "Test Market",
  supportEmail: "help@shop.test",
  guestCartDays: 90,
  shopMode: "live",
  ownerName: "Test Market Ltd",
  ownerAddress: ["1 Market Street", "Leeds LS1 1AA", "United Kingdom"],
  privacyEmail: "privacy@shop.test",
  processors: ["stripe", "email"],
};

async function renderPage(loaderData: LegalPageData) {
  const Stub = createRoutesStub([
    { id: "page", path: "/privacy", Component: PrivacyPolicy as never, loader: () => loaderData },
  ]);
  render(<Stub initialEntries={["/privacy"]} hydrationData={{ loaderData: { page: loaderData } }} />);
  await screen.findByRole("heading", { level: 1, name: "Privacy Policy" });
}

describe("the Privacy Policy", () => {
  it("names the owner from the configuration, with their address and the privacy address", async () => {
    await renderPage(live);
    const owner = screen.getByRole("heading", { level: 2, name: "Who we are" }).closest("section")!;
    expect(within(owner).getByText(/Test Market Ltd runs Test Market/)).toBeInTheDocument();
    for (const line of live.ownerAddress) expect(within(owner).getByText(line)).toBeInTheDocument();
    expect(within(owner).getByRole("link", { name: "privacy@shop.test" })).toHaveAttribute(
      "href",
      "mailto:privacy@shop.test",
    );
    expect(screen.queryByText("This is a demo shop.")).not.toBeInTheDocument();
  });

  it("names the shop once where its owner is not configured apart from it", async () => {
    await renderPage({ ...live, ownerName: live.shopName });
    const owner = screen.getByRole("heading", { level: 2, name: "Who we are" }).closest("section")!;
    expect(owner.textContent).toContain(`${live.shopName} decides what is done with your personal data`);
    expect(owner.textContent).not.toContain(" runs ");
  });

  it("lists the outside services this shop is configured with, and only those", async () => {
    await renderPage(live);
    expect(screen.getByText("Stripe (payments and sellers' payouts)")).toBeInTheDocument();
    expect(screen.getByText("Our email delivery service")).toBeInTheDocument();
    expect(screen.queryByText("Google (sign-in with Google)")).not.toBeInTheDocument();
    expect(screen.queryByText(/No outside service receives your personal data/)).not.toBeInTheDocument();
  });

  it("says so when no outside service receives personal data, and a demo shop says it is a demo", async () => {
    await renderPage({ ...live, shopMode: "demo", processors: [] });
    expect(screen.getByText(/No outside service receives your personal data/)).toBeInTheDocument();
    expect(screen.getByText("This is a demo shop.")).toBeInTheDocument();
  });

  it("lists every cookie the shop sets, and shows no consent banner's reason to exist", async () => {
    await renderPage(live);
    const table = screen.getByRole("table", { name: "The cookies this shop sets" });
    const names = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[0]!.textContent);
    expect(names).toEqual(SHOP_COOKIES.map((cookie) => cookie.name));
    expect(screen.getByText(/so we show no cookie banner/)).toHaveTextContent("Art. 5(3)");
  });

  it("gives each right its GDPR article and says where to use it", async () => {
    await renderPage(live);
    const rights = screen.getByRole("heading", { level: 2, name: "Your rights" }).closest("section")!;
    for (const article of [
      "Art. 15",
      "Art. 16",
      "Art. 17",
      "Art. 17(3)(b)",
      "Art. 18",
      "Art. 20",
      "Art. 21",
      "Art. 77",
    ]) {
      expect(rights.textContent).toContain(article);
    }
    expect(within(rights).getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/account/settings");
    expect(screen.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    expect(screen.getByText(/until 90 days after your last visit/)).toBeInTheDocument();
  });
});
