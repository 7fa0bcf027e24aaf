// @vitest-environment happy-dom
import type { OrderPageData } from "@server/orders/order-page.ts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { VatNumberNotice } from "./vat-number-notice";

type VatNumber = NonNullable<OrderPageData["order"]["vatNumber"]>;

const unchecked: VatNumber = { number: "MT12345634", state: "unchecked", canCheckAgain: true, refund: null };

function renderNotice(vatNumber: VatNumber, answer: unknown = null) {
  const sent: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: "/orders/ABC123XYZ",
      Component: () => <VatNumberNotice vatNumber={vatNumber} />,
      action: async ({ request }) => {
        sent.push(await request.formData());
        return answer;
      },
    },
  ]);
  render(<Stub initialEntries={["/orders/ABC123XYZ?access=tok-en"]} />);
  return sent;
}

describe("a business buyer's VAT number on the order page", () => {
  it("not confirmed yet: says the VAT comes back once it is, and asks VIES again with the button", async () => {
    const user = userEvent.setup();
    const sent = renderNotice(unchecked, {
      ok: true,
      message: "Your VAT number could not be checked just now (Malta's register did not answer).",
    });
    expect(
      await screen.findByText(/Your VAT number MT12345634 has not been confirmed by VIES yet, so you paid VAT/),
    ).toHaveTextContent("The VAT will be refunded once the number is confirmed");
    await user.click(screen.getByRole("button", { name: "Check my VAT number again" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Malta's register did not answer");
    expect(sent.map((form) => form.get("intent"))).toEqual(["vat-recheck"]);
  });

  it("confirmed later: says the VAT was refunded, how much and when, with no button", async () => {
    renderNotice({
      ...unchecked,
      state: "refunded",
      canCheckAgain: false,
      refund: { amountCents: 365, refundedAt: "2026-11-30T10:00:00.000Z" },
    });
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Your VAT number MT12345634 was confirmed after your order: the VAT, $3.65, was refunded on Nov 30, 2026.",
    );
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("unknown to VIES: says the VAT stays", async () => {
    renderNotice({ ...unchecked, state: "not-registered", canCheckAgain: false });
    expect(await screen.findByRole("status")).toHaveTextContent("the VAT on this order stays charged");
  });

  it("confirmed at the checkout: nothing more to say", () => {
    renderNotice({ ...unchecked, state: "confirmed", canCheckAgain: false });
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
