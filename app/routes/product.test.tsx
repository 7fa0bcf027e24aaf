// @vitest-environment happy-dom
import type { ProductDetail } from "@server/catalogue/product-detail.ts";
import type { TierPrices } from "@shared/license-tiers.ts";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ShopDialogsProvider } from "~/components/layout/shop-dialogs";
import ProductPage from "./product";

// The product page's license choice: the tiers a product is sold under, the chosen
// one's price, and Add to Cart and Buy Now sending it; a pay-what-you-want product's named price.

function product(tierPrices: TierPrices, overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 2,
    title: "Abstract Wall Art Collection",
    description: "Twelve abstract prints.",
    priceCents: tierPrices.personal,
    originalPriceCents: 2499,
    tierPrices,
    payWhatYouWant: false,
    suggestedPriceCents: null,
    rating: 4.7,
    reviewCount: 0,
    downloads: 8640,
    isBestseller: false,
    isInstantDownload: true,
    format: "JPG",
    files: [],
    previews: [],
    pages: null,
    prints: 12,
    templates: null,
    durationMinutes: null,
    tags: [],
    features: [],
    whatYouGet: [],
    creator: { name: "Mira Collins Art", slug: "mira-collins-art" },
    category: { name: "Wall Art", label: "Wall Art", slug: "wall-art" },
    images: [],
    related: [],
    ...overrides,
  };
}

/** What the cart API was sent, one form per request. */
let cartPosts: Record<string, string>[] = [];
/** What the cart API answers a form (by default, that it was done). */
let cartAnswer: (form: Record<string, string>) => Response | object = (form) => ({ ok: true, intent: form.intent });

function renderProduct(tierPrices: TierPrices, overrides: Partial<ProductDetail> = {}) {
  const loaderData = {
    product: product(tierPrices, overrides),
    reviews: { reviews: [], total: 0, page: 1, pageCount: 0 },
    breakdown: [],
    paged: false,
    url: "http://shop.test/product/2",
    publicUrl: "http://shop.test",
    preview: null,
  };
  const Stub = createRoutesStub([
    { path: "/product/:id", Component: ProductPage as ComponentType, loader: () => loaderData },
    { path: "/license", Component: () => <h1>License Terms</h1> },
    {
      path: "/api/v1/cart",
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        cartPosts.push(form);
        return cartAnswer(form);
      },
    },
    { path: "/api/v1/products/:id/viewer", loader: () => ({ productId: 2, reviewState: "guest" }) },
  ]);
  render(
    <ShopDialogsProvider>
      <Stub initialEntries={["/product/2"]} />
    </ShopDialogsProvider>,
  );
}

