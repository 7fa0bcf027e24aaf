// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import Home from "./home";

function renderHome(loaderData: unknown) {
  const Stub = createRoutesStub([{ path: "/", Component: Home as ComponentType, loader: () => loaderData }]);
  render(<Stub initialEntries={["/"]} />);
}

describe("the home page", () => {
  it("leaves out Trending Products while nothing trends (a new shop)", async () => {
    renderHome({ shopName: "Test Market", trending: [], showcase: [], featuredCreators: [], productCount: 0 });
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Trending Products" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "View All" })).not.toBeInTheDocument();
  });

  it("welcomes visitors to a shop with no products yet: no count of 0, no empty lists", async () => {
    renderHome({ shopName: "Paper Goods", trending: [], showcase: [], featuredCreators: [], productCount: 0 });
    expect(await screen.findByRole("heading", { name: "Paper Goods is just opening" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Become a Seller" })).toHaveAttribute("href", "/become-seller");
    expect(screen.queryByText("Products")).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Featured Creators" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Popular Categories" })).not.toBeInTheDocument();
  });

  it("shows the count, the categories and the creators of a shop that has products", async () => {
    const creator = {
      slug: "ink",
      name: "Ink & Co",
      specialty: "Planners",
      followers: 12,
      products: 3,
      avatarUrl: null,
    };
    renderHome({ shopName: "Paper Goods", trending: [], showcase: [], featuredCreators: [creator], productCount: 3 });
    expect(await screen.findByText("Products")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Featured Creators" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Popular Categories" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: /is just opening/ })).not.toBeInTheDocument();
  });
});
