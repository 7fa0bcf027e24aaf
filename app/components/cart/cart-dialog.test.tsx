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

// A cart line's license and seats: what it says, what it costs, and the select that
// moves it to another tier the product is sold under; a pay-what-you-want line's price; the
// discount code.

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
    owned: false,
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
  bundles: [],
  count: 2,
  subtotalCents: 2 * 3999 + 900,
  discountCents: 0,
  discount: null,
  taxCents: Math.round(((2 * 3999 + 900) * 8) / 100),
  totalCents: 2 * 3999 + 900 + Math.round(((2 * 3999 + 900) * 8) / 100),
  waivedTaxCents: 0,
  tax: {
    label: "Tax (8%)",
    included: false,
    byLocation: false,
    country: null,
    region: null,
    question: null,
    conflict: false,
    vatNumber: null,
    consumerRights: false,
  },
};

/** What the cart API was sent, one form per request. */
let cartPosts: Record<string, string>[] = [];

/** What the cart API answers a form (by default, that it was done). */
let cartAnswer: (form: Record<string, string>) => Response | object = (form) => ({ ok: true, intent: form.intent });

function renderCart(shown: Cart = cart, { signedIn = false } = {}) {
  function OpenCart() {
    const { show } = useShopDialogs().cart;
    useEffect(() => show(), [show]);
    return <CartDialog cart={shown} signedIn={signedIn} />;
  }
  const Stub = createRoutesStub([
    { path: "/", Component: OpenCart },
    {
      path: "/api/v1/cart",
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        cartPosts.push(form);
        return cartAnswer(form);
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
  cartAnswer = (form) => ({ ok: true, intent: form.intent });
});

describe("a product the buyer owns", () => {
  it("says so on its line, and Checkout waits for the buyer's choice to buy it again", async () => {
    renderCart({ ...cart, lines: [{ ...commercialLine, owned: true }, personalOnlyLine] }, { signedIn: true });
    const lines = within(await screen.findByRole("list", { name: "Products in your cart" })).getAllByRole("listitem");
    expect(lines[0]).toHaveTextContent("You own this: go to your downloads");
    expect(within(lines[0]!).getByRole("link", { name: "go to your downloads" })).toHaveAttribute(
      "href",
      "/account/downloads",
    );
    expect(lines[1]).not.toHaveTextContent("You own this");
    const checkout = screen.getByRole("button", { name: "Checkout" });
    expect(checkout).toBeDisabled();
    await userEvent.click(
      screen.getByRole("checkbox", { name: "I know I own this: I am buying more seats or a gift" }),
    );
    expect(checkout).toBeEnabled();
  });

  it("asks nothing when the cart holds nothing the buyer owns", async () => {
    renderCart(cart, { signedIn: true });
    await screen.findByRole("list", { name: "Products in your cart" });
    expect(screen.queryByRole("checkbox", { name: /I know I own this/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Checkout" })).toBeEnabled();
  });
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
    // The spec's quantity buttons are still there, and name the quantity for what it is: seats.
    expect(within(lines[0]!).getByText("Seats", { selector: ".sr-only" })).toBeInTheDocument();
    expect(
      within(lines[0]!).getByRole("button", { name: "One more seat of Abstract Wall Art Collection" }),
    ).toBeEnabled();
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

const pwywLine = line({
  productId: 17,
  title: "Journaling Guide",
  priceCents: 250,
  tierPrices: { personal: 0, commercial: null, extended: null },
  payWhatYouWant: { minimumCents: 0, suggestedCents: 699 },
});

describe("a pay-what-you-want line", () => {
  it("says what the buyer pays per copy and changes it from a small field", async () => {
    const user = userEvent.setup();
    renderCart({ ...cart, lines: [pwywLine] });
    const lines = within(await screen.findByRole("list", { name: "Products in your cart" })).getAllByRole("listitem");
    expect(lines[0]).toHaveTextContent("You pay $2.50 per copy");
    const field = within(lines[0]!).getByRole("textbox", { name: "Change to a price per copy of Journaling Guide" });
    expect(field).toHaveValue("2.50");
    expect(field).toHaveAccessibleDescription("$0.00 to $10,000.00");
    // No license select: one license.
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
    await user.clear(field);
    await user.type(field, "4{Enter}");
    await waitFor(() => expect(cartPosts).toEqual([{ intent: "price", productId: "17", price: "4" }]));
  });

  it("shows a refused price beside its field, what was typed kept", async () => {
    const user = userEvent.setup();
    cartAnswer = () =>
      Response.json(
        { ok: false, message: "Please pay between $3.00 and $10,000.00 for this product." },
        { status: 400 },
      );
    renderCart({ ...cart, lines: [{ ...pwywLine, payWhatYouWant: { minimumCents: 300, suggestedCents: null } }] });
    const field = await screen.findByRole("textbox", { name: /Change to/ });
    await user.clear(field);
    await user.type(field, "1");
    await user.click(screen.getByRole("button", { name: "Update price of Journaling Guide" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please pay between $3.00 and $10,000.00 for this product.",
    );
    expect(field).toHaveValue("1");
    expect(field).toHaveAttribute("aria-invalid", "true");
  });
});

describe("the cart's discount code", () => {
  it("applies the code typed, Enter or Apply", async () => {
    const user = userEvent.setup();
    renderCart();
    const field = await screen.findByRole("textbox", { name: "Discount code" });
    await user.type(field, "welcome10{Enter}");
    await waitFor(() => expect(cartPosts).toEqual([{ intent: "code", code: "welcome10" }]));
    // Once the answer is in (the button says Applying... until then).
    await user.click(await screen.findByRole("button", { name: "Apply" }));
    await waitFor(() => expect(cartPosts).toHaveLength(2));
  });

  it("shows a refused code's reason beside the field, the code kept", async () => {
    const user = userEvent.setup();
    cartAnswer = () =>
      Response.json({ ok: false, message: "This code does not exist. Check it and try again." }, { status: 400 });
    renderCart();
    const field = await screen.findByRole("textbox", { name: "Discount code" });
    await user.type(field, "NOPE");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This code does not exist. Check it and try again.");
    expect(field).toHaveValue("NOPE");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription("This code does not exist. Check it and try again.");
  });

  const discounted: Cart = {
    ...cart,
    discountCents: 890,
    taxCents: 641,
    totalCents: 8898 - 890 + 641,
    discount: { code: "WELCOME10", codeId: 1, oncePerBuyer: false, cents: 890, problem: null },
  };

  it("once applied: the code, what it takes off, Remove, and the totals the server worked out", async () => {
    const user = userEvent.setup();
    renderCart(discounted);
    const code = await screen.findByRole("region", { name: "Discount code" });
    expect(code).toHaveTextContent("Code WELCOME10, $8.90 off");
    expect(screen.queryByRole("textbox", { name: "Discount code" })).not.toBeInTheDocument();
    const totals = document.querySelector("dl");
    expect(totals).toHaveTextContent("Subtotal$88.98Discount (WELCOME10)−$8.90Tax (8%)$6.41Total$86.49");
    await user.click(within(code).getByRole("button", { name: "Remove code WELCOME10" }));
    await waitFor(() => expect(cartPosts).toEqual([{ intent: "remove-code" }]));
  });

  it("a held code that stopped working says why, with Remove, and takes nothing off", async () => {
    renderCart({
      ...cart,
      discount: { code: "SPRING", codeId: 2, oncePerBuyer: false, cents: 0, problem: "This code has expired." },
    });
    const code = await screen.findByRole("region", { name: "Discount code" });
    expect(within(code).getByRole("alert")).toHaveTextContent("This code has expired.");
    expect(code).not.toHaveTextContent("off");
    expect(within(code).getByRole("button", { name: "Remove code SPRING" })).toBeInTheDocument();
    expect(document.querySelector("dl")).not.toHaveTextContent("Discount");
  });

  it("shows in the guest checkout's order summary", () => {
    render(<OrderSummary cart={discounted} />);
    expect(screen.getByRole("region", { name: "Order summary" })).toHaveTextContent(
      "Subtotal$88.98Discount (WELCOME10)−$8.90Tax (8%)$6.41Total$86.49",
    );
  });
});

describe("a bundle in the cart", () => {
  const bundleCart: Cart = {
    ...cart,
    lines: [],
    bundles: [
      {
        bundleId: 7,
        title: "Planner kit",
        creatorName: "Mira Collins Art",
        imageUrl: null,
        priceCents: 2500,
        valueCents: 3500,
        toPayCents: 1786,
        products: [
          {
            productId: 1,
            title: "Planner",
            creatorId: 1,
            imageUrl: null,
            priceCents: 1000,
            shareCents: 714,
            owned: false,
          },
          {
            productId: 2,
            title: "Tracker",
            creatorId: 1,
            imageUrl: null,
            priceCents: 1000,
            shareCents: 714,
            owned: true,
          },
          {
            productId: 3,
            title: "Stickers",
            creatorId: 1,
            imageUrl: null,
            priceCents: 1500,
            shareCents: 1072,
            owned: false,
          },
        ],
        items: [],
        discountCents: 0,
      },
    ],
  };

  it("is one line: what the buyer pays, the bundle's price when they own some of it, and its products", async () => {
    const user = userEvent.setup();
    renderCart(bundleCart);
    const [row] = within(await screen.findByRole("list", { name: "Products in your cart" })).getAllByRole("listitem", {
      name: "",
    });
    expect(row).toHaveTextContent("Planner kit");
    expect(row).toHaveTextContent("$17.86");
    expect(row).toHaveTextContent("bundle $25.00");
    expect(row).toHaveTextContent("Bundle of 3 products · Personal license for each");
    expect(within(row!).getByRole("list", { name: "Products in Planner kit" })).toHaveTextContent(
      "Tracker (you own it: not bought again)",
    );
    expect(screen.getByRole("link", { name: "Planner kit" })).toHaveAttribute("href", "/bundle/7");
    await user.click(screen.getByRole("button", { name: "Remove Planner kit from cart" }));
    await waitFor(() => expect(cartPosts).toEqual([{ intent: "remove-bundle", bundleId: "7" }]));
  });

  it("is in the guest's order summary", () => {
    render(<OrderSummary cart={bundleCart} />);
    expect(screen.getByRole("list", { name: "Products in your order" })).toHaveTextContent("Planner kit");
  });
});
