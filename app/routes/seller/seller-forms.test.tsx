// @vitest-environment happy-dom
import { parseWithZod } from "@conform-to/zod/v4";
import { appealSchema } from "@shared/appeal-schema.ts";
import { creatorProfileSchema } from "@shared/creator-profile-schema.ts";
import { payoutSettingsSchema } from "@shared/payout-settings-schema.ts";
import { productFormSchema } from "@shared/product-schema.ts";
import { sellerApplicationSchema } from "@shared/seller-application-schema.ts";
import { render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ShopDialogsProvider } from "~/components/layout/shop-dialogs";
import BecomeSeller from "../become-seller";
import EarningsPage from "./earnings";
import NewProductPage from "./product-new";
import ProfilePage from "./profile";
import StandingPage from "./standing";

// The seller forms as they render the action's answer to a submission that did not pass (what a
// browser without JavaScript sees): each field's problem beside it, and what was typed kept.

/** What an action answers for `fields`: `submission.reply()` of the form's schema. */
function answerTo(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return { result: parseWithZod(form, { schema }).reply() };
}

async function renderAnswered(path: string, Page: ComponentType<never>, loaderData: unknown, actionData: unknown) {
  const Stub = createRoutesStub([{ id: "page", path, Component: Page as ComponentType, loader: () => loaderData }]);
  render(
    <ShopDialogsProvider>
      <Stub
        initialEntries={[path]}
        hydrationData={{ loaderData: { page: loaderData }, actionData: { page: actionData } }}
      />
    </ShopDialogsProvider>,
  );
  await screen.findAllByRole("button");
}

/** A field's value and the problem its aria-describedby points to. */
function field(label: string) {
  const control = screen.getByLabelText(label) as HTMLInputElement;
  const problem = (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join("");
  return { value: control.value, problem };
}

describe("a seller form that did not pass", () => {
  it("the application shows each field's problem and keeps what was typed", async () => {
    await renderAnswered(
      "/become-seller",
      BecomeSeller,
      { signedIn: true, isSeller: false, application: null, figures: { sellerStats: [], customers: null } },
      answerTo(sellerApplicationSchema, { shopName: "A", bio: "Too short.", sampleUrl: "portfolio.example" }),
    );
    expect(field("Shop or creator name")).toEqual({
      value: "A",
      problem: "Your shop name needs at least 2 characters.",
    });
    expect(field("About you").problem).toMatch(/at least 30 characters/);
    expect(field("A sample of your work (link)")).toMatchObject({ value: "portfolio.example" });
    expect(field("A sample of your work (link)").problem).toMatch(/^Share a link to a sample/);
    expect(field("Website (optional)").problem).toBe("");
    expect(screen.getByText("Please accept the seller guidelines.")).toBeInTheDocument();
  });

  it("the product form shows each field's problem and keeps what was typed", async () => {
    await renderAnswered(
      "/seller/products/new",
      NewProductPage,
      { categories: [{ id: 1, name: "Planners" }] },
      answerTo(productFormSchema, { intent: "save", title: "ab", price: "12,5", pages: "-3" }),
    );
    expect(field("Title")).toEqual({ value: "ab", problem: "The title needs at least 3 characters." });
    expect(field("Description").problem).toBe("Describe the product in at least 20 characters.");
    expect(field("Category").problem).toBe("Choose a category.");
    expect(field("Price (USD)")).toEqual({ value: "12,5", problem: "Enter the price in dollars, like 12.99." });
    expect(field("Pages")).toEqual({ value: "-3", problem: "Pages must be a whole number above 0." });
  });

  it("the creator profile shows the website's problem and keeps the location typed", async () => {
    const profile = { name: "N", slug: "n", specialty: "", bio: "", location: "", website: null, avatarUrl: null };
    await renderAnswered(
      "/seller/profile",
      ProfilePage,
      { profile },
      answerTo(creatorProfileSchema, { location: "Lisbon", website: "nope" }),
    );
    expect(field("Location")).toEqual({ value: "Lisbon", problem: "" });
    expect(field("Website").problem).toMatch(/^Your website must be a full address/);
  });

  it("payout settings keep the method chosen", async () => {
    await renderAnswered(
      "/seller/earnings",
      EarningsPage,
      {
        balance: {
          availableCents: 0,
          pendingCents: 0,
          pendingReleases: [],
          reserveCents: 0,
          reserve: null,
          hold: null,
        },
        nextPayout: { state: "below-minimum", friday: "2026-12-04", payableCents: 0 },
        entries: [],
        payouts: [],
        settings: null,
        tax: { state: "missing" },
        payoutAccount: {
          status: { action: "connect", tone: "off", summary: "No payout account yet.", needs: null },
          providerName: "Stripe",
        },
      },
      answerTo(payoutSettingsSchema, { method: "bank_transfer", accountLast4: "12" }),
    );
    expect((screen.getByLabelText("Bank transfer (US)") as HTMLInputElement).checked).toBe(true);
    expect(field("Last 4 digits of your bank account")).toEqual({
      value: "12",
      problem: "Enter the last 4 digits of your bank account.",
    });
  });

  it("an appeal's problem shows beside the appeal sent, not the other actions'", async () => {
    const action = {
      id: 5,
      step: "warning",
      reason: "Listing photos copied from another shop.",
      issuedAt: "2026-11-02T10:00:00.000Z",
      fixBy: null,
      endsAt: null,
      revokedAt: null,
      appealBy: "2026-11-09T10:00:00.000Z",
      canAppeal: true,
      appeal: null,
    };
    await renderAnswered(
      "/seller/standing",
      StandingPage,
      { standing: "active", suspendedUntil: null, warningFixBy: null, actions: [action, { ...action, id: 6 }] },
      answerTo(appealSchema, { actionId: "6", message: "Too short." }),
    );
    const [other, sent] = screen.getAllByLabelText("Appeal this action") as HTMLTextAreaElement[];
    expect(other!.value).toBe("");
    expect(other!.getAttribute("aria-invalid")).toBeNull();
    expect(sent!.value).toBe("Too short.");
    expect(document.getElementById(`${sent!.id.replace(/-message$/, "")}-message-error`)).toHaveTextContent(
      "Please explain your appeal in at least 20 characters.",
    );
  });
});
