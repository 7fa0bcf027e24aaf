// @vitest-environment happy-dom
import { parseWithZod } from "@conform-to/zod/v4";
import { payoutOnboardingSchema } from "@shared/payout-account-schema.ts";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import PayoutOnboardingPage from "./pay-onboarding";

// The payout stand-in's onboarding page as it renders its loader's data and its action's answers
// (what a browser without JavaScript sees): labelled fields, the bank fields of the country, each
// problem tied to its field, a spent link's way back.

const page: {
  shopName: string;
  displayName: string;
  email: string;
  country: string;
  legalName: string | null;
  bankLast4: string | null;
  returnUrl: string;
} = {
  shopName: "Test Market",
  displayName: "Paper Fox",
  email: "fox@example.com",
  country: "US",
  legalName: null,
  bankLast4: null,
  returnUrl: "http://shop.test/seller/payout-account/return",
};

async function renderPage(loaderData: typeof page, actionData?: unknown) {
  const path = "/pay/onboarding/token";
  const Stub = createRoutesStub([
    { id: "page", path, Component: PayoutOnboardingPage as never, loader: () => loaderData },
  ]);
  render(
    <Stub
      initialEntries={[path]}
      hydrationData={{ loaderData: { page: loaderData }, ...(actionData ? { actionData: { page: actionData } } : {}) }}
    />,
  );
  await screen.findByRole("heading", { name: "Set up payouts" });
}

/** A field's value and the text its aria-describedby points to (its hint and its problem). */
function field(label: string) {
  const control = screen.getByLabelText(label) as HTMLInputElement;
  const described = (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ")
    .trim();
  return { value: control.value, described, invalid: control.getAttribute("aria-invalid") };
}

describe("the payout onboarding page", () => {
  it("asks a US seller for the legal name, country, routing and account number, and lists the test accounts", async () => {
    await renderPage(page);
    expect(screen.getByText("Test Market Payments")).toBeTruthy();
    expect(screen.getByText("Test mode")).toBeTruthy();
    expect(field("Legal name")).toMatchObject({ value: "", described: "As your bank knows it." });
    expect((screen.getByLabelText("Country of your bank account") as HTMLSelectElement).value).toBe("US");
    expect(screen.getByLabelText("Routing number")).toBeTruthy();
    expect(screen.getByLabelText("Account number")).toBeTruthy();
    expect(screen.queryByLabelText("IBAN")).toBeNull();
    const tests = screen.getByText("Test bank accounts").closest("details")!;
    expect(within(tests).getByText("000111111116").parentElement!.textContent).toContain(
      "is refused by the bank: payouts stay paused",
    );
    expect(screen.getByRole("button", { name: "Save and return to Test Market" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Test Market without saving" }).getAttribute("href")).toBe(
      page.returnUrl,
    );
  });

  it("asks elsewhere for an IBAN, says which account it has, and ties a refusal to the field with what was typed", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      legalName: "Ada Lovelace",
      country: "DE",
      iban: "DE44 5001 0517 5407 3249 31",
    })) {
      form.append(name, value);
    }
    const refused = "This is a test onboarding page: use one of the test bank accounts shown.";
    const result = parseWithZod(form, { schema: payoutOnboardingSchema }).reply({ fieldErrors: { iban: [refused] } });
    await renderPage({ ...page, country: "DE", legalName: "Ada Lovelace", bankLast4: "3000" }, { result });
    expect(screen.queryByLabelText("Routing number")).toBeNull();
    expect(field("IBAN")).toEqual({
      value: "DE44 5001 0517 5407 3249 31",
      described: `${refused} Now: the account ending 3000. Enter it again, or another one.`,
      invalid: "true",
    });
    expect(field("Legal name").value).toBe("Ada Lovelace");
  });

  it("says a spent link saved nothing, and links back to the shop for a new one", async () => {
    await renderPage(page, { reason: "This link has expired or was already used.", refreshUrl: "http://shop.test/r" });
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("This link has expired or was already used.");
    expect(within(alert).getByRole("link", { name: "Start again" }).getAttribute("href")).toBe("http://shop.test/r");
  });
});
