// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PayoutAccountSection } from "./payout-account-section";

// The earnings page's payout account: its state in words and the one button, as the loader gives them.

function renderSection(props: Parameters<typeof PayoutAccountSection>[0]) {
  const Stub = createRoutesStub([{ path: "/seller/earnings", Component: () => <PayoutAccountSection {...props} /> }]);
  render(<Stub initialEntries={["/seller/earnings"]} />);
  return screen.findByRole("region", { name: "Payout account" });
}

describe("the payout account section", () => {
  it("asks where the bank is, then connects", async () => {
    const section = await renderSection({
      status: { action: "connect", tone: "off", summary: "No payout account yet.", needs: null },
      providerName: "Stripe",
      lastResult: undefined,
      result: undefined,
    });
    expect(within(section).getByText("Not connected")).toBeTruthy();
    const country = within(section).getByLabelText("Country of your bank account") as HTMLSelectElement;
    expect(country.value).toBe("US");
    expect(within(section).getByRole("option", { name: "Germany" })).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Connect payout account" })).toBeTruthy();
    expect(within(section).getByText(/to Stripe on its own page; this shop never sees them/)).toBeTruthy();
  });

  it("says what the provider needs, by when, and offers to update without asking the country again", async () => {
    const section = await renderSection({
      status: {
        action: "update",
        tone: "attention",
        summary: "Ready: this account can receive your payouts.",
        needs: "Stripe needs: your date of birth, by Dec 12, 2026.",
      },
      providerName: "Stripe",
      lastResult: undefined,
      result: { ok: false, message: "The payment provider could not be reached." },
    });
    expect(within(section).getByText("Needs you")).toBeTruthy();
    expect(within(section).getByText("Stripe needs: your date of birth, by Dec 12, 2026.")).toBeTruthy();
    expect(within(section).queryByLabelText("Country of your bank account")).toBeNull();
    expect(within(section).getByRole("alert").textContent).toBe("The payment provider could not be reached.");
    expect(within(section).getByRole("button", { name: "Update payout account" })).toBeTruthy();
  });
});
