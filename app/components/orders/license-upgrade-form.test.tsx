// @vitest-environment happy-dom
import type { OrderPageData } from "@server/orders/order-page.ts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { OrderPage } from "./order-details";

const order: OrderPageData["order"] = {
  number: "ABC123XYZ",
  status: "paid",
  email: "ann@example.com",
  createdAt: "2026-11-24T12:00:00.000Z",
  paidAt: "2026-11-24T12:01:00.000Z",
  receiptSentAt: "2026-11-24T12:02:00.000Z",
  subtotalCents: 3999,
  discountCents: 0,
  discountCode: null,
  taxCents: 320,
  taxLabel: "Tax (8%)",
  taxIncluded: false,
  waivedTaxCents: 0,
  totalCents: 4319,
  failureReason: null,
  paymentUrl: null,
  payAgainKey: null,
  refundDeadline: null,
  vatNumber: null,
};

type Item = OrderPageData["items"][number];

const item: Item = {
  id: 5,
  productId: 2,
  title: "Budget Planner",
  bundleTitle: null,
  quantity: 1,
  lineTotalCents: 3999,
  discountCents: 0,
  paidCents: 3999,
  status: "active",
  licenseType: "commercial",
  licenseKey: "DGM-AAAA-BBBB-CCCC-0005",
  license: {
    tier: "commercial",
    seats: 1,
    key: "DGM-AAAA-BBBB-CCCC-0005",
    termsVersion: "2026-11",
    history: [{ kind: "issued", tier: "commercial", seats: 1, at: "2026-11-24T12:01:00.000Z" }],
  },
  upgrade: null,
  upgradeOffer: {
    paidCents: 3999,
    currentTier: "commercial",
    tax: { label: "Tax (8%)", included: false },
    currentSeats: 1,
    key: "0123456789abcdef0123456789abcdef",
    waiting: null,
    quotes: [
      { tier: "commercial", seatPriceCents: 3999, seats: 2, payCents: 3999 },
      { tier: "extended", seatPriceCents: 7999, seats: 1, payCents: 4000 },
    ],
  },
  hasCertificate: true,
  files: [],
  refund: null,
  canRequestRefund: false,
} as Item;

function renderOrder(items: Item[], action?: (form: FormData) => unknown) {
  const sent: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: "/account/orders/ABC123XYZ",
      Component: () => <OrderPage data={{ order, items, withdrawal: null, documents: [] }} />,
      action: async ({ request }) => {
        const form = await request.formData();
        sent.push(form);
        return action?.(form) ?? null;
      },
    },
  ]);
  render(<Stub initialEntries={["/account/orders/ABC123XYZ"]} />);
  return sent;
}

