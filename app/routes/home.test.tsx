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
});
