// @vitest-environment happy-dom
import type { OrderPageData } from "@server/orders/order-page.ts";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { OrderPage } from "./order-details";

const order: OrderPageData["order"] = {
  number: "ABC123XYZ",
  status: "partially_refunded",
  email: "ann@example.com",
  createdAt: "2026-11-24T12:00:00.000Z",
  paidAt: "2026-11-24T12:01:00.000Z",
  receiptSentAt: "2026-11-24T12:02:00.000Z",
  subtotalCents: 9998,
  discountCents: 0,
  discountCode: null,
  taxCents: 800,
  totalCents: 10798,
  failureReason: null,
  paymentUrl: null,
  payAgainKey: null,
  refundDeadline: null,
};

function item(id: number, overrides: Partial<OrderPageData["items"][number]> = {}): OrderPageData["items"][number] {
  return {
    id,
    productId: id,
    title: `Poster ${id}`,
    quantity: 2,
    lineTotalCents: 4999,
    discountCents: 0,
    paidCents: 4999,
    status: "active",
    licenseType: "commercial",
    licenseKey: `DGM-AAAA-BBBB-CCCC-000${id}`,
    license: { tier: "commercial", seats: 2, key: `DGM-AAAA-BBBB-CCCC-000${id}`, termsVersion: "2026-11", history: [] },
    upgrade: null,
    upgradeOffer: null,
    hasCertificate: true,
    files: [],
    refund: null,
    canRequestRefund: false,
    ...overrides,
  } as OrderPageData["items"][number];
}

function renderOrder(url: string, items: OrderPageData["items"]) {
  const path = url.split("?")[0]!;
  const Stub = createRoutesStub([{ path, Component: () => <OrderPage data={{ order, items }} /> }]);
  render(<Stub initialEntries={[url]} />);
}

describe("an order page's licenses", () => {
  it("shows each item's tier, seats, key and terms, and links its certificate with the guest's link token", async () => {
    renderOrder("/orders/ABC123XYZ?access=tok-en_1&placed=0", [
      item(5),
      item(6, { status: "refunded", hasCertificate: false }),
    ]);
    const [paid, refunded] = await screen.findAllByRole("listitem");
    expect(paid).toHaveTextContent("Commercial license · 2 seats");
    expect(paid).toHaveTextContent("key DGM-AAAA-BBBB-CCCC-0005");
    // A key never breaks across lines, at its hyphens neither: on a narrow phone it scrolls sideways.
    const key = within(paid!).getByText("DGM-AAAA-BBBB-CCCC-0005");
    expect(key).toHaveClass("whitespace-nowrap");
    expect(key.parentElement).toHaveClass("overflow-x-auto");
    expect(paid).toHaveTextContent("Terms version 2026-11");
    expect(within(paid!).getByRole("link", { name: /^License certificate \(PDF\)/ })).toHaveAttribute(
      "href",
      "/orders/ABC123XYZ/items/5/certificate?access=tok-en_1",
    );
    // A refunded item's license has ended: no key, no certificate.
    expect(refunded).not.toHaveTextContent("DGM-");
    expect(within(refunded!).queryByRole("link", { name: /^License certificate \(PDF\)/ })).toBeNull();
    expect(refunded).toHaveTextContent("its license has ended");
  });

  it("says of a refunded upgrade that it no longer counts toward the license, not that a license ended", async () => {
    renderOrder("/account/orders/ABC123XYZ", [
      item(8, { status: "refunded", license: null, upgrade: { tier: "extended", seats: 1, licenseAt: null } }),
    ]);
    const [refunded] = await screen.findAllByRole("listitem");
    expect(refunded).toHaveTextContent("Refunded: this upgrade no longer counts toward the license.");
    expect(refunded).not.toHaveTextContent("its license has ended");
  });

  it("links an account's certificate beside its order page", async () => {
    renderOrder("/account/orders/ABC123XYZ", [
      item(7, { license: { tier: "extended", seats: 1, key: "K", termsVersion: "2026-11", history: [] } }),
    ]);
    expect(await screen.findByText(/Extended license/)).toBeInTheDocument();
    expect(screen.getByText("· 1 seat", { exact: false })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^License certificate \(PDF\)/ })).toHaveAttribute(
      "href",
      "/account/orders/ABC123XYZ/items/7/certificate",
    );
  });
});
