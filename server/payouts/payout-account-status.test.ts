import { describe, expect, it } from "vitest";
import { payoutAccountStatus, providerNameOf } from "./payout-account-status.ts";

// The payout account as the seller reads it on the earnings page.

const submitted = {
  detailsSubmitted: true,
  payoutsEnabled: true,
  requirementsDue: [],
  requirementsDueBy: null,
  disabledReason: null,
};

describe("payoutAccountStatus", () => {
  it("asks a seller without an account to connect one", () => {
    expect(payoutAccountStatus(null, "Stripe")).toEqual({
      action: "connect",
      tone: "off",
      summary: "No payout account yet: payouts wait until you connect one.",
      needs: null,
    });
  });

  it("asks to continue a setup not finished, with what is still needed", () => {
    const status = payoutAccountStatus(
      {
        ...submitted,
        detailsSubmitted: false,
        payoutsEnabled: false,
        requirementsDue: ["your legal name", "your date of birth", "a bank account for payouts"],
        disabledReason: "information Stripe asked for is overdue.",
      },
      "Stripe",
    );
    expect(status).toEqual({
      action: "continue",
      tone: "attention",
      summary: "Setup is not finished: payouts wait until it is.",
      needs: "Stripe needs: your legal name, your date of birth and a bank account for payouts.",
    });
  });

  it("says payouts are on, and what the provider needs by when", () => {
    expect(payoutAccountStatus(submitted, "Stripe")).toEqual({
      action: "update",
      tone: "on",
      summary: "Ready: this account can receive your payouts.",
      needs: null,
    });
    const due = payoutAccountStatus(
      {
        ...submitted,
        detailsSubmitted: false,
        requirementsDue: ["your date of birth"],
        requirementsDueBy: new Date("2026-12-12T00:00:00Z"),
      },
      "Stripe",
    );
    expect(due).toEqual({
      action: "update",
      tone: "attention",
      summary: "Ready: this account can receive your payouts.",
      needs: "Stripe needs: your date of birth, by Dec 12, 2026.",
    });
  });

  it("says payouts are paused, and why, in the provider's words", () => {
    expect(
      payoutAccountStatus(
        { ...submitted, payoutsEnabled: false, disabledReason: "Stripe is checking the details you gave." },
        "Stripe",
      ),
    ).toEqual({
      action: "update",
      tone: "attention",
      summary: "Payouts are paused: Stripe is checking the details you gave.",
      needs: null,
    });
    expect(payoutAccountStatus({ ...submitted, payoutsEnabled: false }, "Test Market Payments").summary).toBe(
      "Payouts are paused: Test Market Payments is checking your details.",
    );
  });

  it("names the provider as its seller knows it", () => {
    expect(providerNameOf("stripe", "Test Market")).toBe("Stripe");
    expect(providerNameOf("hosted", "Test Market")).toBe("Test Market Payments");
  });
});
