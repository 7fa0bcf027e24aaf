// @vitest-environment happy-dom
import type { ProductCard } from "@server/catalogue/product-card.ts";
import { parseListingState } from "@server/search/listing-query.ts";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SEARCH_LISTING } from "~/lib/listing";
import { productCard } from "../../tests/support/product-cards.ts";
import SearchPage from "./search";

// The search page as it renders what its loader returns: "Did you mean" on no results, and the
// beacon that tells the search log which result was opened.

const SEARCH_ID = "3f2c8a1e-5b7d-4c9a-8e6f-1a2b3c4d5e6f";

const product = (id: number) => productCard(id);

function renderSearch(
  address: string,
  listing: {
    products?: ProductCard[];
    didYouMean?: string | null;
    searchId?: string | null;
    someWordsOnly?: boolean;
  } = {},
) {
  const url = new URL(address, "http://shop.test");
  const state = parseListingState(url.searchParams, SEARCH_LISTING);
  const products = listing.products ?? [];
  const loaderData = {
    state,
    products,
    total: products.length,
    stats: null,
    filters: { categories: [], formats: [], styles: [] },
    didYouMean: listing.didYouMean ?? null,
    someWordsOnly: listing.someWordsOnly ?? false,
    searchId: listing.searchId ?? null,
    searchText: state.q.toLowerCase(),
  };
  const Stub = createRoutesStub([
    { path: "/search", Component: SearchPage as ComponentType, loader: () => loaderData },
    { path: "/product/:id", Component: () => <h1>A product page</h1> },
    { path: "/api/v1/wishlist", action: () => ({ ok: true, result: "added" }), loader: () => ({ productIds: [] }) },
  ]);
  render(<Stub initialEntries={[address]} />);
}

describe("no results on /search", () => {
  it("suggests the closest words of the catalogue, beside the storefront's suggestions", async () => {
    renderSearch("/search?q=planer", { didYouMean: "planner" });
    expect(await screen.findByRole("heading", { name: "No results found" })).toBeInTheDocument();
    expect(screen.getByText(/Did you mean/)).toHaveTextContent("Did you mean planner?");
    expect(screen.getByRole("link", { name: "planner" })).toHaveAttribute("href", "/search?q=planner");
    expect(screen.getByText("Try a different word, or one of these:")).toBeInTheDocument();
    for (const term of ["planners", "wall art", "templates", "courses"]) {
      expect(screen.getByRole("link", { name: term })).toHaveAttribute("href", `/search?q=${encodeURIComponent(term)}`);
    }
  });

  it("says nothing more when there is nothing close", async () => {
    renderSearch("/search?q=zzqxv", { didYouMean: null });
    expect(await screen.findByRole("heading", { name: "No results found" })).toBeInTheDocument();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it("encodes the suggestion in its link", async () => {
    renderSearch("/search?q=boho%20weding", { didYouMean: "boho wedding" });
    expect(await screen.findByRole("link", { name: "boho wedding" })).toHaveAttribute(
      "href",
      "/search?q=boho%20wedding",
    );
  });
});

describe("results that match some words only", () => {
  it("says so above the results", async () => {
    renderSearch("/search?q=boho%20wedding%20spaceship", { products: [product(1), product(2)], someWordsOnly: true });
    expect(
      await screen.findByText(
        'No results for all of "boho wedding spaceship". Showing products that match some of your words.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("2 products found")).toBeInTheDocument();
  });

  it("says nothing of the kind when every word matched", async () => {
    renderSearch("/search?q=boho%20wedding", { products: [product(1)] });
    expect(await screen.findByText("1 product found")).toBeInTheDocument();
    expect(screen.queryByText(/No results for all of/)).not.toBeInTheDocument();
  });
});

describe("a result opened from /search", () => {
  const sendBeacon = vi.fn((_url: string, _body: URLSearchParams) => true);
  beforeEach(() => {
    sendBeacon.mockClear();
    Object.defineProperty(navigator, "sendBeacon", { value: sendBeacon, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, "sendBeacon");
  });

  const sent = () => sendBeacon.mock.calls.map(([url, body]) => [url, Object.fromEntries(body)]);

  for (const view of ["grid", "list"] as const) {
    it(`tells the search log which result, at which place, in the ${view} view; the link still opens it`, async () => {
      renderSearch(`/search?q=planner${view === "list" ? "&view=list" : ""}`, {
        products: [product(7), product(3), product(12)],
        searchId: SEARCH_ID,
      });
      const results = within(await screen.findByRole("region", { name: "Products" }));
      fireEvent.click(results.getByRole("link", { name: "Product 3" }));
      expect(sent()).toEqual([["/api/v1/search/clicks", { searchId: SEARCH_ID, productId: "3", position: "2" }]]);
      expect(await screen.findByRole("heading", { name: "A product page" })).toBeInTheDocument();
    });
  }

  // A click on the picture lands on the title's link, which covers the card (app.css).
  it("counts a middle click too, not a right click nor the other buttons", async () => {
    renderSearch("/search?q=planner", { products: [product(7), product(3)], searchId: SEARCH_ID });
    const results = await screen.findByRole("region", { name: "Products" });
    const link = within(results).getByRole("link", { name: "Product 7" });
    fireEvent(link, new MouseEvent("auxclick", { bubbles: true, button: 1 }));
    fireEvent(link, new MouseEvent("auxclick", { bubbles: true, button: 2 }));
    fireEvent.click(within(results).getAllByRole("button", { name: /wishlist/i })[0]!);
    expect(sent()).toEqual([["/api/v1/search/clicks", { searchId: SEARCH_ID, productId: "7", position: "1" }]]);
  });

  it("sends nothing for a page whose search was not logged", async () => {
    renderSearch("/search?q=planner&category=planners", { products: [product(7)], searchId: null });
    fireEvent.click(
      within(await screen.findByRole("region", { name: "Products" })).getByRole("link", { name: "Product 7" }),
    );
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
