// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "./site-footer";

// The footer keeps the storefront's link lists as they are and adds the legal pages in its bottom
// bar (decision 060).

function renderFooter() {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <SiteFooter shopName="Test Market" supportHours={["Mon-Fri 9AM-6PM EST"]} /> },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

const hrefsIn = (name: string) =>
  within(screen.getByRole("navigation", { name }))
    .getAllByRole("link")
    .map((link) => link.getAttribute("href"));

describe("the footer", () => {
  it("links the Privacy Policy and Terms of Service beside the copyright line", async () => {
    renderFooter();
    const legal = await screen.findByRole("navigation", { name: "Legal" });
    expect(within(legal).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(within(legal).getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    expect(legal.parentElement?.textContent).toContain("Test Market. All rights reserved.");
  });

  it("keeps the storefront's own lists as they were", async () => {
    renderFooter();
    await screen.findByRole("navigation", { name: "Legal" });
    expect(hrefsIn("Support")).toEqual(["/help", "/contact", "/refund-policy", "/license"]);
    expect(hrefsIn("Sell")).toEqual(["/become-seller", "/seller-resources", "/commission", "/guidelines"]);
    expect(hrefsIn("Shop")).toHaveLength(4);
  });
});