describe("the order page's license upgrade form", () => {
  it("offers the tiers above with their seat prices and says what is paid now, from the server's figures", async () => {
    const user = userEvent.setup();
    renderOrder([item]);
    await user.click(await screen.findByText("Upgrade license"));
    const form = screen.getByRole("form", { name: "Upgrade the license of Budget Planner" });
    const tier = within(form).getByLabelText("License");
    expect(
      within(tier)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Commercial: $39.99 per seat", "Extended: $79.99 per seat"]);
    // The next tier up is chosen first, at the licence's seats: the server's quote.
    expect(tier).toHaveValue("extended");
    expect(form).toHaveTextContent("You pay $40.00 now, plus tax (8%) ($79.99 × 1 seat − $39.99 paid).");

    // Another seat count: the seat price and what was paid, as the server gave them.
    const seats = within(form).getByLabelText("Seats");
    await user.clear(seats);
    await user.type(seats, "3");
    expect(form).toHaveTextContent("You pay $79.99 × 3 seats − $39.99 paid, plus tax (8%)");

    await user.selectOptions(tier, "commercial");
    await user.clear(seats);
    await user.type(seats, "2");
    expect(form).toHaveTextContent("You pay $39.99 now");
    await user.clear(seats);
    await user.type(seats, "1");
    expect(form).toHaveTextContent("Nothing to pay for this choice: it is not above the license you have.");
  });

  it("leads to the upgrade waiting for payment instead of offering another", async () => {
    const waiting = { number: "H8UD2IDH8", path: "/account/orders/H8UD2IDH8", tier: "extended" as const, seats: 1 };
    renderOrder([{ ...item, upgradeOffer: { ...item.upgradeOffer!, waiting } }]);
    const link = await screen.findByRole("link", { name: "pay it from order H8UD2IDH8" });
    expect(link).toHaveAttribute("href", "/account/orders/H8UD2IDH8");
    expect(link.parentElement).toHaveTextContent(
      "An upgrade of this license to Extended, 1 seat, is waiting for payment: pay it from order H8UD2IDH8, or cancel it on its payment page before choosing another upgrade.",
    );
    expect(screen.queryByRole("form", { name: /Upgrade the license/ })).not.toBeInTheDocument();
  });

  it("sends the choice with the item and the page's key, and shows a refusal beside the form with the choice kept", async () => {
    const user = userEvent.setup();
    const refusal = "This product is not sold with an Extended license.";
    const sent = renderOrder([item], () => ({
      upgradeOf: "5",
      result: { status: "error", initialValue: { tier: "extended", seats: "4" }, error: { "": [refusal] } },
    }));
    await user.click(await screen.findByText("Upgrade license"));
    const form = screen.getByRole("form", { name: "Upgrade the license of Budget Planner" });
    const seats = within(form).getByLabelText("Seats");
    await user.clear(seats);
    await user.type(seats, "4");
    await user.click(within(form).getByRole("button", { name: "Upgrade and pay" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(refusal);
    expect(Object.fromEntries(sent[0]!)).toMatchObject({
      intent: "upgrade",
      orderItemId: "5",
      tier: "extended",
      seats: "4",
      idempotencyKey: "0123456789abcdef0123456789abcdef",
    });
    expect(within(form).getByLabelText("Seats")).toHaveValue(4);
    expect(within(form).getByLabelText("License")).toHaveValue("extended");
  });

  it("shows no form without an offer, the licence's history once it has changed, and an upgrade's own line", async () => {
    renderOrder([
      {
        ...item,
        upgradeOffer: null,
        license: {
          ...item.license!,
          tier: "extended",
          seats: 3,
          history: [
            { kind: "issued", tier: "commercial", seats: 1, at: "2026-11-24T12:01:00.000Z" },
            { kind: "upgraded", tier: "extended", seats: 3, at: "2026-11-25T12:01:00.000Z" },
          ],
        },
      },
      {
        ...item,
        id: 9,
        license: null,
        licenseKey: null,
        upgradeOffer: null,
        licenseType: "extended",
        lineTotalCents: 20000,
        paidCents: 20000,
        upgrade: {
          tier: "extended",
          seats: 3,
          licenseAt: { orderNumber: "FIRST0001", path: "/account/orders/FIRST0001#item-5", itemId: 5 },
        },
      },
    ]);
    const [bought, upgrade] = await screen
      .findAllByRole("listitem", { name: "" })
      .then((all) => all.filter((entry) => entry.id.startsWith("item-")));
    expect(screen.queryByText("Upgrade license")).toBeNull();
    expect(within(bought!).getByRole("list", { name: "License history" })).toHaveTextContent(
      "Issued Nov 24, 2026 — Commercial, 1 seatUpgraded Nov 25, 2026 — Extended, 3 seats",
    );
    expect(upgrade).toHaveTextContent("License upgrade: Extended license · 3 seats");
    expect(within(upgrade!).getByRole("link", { name: "order FIRST0001" })).toHaveAttribute(
      "href",
      "/account/orders/FIRST0001#item-5",
    );
  });
});

describe("the order page's discount", () => {
  it("shows the code's discount between subtotal and tax, and what was paid for each discounted item", async () => {
    const discounted = {
      ...order,
      subtotalCents: 5998,
      discountCents: 600,
      discountCode: "SPRING10",
      taxCents: 432,
      totalCents: 5830,
    };
    const Stub = createRoutesStub([
      {
        path: "/account/orders/ABC123XYZ",
        Component: () => (
          <OrderPage
            data={{
              order: discounted,
              withdrawal: null,
              documents: [],
              items: [
                { ...item, upgradeOffer: null, discountCents: 400, paidCents: 3599 },
                { ...item, id: 6, upgradeOffer: null, lineTotalCents: 1999, discountCents: 0, paidCents: 1999 },
              ],
            }}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={["/account/orders/ABC123XYZ"]} />);
    const totals = (await screen.findByText("Subtotal")).closest("dl")!;
    expect(totals).toHaveTextContent("Subtotal$59.98Discount (SPRING10)−$6.00Tax (8%)$4.32Total$58.30");
    const [first, second] = screen.getAllByRole("listitem").filter((entry) => entry.id.startsWith("item-"));
    expect(first).toHaveTextContent("You paid $35.99: $4.00 off with SPRING10.");
    expect(second).not.toHaveTextContent("You paid");
  });
});
