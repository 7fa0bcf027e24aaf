// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { productCard } from "../../../tests/support/product-cards.ts";
import { LoadMore, useLoadMore } from "./load-more";

// Load More appends the next page's 24 products in the browser; the address's own page renders only
// its 24, with links to the next and earlier pages for a browser without scripts.

const TOTAL = 100;
const card = (id: number) => productCard(id);

/** A listing's loader: the page's own 24 products of TOTAL. */
function listingPage({ request }: { request: Request }) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  const first = (page - 1) * 24 + 1;
  const ids = Array.from({ length: 24 }, (_, i) => first + i).filter((id) => id <= TOTAL);
  return { page, products: ids.map(card) };
}

function Listing() {
  const { page, products } = useLoaderData<typeof listingPage>();
  const loadMore = useLoadMore(products, page);
  return (
    <>
      <ul aria-label="Products">
        {loadMore.products.map((product) => (
          <li key={product.id}>{product.title}</li>
        ))}
      </ul>
      <LoadMore state={loadMore} total={TOTAL} />
    </>
  );
}

function renderListing(address: string) {
  const Stub = createRoutesStub([{ path: "/browse", Component: Listing, loader: listingPage }]);
  render(<Stub initialEntries={[address]} />);
}

const shownTitles = () =>
  screen
    .getAllByRole("listitem")
    .map((item) => item.textContent)
    .filter(Boolean);

describe("Load More", () => {
  it("shows the address's own page only, with links to the next and the earlier page", async () => {
    renderListing("/browse?page=3");
    expect(await screen.findByText("Showing 49–72 of 100 products")).toBeInTheDocument();
    expect(shownTitles()).toHaveLength(24);
    expect(shownTitles()[0]).toBe("Product 49");
    expect(screen.getByRole("link", { name: "Load More" })).toHaveAttribute("href", "/browse?page=4");
    expect(screen.getByRole("link", { name: "Earlier products" })).toHaveAttribute("href", "/browse?page=2");
  });

  it("appends the next page's products where the page is, and then the one after", async () => {
    renderListing("/browse");
    expect(await screen.findByText("Showing 24 of 100 products")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Earlier products" })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("link", { name: "Load More" }));
    expect(await screen.findByText("Showing 48 of 100 products")).toBeInTheDocument();
    expect(shownTitles().slice(22, 26)).toEqual(["Product 23", "Product 24", "Product 25", "Product 26"]);
    expect(screen.getByRole("link", { name: "Load More" })).toHaveAttribute("href", "/browse?page=3");
    fireEvent.click(screen.getByRole("link", { name: "Load More" }));
    expect(await screen.findByText("Showing 72 of 100 products")).toBeInTheDocument();
    expect(new Set(shownTitles()).size).toBe(72);
  });

  it("says a page past the last holds nothing, and links back to the last page with products", async () => {
    renderListing("/browse?page=100");
    expect(await screen.findByText("No more products: all 100 products come before this page.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Earlier products" })).toHaveAttribute("href", "/browse?page=5");
    expect(screen.queryByRole("link", { name: "Load More" })).not.toBeInTheDocument();
  });
});