beforeEach(() => {
  cartPosts = [];
  cartAnswer = (form) => ({ ok: true, intent: form.intent });
  // The page counts a view with fetch; nothing to count here.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(null, { status: 204 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const bigPrice = () => document.querySelector("h1 ~ p .text-3xl")?.textContent;

describe("the product page's license choice", () => {
  it("offers each tier the product is sold under, with its price and summary, Personal chosen", async () => {
    renderProduct({ personal: 1599, commercial: 3999, extended: 7999 });
    const group = await screen.findByRole("group", { name: "License" });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("value"))).toEqual(["personal", "commercial", "extended"]);
    const personal = within(group).getByRole("radio", { name: "Personal $15.99" });
    expect(personal).toBeChecked();
    expect(personal).toHaveAccessibleDescription("For your own non-commercial use. Included with every purchase.");
    expect(within(group).getByRole("radio", { name: "Extended $79.99" })).toHaveAccessibleDescription(
      "For creators and shops selling products built around the design.",
    );
    // Compare licenses opens in place: the comparison is there to expand, not on another page.
    expect(within(group).queryByRole("link", { name: "Compare licenses" })).not.toBeInTheDocument();
    const compare = within(group).getByText("Compare licenses");
    expect(compare.tagName).toBe("SUMMARY");
    const comparison = compare.closest("details")!;
    expect(comparison).not.toHaveAttribute("open");
    expect(within(comparison).getByRole("table", { name: "What each license allows" })).toBeInTheDocument();
    // Personal: the storefront's price, with the price before the sale struck through and the sale's badge.
    expect(bigPrice()).toBe("$15.99");
    expect(screen.getByText("$24.99")).toBeInTheDocument();
    expect(screen.getByText("36% off")).toBeInTheDocument();
  });

  it("shows the chosen tier's price, without Personal's sale, and adds and buys that tier", async () => {
    const user = userEvent.setup();
    renderProduct({ personal: 1599, commercial: 3999, extended: 7999 });
    await user.click(await screen.findByRole("radio", { name: "Commercial $39.99" }));
    expect(screen.getByRole("radio", { name: "Commercial $39.99" })).toBeChecked();
    expect(bigPrice()).toBe("$39.99");
    expect(screen.queryByText("$24.99")).not.toBeInTheDocument();
    expect(screen.queryByText("36% off")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    await waitFor(() => expect(cartPosts).toEqual([{ intent: "add", productId: "2", tier: "commercial" }]));
    await waitFor(() => expect(screen.getByRole("button", { name: "Buy Now - Instant Download" })).toBeEnabled());

    // The tile's text picks its tier too, not only the radio.
    await user.click(screen.getByText("For creators and shops selling products built around the design."));
    expect(bigPrice()).toBe("$79.99");
    await user.click(screen.getByRole("button", { name: "Buy Now - Instant Download" }));
    await waitFor(() => expect(cartPosts.at(-1)).toEqual({ intent: "add", productId: "2", tier: "extended" }));
  });

  it("offers only the tiers sold: a product with Commercial but no Extended", async () => {
    renderProduct({ personal: 1200, commercial: 2900, extended: null });
    const group = await screen.findByRole("group", { name: "License" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["personal", "commercial"]);
  });

  it("has no choice for a product sold under Personal only: a line says so, with the terms", async () => {
    const user = userEvent.setup();
    renderProduct({ personal: 1599, commercial: null, extended: null });
    expect(await screen.findByText("Personal license")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "License" })).not.toBeInTheDocument();
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "License terms" })).toHaveAttribute("href", "/license");
    expect(bigPrice()).toBe("$15.99");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    await waitFor(() => expect(cartPosts).toEqual([{ intent: "add", productId: "2", tier: "personal" }]));
  });
});

describe("a pay-what-you-want product's page", () => {
  const pwyw = { personal: 0, commercial: null, extended: null };

  it("says Pay what you want with the suggestion, and offers a price field filled with it", async () => {
    renderProduct(pwyw, { priceCents: 0, originalPriceCents: null, payWhatYouWant: true, suggestedPriceCents: 699 });
    expect(await screen.findByText("Pay what you want")).toBeInTheDocument();
    expect(screen.getByText("Suggested $6.99")).toBeInTheDocument();
    const field = screen.getByRole("textbox", { name: "Name your price" });
    expect(field).toHaveValue("6.99");
    expect(field).toHaveAccessibleDescription("$0.00 to $10,000.00");
    // One license, said in a line; no radios.
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.getByText("Personal license")).toBeInTheDocument();
  });

  it("adds and buys at the price named", async () => {
    const user = userEvent.setup();
    renderProduct(pwyw, { priceCents: 0, originalPriceCents: null, payWhatYouWant: true, suggestedPriceCents: 699 });
    const field = await screen.findByRole("textbox", { name: "Name your price" });
    await user.clear(field);
    await user.type(field, "2.50");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    await waitFor(() =>
      expect(cartPosts).toEqual([{ intent: "add", productId: "2", tier: "personal", price: "2.50" }]),
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Buy Now - Instant Download" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Buy Now - Instant Download" }));
    await waitFor(() => expect(cartPosts.at(-1)).toMatchObject({ intent: "add", price: "2.50" }));
  });

  it("shows a refused price beside the field, what was typed kept", async () => {
    const user = userEvent.setup();
    cartAnswer = () =>
      Response.json(
        { ok: false, message: "Please pay between $3.00 and $10,000.00 for this product." },
        { status: 400 },
      );
    renderProduct(pwyw, { priceCents: 300, originalPriceCents: null, payWhatYouWant: true, suggestedPriceCents: null });
    const field = await screen.findByRole("textbox", { name: "Name your price" });
    // No suggestion: the minimum to start with.
    expect(field).toHaveValue("3.00");
    expect(screen.queryByText(/Suggested/)).not.toBeInTheDocument();
    await user.clear(field);
    await user.type(field, "1");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please pay between $3.00 and $10,000.00 for this product.",
    );
    expect(field).toHaveValue("1");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(
      "$3.00 to $10,000.00 Please pay between $3.00 and $10,000.00 for this product.",
    );
  });
});
