// @vitest-environment happy-dom
import type { Cart, CartLine } from "@server/cart/cart.ts";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { ShopDialogsProvider, useShopDialogs } from "~/components/layout/shop-dialogs";
import { CartDialog } from "./cart-dialog";
import { OrderSummary } from "./order-summary";

// A cart line's license and seats (issue 17): what it says, what it costs, and the select that
// moves it to another tier the product is sold under.

function line(overrides: Partial<CartLine>): CartLine {
  return {
    productId: 2,
    title: "Abstract Wall Art Collection",
    creatorId: 1,
    creatorName: "Mira Collins Art",
    licenseTier: "personal",
    priceCents: 1599,
    tierPrices: { personal: 1599, commercial: null, extended: null },
    imageUrl: null,
    quantity: 1,
    discountCents: 0,
    payWhatYouWant: null,
    ...overrides,
  };
}

const commercialLine = line({
  licenseTier: "commercial",
  priceCents: 3999,
  tierPrices: { personal: 1599, commercial: 3999, extended: 7999 },
  quantity: 2,
});
const personalOnlyLine = line({ productId: 4, title: "Budget Planner", priceCents: 900, quantity: 1 });
const cart: Cart = {
  lines: [commercialLine, personalOnlyLine],
  count: 3,
  subtotalCents: 2 * 3999 + 900,
  discountCents: 0,
  discount: null,
  taxCents: Math.round(((2 * 3999 + 900) * 8) / 100),
  totalCents: 2 * 3999 + 900 + Math.round(((2 * 3999 + 900) * 8) / 100),
};

/** What the cart API was sent, one form per request. */
let cartPosts: Record<string, string>[] = [];

function OpenCart() {
  const { show } = useShopDialogs().cart;
  useEffect(() => show(), [show]);
  return <CartDialog cart={cart} signedIn={false} />;
}

function renderCart() {
  const Stub = createRoutesStub([
    { path: "/", Component: OpenCart },
    {
      path: "/api/v1/cart",
      action: async ({ request }) => {
        cartPosts.push(Object.fromEntries(await request.formData()) as Record<string, string>);
        return { ok: true, intent: "tier" };
      },
    },
  ]);
  render(
    <ShopDialogsProvider>
      <Stub initialEntries={["/"]} />
    </ShopDialogsProvider>,
  );
}

beforeEach(() => {
  cartPosts = [];
});

describe("a cart line's license", () => {
  it("says the license and seats, and prices the seats", async () => {
    renderCart();
    const lines = within(await screen.findByRole("list", { name: "Products in your cart" })).getAllByRole("listitem");
    expect(lines[0]).toHaveTextContent("Commercial license · 2 seats");
    expect(lines[0]).toHaveTextContent("2 × $39.99");
    expect(lines[0]).toHaveTextContent("$79.98");
    expect(lines[1]).toHaveTextContent("Personal license · 1 seat");
    expect(lines[1]).not.toHaveTextContent("×");
    // The spec's quantity buttons are still there, named as before.
    expect(within(lines[0]!).getByText("Quantity")).toBeInTheDocument();
    expect(within(lines[0]!).getByRole("button", { name: "One more Abstract Wall Art Collection" })).toBeEnabled();
  });

  it("changes the tier from a labelled select of the tiers sold, seats kept", async () => {
    const user = userEvent.setup();
    renderCart();
    const select = await screen.findByRole("combobox", { name: "License for Abstract Wall Art Collection" });
    expect(select).toHaveValue("commercial");
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Personal · $15.99", "Commercial · $39.99", "Extended · $79.99"]);
    await user.selectOptions(select, "extended");
    await waitFor(() => expect(cartPosts).toEqual([{ intent: "tier", productId: "2", tier: "extended" }]));
    // A product sold under Personal only has nothing to choose.
    expect(screen.queryByRole("combobox", { name: "License for Budget Planner" })).not.toBeInTheDocument();
    expect(screen.getAllByRole("combobox")).toHaveLength(1);
  });
});

describe("the guest checkout's order summary", () => {
  it("gives each line's license and seats, and the price of a seat when there are several", () => {
    render(<OrderSummary cart={cart} />);
    const lines = within(screen.getByRole("list", { name: "Products in your order" })).getAllByRole("listitem");
    expect(lines[0]).toHaveTextContent("Commercial license · 2 seats");
    expect(lines[0]).toHaveTextContent("$79.982 × $39.99");
    expect(lines[1]).toHaveTextContent("Personal license · 1 seat");
  });
});
