// @vitest-environment happy-dom
import type { OrderPageData } from "@server/orders/order-page.ts";
import { act, render, screen, within } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONFIRMATION_WAIT_MS, OrderPage } from "./order-details";

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
  taxLabel: "Tax (8%)",
  taxIncluded: false,
  waivedTaxCents: 0,
  totalCents: 10798,
  failureReason: null,
  paymentUrl: null,
  payAgainKey: null,
  refundDeadline: null,
  vatNumber: null,
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

function renderOrder(url: string, items: OrderPageData["items"], documents: OrderPageData["documents"] = []) {
  const path = url.split("?")[0]!;
  const Stub = createRoutesStub([
    { path, Component: () => <OrderPage data={{ order, items, documents, withdrawal: null }} /> },
  ]);
  render(<Stub initialEntries={[url]} />);
}

describe("an order page's invoice and credit notes", () => {
  it("links each as a PDF beside the order's address, with a guest's link token, and says nothing when there are none", async () => {
    renderOrder(
      "/orders/ABC123XYZ?access=tok-en_1",
      [item(5)],
      [
        { kind: "invoice", code: "INV-000042", issuedAt: "2026-11-24T12:01:00.000Z" },
        { kind: "credit_note", code: "CN-000007", issuedAt: "2026-11-26T09:00:00.000Z" },
      ],
    );
    const section = await screen.findByRole("region", { name: "Invoice and credit notes" });
    expect(within(section).getByRole("link", { name: "Invoice INV-000042 (PDF)" })).toHaveAttribute(
      "href",
      "/orders/ABC123XYZ/invoices/INV-000042?access=tok-en_1",
    );
    expect(within(section).getByRole("link", { name: "Credit note CN-000007 (PDF)" })).toBeInTheDocument();
    expect(section).toHaveTextContent("of Nov 26, 2026");
  });

  it("is headed Invoice while there is no credit note", async () => {
    renderOrder(
      "/account/orders/ABC123XYZ",
      [item(5)],
      [{ kind: "invoice", code: "INV-000042", issuedAt: "2026-11-24T12:01:00.000Z" }],
    );
    const section = await screen.findByRole("region", { name: "Invoice" });
    expect(within(section).getByRole("link", { name: "Invoice INV-000042 (PDF)" })).toHaveAttribute(
      "href",
      "/account/orders/ABC123XYZ/invoices/INV-000042",
    );
  });

  it("is not shown for an order without any (not paid yet)", async () => {
    renderOrder("/account/orders/ABC123XYZ", [item(5)]);
    await screen.findAllByRole("listitem");
    expect(screen.queryByRole("region", { name: /^Invoice/ })).toBeNull();
  });
});

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

describe("an order page the payment provider sent the buyer back to (?placed=1)", () => {
  const unpaid: OrderPageData["order"] = {
    ...order,
    status: "pending_payment",
    paidAt: null,
    receiptSentAt: null,
    paymentUrl: "/pay/hps_1",
  };
  const file = {
    fileId: 1,
    fileName: "poster.pdf",
    sizeBytes: 2048,
    url: "/downloads/t1",
    version: 1,
    versionUploadedAt: "2026-11-24T12:00:00.000Z",
    updated: false,
  };

  /** The order page with a loader answering each of `answers` in turn (the last one from then on). */
  function renderWithLoader(url: string, answers: OrderPageData[]) {
    let calls = 0;
    const loader = () => answers[Math.min(calls++, answers.length - 1)]!;
    const Page = () => <OrderPage data={useLoaderData() as OrderPageData} />;
    const Stub = createRoutesStub([{ path: "/account/orders/:number", Component: Page, loader }]);
    render(<Stub initialEntries={[url]} />);
    return { loads: () => calls };
  }

  afterEach(() => vi.useRealTimers());

  it("says the payment is being confirmed, offers no Pay now, and shows the downloads once the order is paid", async () => {
    const paidItem = item(5, { files: [file] });
    renderWithLoader("/account/orders/ABC123XYZ?placed=1", [
      { order: unpaid, withdrawal: null, documents: [], items: [item(5, { license: null, hasCertificate: false })] },
      { order: unpaid, withdrawal: null, documents: [], items: [item(5, { license: null, hasCertificate: false })] },
      {
        order: { ...unpaid, status: "paid", paymentUrl: null, paidAt: order.paidAt },
        withdrawal: null,
        documents: [],
        items: [paidItem],
      },
    ]);
    expect(await screen.findByText("Payment received, confirming...")).toBeInTheDocument();
    expect(screen.getByText("Confirming payment")).toBeInTheDocument();
    expect(screen.queryByText("Awaiting payment")).toBeNull();
    expect(screen.queryByRole("link", { name: "Pay now" })).toBeNull();
    // No reload: the page checks again by itself until the order is paid.
    expect(await screen.findByText("Paid", {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download poster.pdf" })).toBeInTheDocument();
    expect(screen.queryByText("Payment received, confirming...")).toBeNull();
  });

  it("stops checking after a minute and says the receipt will be emailed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { loads } = renderWithLoader("/account/orders/ABC123XYZ?placed=1", [
      { order: unpaid, withdrawal: null, documents: [], items: [item(5)] },
    ]);
    expect(await screen.findByText("Payment received, confirming...")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CONFIRMATION_WAIT_MS + 1000));
    expect(
      await screen.findByText(/^Confirming your payment is taking longer than usual\. We will email your receipt/),
    ).toHaveTextContent("ann@example.com");
    const checked = loads();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(loads()).toBe(checked);
    expect(screen.queryByRole("link", { name: "Pay now" })).toBeNull();
  });

  it("without ?placed, an unpaid order says so and offers Pay now", async () => {
    renderWithLoader("/account/orders/ABC123XYZ", [
      { order: unpaid, withdrawal: null, documents: [], items: [item(5)] },
    ]);
    expect(await screen.findByText("This order has not been paid yet. Nothing has been charged.")).toBeInTheDocument();
    expect(screen.getByText("Awaiting payment")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Pay now" })).toHaveAttribute("href", "/pay/hps_1");
  });
});
