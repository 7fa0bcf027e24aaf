// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LedgerTable, PayoutList, PayoutOutlook } from "./earnings-sections";

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

const quiet = { availableCents: 0, pendingCents: 0, pendingReleases: [], reserveCents: 0, reserve: null, hold: null };

describe("the seller's payout outlook on Earnings", () => {
  it("says when and how much the next payout is", () => {
    render(
      <PayoutOutlook
        balance={{ ...quiet, availableCents: 4_200 }}
        nextPayout={{ state: "scheduled", friday: "2026-12-04", amountCents: 4_200 }}
      />,
    );
    expect(screen.getByText("Next payout: $42.00 on Friday, Dec 4, 2026.")).toBeTruthy();
  });

  it("says a hold and its reason, what waits and until when, and what a reserve keeps back", () => {
    render(
      <PayoutOutlook
        balance={{
          availableCents: 5_000,
          pendingCents: 3_000,
          pendingReleases: [
            { on: "2026-12-10", cents: 1_000 },
            { on: "2026-12-20", cents: 2_000 },
          ],
          reserveCents: 500,
          reserve: { basisPoints: 1_000, reason: "A new seller with few sales." },
          hold: { reason: "We are checking a run of refunds.", heldAt: "2026-11-28T10:00:00.000Z" },
        }}
        nextPayout={{ state: "held", reason: "We are checking a run of refunds." }}
      />,
    );
    expect(screen.getByText("Your payouts are on hold.")).toBeTruthy();
    expect(screen.getByRole("note").textContent).toBe("Reason: We are checking a run of refunds.");
    const terms = [...document.querySelectorAll("dt")].map((term) => term.textContent);
    expect(terms).toEqual([
      "Waiting: recent sales, available from Dec 10, 2026 (the last on Dec 20, 2026)",
      "Reserve kept back (10%): A new seller with few sales.",
    ]);
    expect(screen.getByText("$5.00")).toBeTruthy();
  });

  it("says why there is no payout: under the minimum, or nowhere to pay", () => {
    const { rerender } = render(
      <PayoutOutlook
        balance={{ ...quiet, availableCents: 2_100 }}
        nextPayout={{ state: "below-minimum", friday: "2026-12-04", payableCents: 2_100 }}
      />,
    );
    expect(screen.getByText("No payout on Dec 4, 2026: payouts start at $25.00.")).toBeTruthy();
    rerender(
      <PayoutOutlook
        balance={{ ...quiet, availableCents: 2_600 }}
        nextPayout={{ state: "no-destination", friday: "2026-12-04", amountCents: 2_600 }}
      />,
    );
    expect(screen.getByText("Add where to pay you to be paid $26.00 on Dec 4, 2026.")).toBeTruthy();
  });
});

describe("the seller's payouts on Earnings", () => {
  const payout = {
    id: 1,
    weekOf: "2026-11-27",
    fundsAvailableOn: "2026-12-02",
    amountCents: 2_800,
    status: "sent" as const,
    failureReason: null,
    returnedCents: 0,
  };

  it("says where each went in the seller's words: the account at the provider, not its id there; a manual payout's destination", () => {
    render(
      <PayoutList
        providerName="Stripe"
        payouts={[
          { ...payout, rail: "transfer", method: "direct_deposit", destination: "acct_1Q2w3E4r5T6y7U8i" },
          {
            ...payout,
            id: 2,
            weekOf: "2026-11-20",
            rail: "manual",
            method: "paypal",
            destination: "ana@example.com",
          },
        ]}
      />,
    );
    const [transfer, manual] = within(screen.getByRole("region", { name: "Payouts" })).getAllByRole("listitem");
    expect(transfer!.textContent).toBe("Nov 27, 2026 · To your Stripe account$28.00, sent, available Dec 2, 2026");
    expect(manual!.textContent).toContain("Nov 20, 2026 · PayPal (ana@example.com)");
  });
});
