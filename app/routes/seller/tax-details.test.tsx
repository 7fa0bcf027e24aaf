// @vitest-environment happy-dom
import { parseWithZod } from "@conform-to/zod/v4";
import { sellerTaxDetailsSchema } from "@shared/seller-tax-details-schema.ts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ShopDialogsProvider } from "~/components/layout/shop-dialogs";
import TaxDetailsPage from "./tax-details";

// The tax details page as it renders a refused submission (what a browser without JavaScript
// sees) and as the seller fills it in: each problem beside its field, and the fields that apply.

function answerTo(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return { result: parseWithZod(form, { schema: sellerTaxDetailsSchema }).reply() };
}

async function renderPage(loaderData: unknown, actionData?: unknown) {
  const path = "/seller/earnings/tax-details";
  const Stub = createRoutesStub([
    { id: "page", path, Component: TaxDetailsPage as ComponentType, loader: () => loaderData },
  ]);
  render(
    <ShopDialogsProvider>
      <Stub
        initialEntries={[path]}
        hydrationData={{ loaderData: { page: loaderData }, actionData: { page: actionData } }}
      />
    </ShopDialogsProvider>,
  );
  await screen.findByRole("button", { name: "Save tax details" });
}

/** A field's value and the problem its aria-describedby points to. */
function field(label: string) {
  const control = screen.getByLabelText(label) as HTMLInputElement;
  const problem = (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ")
    .trim();
  return { value: control.value, problem };
}

describe("the tax details page", () => {
  it("asks a new seller once, as an individual, with a date of birth until the country says otherwise", async () => {
    await renderPage({ lookOnly: false, saved: null });
    expect(screen.getByText(/We need these once, before your first payout/)).toBeInTheDocument();
    expect((screen.getByLabelText("An individual") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText("Date of birth")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Country"), "US");
    expect(screen.queryByLabelText("Date of birth")).toBeNull();
    expect(screen.getByLabelText("State")).toBeInTheDocument();
    expect(
      Array.from((screen.getByLabelText("Kind of number") as HTMLSelectElement).options).map((option) => option.value),
    ).toEqual(["us_ssn_itin", "us_ein"]);
    await userEvent.click(screen.getByLabelText(/A business/));
    expect(screen.getByLabelText("Registered name of the business")).toBeInTheDocument();
    expect(screen.getByLabelText("Business registration number (optional)")).toBeInTheDocument();
  });

  it("shows each problem of a refused form beside its field and keeps what was typed", async () => {
    const typed = {
      sellerType: "individual",
      legalName: "Léa Martin",
      addressLine1: "3 rue de la Paix",
      city: "Paris",
      country: "FR",
      taxIdKind: "eu_vat",
      taxId: "DE123",
      dateOfBirth: "",
    };
    await renderPage({ lookOnly: false, saved: null }, answerTo(typed));
    expect(field("Full legal name").value).toBe("Léa Martin");
    expect(field("Tax number")).toEqual({
      value: "DE123",
      problem:
        "Enter a VAT number with the prefix FR of the country of your address, like FR123456789. With its country prefix, like FR123456789.",
    });
    expect(field("Date of birth").problem).toContain("Enter your date of birth, like 1990-04-25.");
    expect((screen.getByLabelText("Country") as HTMLSelectElement).value).toBe("FR");
  });

  it("shows saved details for editing, and says so", async () => {
    await renderPage({
      lookOnly: false,
      saved: {
        sellerType: "business",
        legalName: "Ink Owl, LLC",
        addressLine1: "1 Market Street",
        city: "San Francisco",
        region: "CA",
        postalCode: "94103",
        country: "US",
        taxIdKind: "us_ein",
        taxId: "12-3456789",
      },
    });
    expect(screen.getByText(/Keep these up to date/)).toBeInTheDocument();
    expect(field("Registered name of the business").value).toBe("Ink Owl, LLC");
    expect(field("Tax number").value).toBe("12-3456789");
    expect((screen.getByLabelText("Kind of number") as HTMLSelectElement).value).toBe("us_ein");
    expect(screen.queryByLabelText("Date of birth")).toBeNull();
  });
});
