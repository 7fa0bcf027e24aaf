// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LedgerTable } from "./earnings-sections";

// The Earnings page's ledger as it renders sellerLedger's rows (their sums are tested in server/payouts).

const sale = {
  id: 1,
  kind: "sale" as const,
  createdAt: "2026-11-20T10:00:00.000Z",
  title: "Budget Planner",
  orderNumber: "ABC123XYZ",
  // $20.00 listed, $5.00 off with a code: $15.00 paid, the platform's $4.50 and the seller's $10.50.
  listPriceCents: 2000,
  paidCents: 1500,
  platformCents: 450,
  amountCents: 1050,
};

describe("the seller's ledger", () => {
  it("shows each row's list price and what was paid side by side, then the fee and the seller's share of what was paid", () => {
    render(
      <LedgerTable
        entries={[
          { ...sale, id: 2, kind: "refund", amountCents: -1050 },
          sale,
          {
            ...sale,
            id: 3,
            kind: "payout",
            title: null,
            orderNumber: null,
            listPriceCents: null,
            paidCents: null,
            platformCents: null,
            amountCents: -2500,
          },
        ]}
      />,
    );
    const table = screen.getByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    expect(headers).toEqual(["Date", "What", "List price", "Paid", "Platform fee (30%)", "You"]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    const [refund, bought, payout] = within(table).getAllByRole("row").slice(1);
    expect(cells(bought!).slice(2)).toEqual(["$20.00", "$15.00", "$4.50", "$10.50"]);
    expect(cells(refund!).slice(2)).toEqual(["$20.00", "$15.00", "$4.50", "-$10.50"]);
    expect(cells(payout!).slice(2)).toEqual(["", "", "", "-$25.00"]);
  });
});
