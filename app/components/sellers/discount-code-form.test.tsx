// @vitest-environment happy-dom
import { parseWithZod } from "@conform-to/zod/v4";
import { discountCodeSchema } from "@shared/discount-code-schema.ts";
import { render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import AdminDiscountsPage from "~/routes/admin/discounts";
import SellerDiscountsPage from "~/routes/seller/discounts";
import type { DiscountCodeRow } from "./discount-code-table";

// The discount pages as they render: the form (its constraints read from the shared schema, the
// action's reply beside each field with what was typed) and the table of codes.

const TAKEN = "This code is already taken. Choose another.";

async function renderPage(path: string, Page: ComponentType<never>, loaderData: unknown, actionData?: unknown) {
  const Stub = createRoutesStub([{ id: "page", path, Component: Page as ComponentType, loader: () => loaderData }]);
  render(
    <Stub
      initialEntries={[path]}
      hydrationData={{ loaderData: { page: loaderData }, actionData: { page: actionData } }}
    />,
  );
  await screen.findAllByRole("button");
}

/** The problem a control's aria-describedby points to, hints included. */
function descriptionOf(control: HTMLElement) {
  return (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
}

const row = (changes: Partial<DiscountCodeRow>): DiscountCodeRow => ({
  id: 1,
  code: "SPRING20",
  kind: "percent",
  value: 20,
  productTitles: null,
  firstDay: null,
  lastDay: null,
  uses: 0,
  maxUses: null,
  oncePerBuyer: false,
  status: "active",
  ...changes,
});

const products = [
  { id: 1, title: "Digital Planner Bundle" },
  { id: 2, title: "Botanical Poster" },
];

describe("a seller's discount codes page", () => {
  it("shows a taken code beside the code field and keeps everything typed, products ticked too", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      code: "spring20",
      kind: "amount",
      value: "5",
      appliesTo: "some",
      productIds: "2",
      maxUses: "10",
      oncePerBuyer: "on",
    })) {
      form.append(name, value);
    }
    const reply = parseWithZod(form, { schema: discountCodeSchema }).reply({ fieldErrors: { code: [TAKEN] } });
    await renderPage("/seller/discounts", SellerDiscountsPage, { codes: [], products }, { result: reply });

    const code = screen.getByLabelText("Code") as HTMLInputElement;
    expect(code.value).toBe("spring20");
    expect(descriptionOf(code)).toContain(TAKEN);
    expect((screen.getByLabelText("Amount off (USD)") as HTMLInputElement).value).toBe("5");
    expect((screen.getByRole("radio", { name: "Some products" }) as HTMLInputElement).checked).toBe(true);
    const picker = screen.getByRole("group", { name: "Products" });
    expect((within(picker).getByRole("checkbox", { name: "Botanical Poster" }) as HTMLInputElement).checked).toBe(true);
    expect((within(picker).getByRole("checkbox", { name: "Digital Planner Bundle" }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((screen.getByLabelText("Total uses (optional)") as HTMLInputElement).value).toBe("10");
    expect((screen.getByRole("checkbox", { name: "Once per buyer" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("No codes yet. Make one above and share it with your buyers.")).toBeInTheDocument();
  });

  it("offers no product list until Some products is chosen", async () => {
    await renderPage("/seller/discounts", SellerDiscountsPage, { codes: [], products });
    expect((screen.getByRole("radio", { name: "All your products" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole("group", { name: "Products" })).toBeNull();
    expect(screen.getByLabelText("Percent off")).toBeInTheDocument();
  });

  it("lists each code: what it takes off, products, dates, uses, status, and End code unless it has ended", async () => {
    await renderPage("/seller/discounts", SellerDiscountsPage, {
      products,
      codes: [
        row({ id: 1, code: "SPRING20", uses: 3, maxUses: 10, oncePerBuyer: true }),
        row({
          id: 2,
          code: "FIVE",
          kind: "amount",
          value: 500,
          productTitles: ["Botanical Poster"],
          uses: 3,
          firstDay: "2099-01-01T00:00:00.000Z",
          lastDay: "2099-01-31T00:00:00.000Z",
          status: "scheduled",
        }),
        row({ id: 3, code: "OLD", status: "ended" }),
        row({ id: 4, code: "GONE", uses: 1, maxUses: 1, status: "used-up" }),
      ],
    });
    const table = screen.getByRole("region", { name: "Your discount codes" });
    const cells = (code: string) =>
      within(within(table).getByRole("cell", { name: code }).closest("tr")!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(cells("SPRING20")).toEqual([
      "SPRING20",
      "20% off",
      "All your products",
      "Any time",
      "3 of 10 used",
      "Yes",
      "ActiveEnd code SPRING20",
    ]);
    expect(cells("FIVE")).toEqual([
      "FIVE",
      "$5.00 off",
      "Botanical Poster",
      "Jan 1, 2099 to Jan 31, 2099",
      "3 used",
      "No",
      "ScheduledEnd code FIVE",
    ]);
    expect(cells("OLD").at(-1)).toBe("Ended");
    expect(cells("GONE").at(-1)).toBe("Used upEnd code GONE");
  });
});

describe("the admins' site-wide sales page", () => {
  it("has no product choice: a sale is for every product", async () => {
    await renderPage("/admin/discounts", AdminDiscountsPage, { codes: [row({ code: "BLACKFRIDAY" })] });
    expect(screen.queryByRole("group", { name: "Applies to" })).toBeNull();
    expect((document.querySelector('input[name="appliesTo"]') as HTMLInputElement).value).toBe("all");
    expect(screen.getByRole("button", { name: "Make sale" })).toBeInTheDocument();
    const table = screen.getByRole("region", { name: "Site-wide sales" });
    expect(within(table).queryByRole("columnheader", { name: "Products" })).toBeNull();
    expect(within(table).getByRole("button", { name: "End code BLACKFRIDAY" })).toBeInTheDocument();
  });
});
