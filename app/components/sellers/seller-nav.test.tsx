// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SellerNav } from "./seller-nav";

function currentTabAt(path: string) {
  const Stub = createRoutesStub([{ path: "*", Component: SellerNav }]);
  render(<Stub initialEntries={[path]} />);
}

describe("the Seller Dashboard's tabs", () => {
  it.each([
    ["/seller", "Products"],
    ["/seller/products/12", "Products"],
    ["/seller/products/new", "Products"],
    ["/seller/sales", "Sales"],
    ["/seller/bundles/3", "Bundles"],
    ["/seller/standing", "Account standing"],
  ])("on %s mark %s as the current page, and only it", async (path, tab) => {
    currentTabAt(path);
    const nav = await screen.findByRole("navigation", { name: "Seller Dashboard" });
    const current = nav.querySelectorAll('[aria-current="page"]');
    expect([...current].map((link) => link.textContent)).toEqual([tab]);
  });
});
