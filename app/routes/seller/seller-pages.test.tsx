// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import SellerDashboard from "./dashboard";
import EditProductPage from "./product-edit";
import StandingPage from "./standing";

// The seller pages as they render what their loaders return (the loaders call the domain
// functions tested in server/sellers and server/moderation).

function renderPage(path: string, Page: ComponentType<never>, loaderData: unknown) {
  const Stub = createRoutesStub([
    { path: path.split("?")[0]!, Component: Page as ComponentType, loader: () => loaderData },
  ]);
  render(<Stub initialEntries={[path]} />);
}

const warning = {
  id: 5,
  step: "warning",
  reason: "Listing photos copied from another shop.",
  issuedAt: "2026-11-02T10:00:00.000Z",
  fixBy: "2026-11-09T10:00:00.000Z",
  endsAt: null,
  revokedAt: null,
  appealBy: "2026-11-09T10:00:00.000Z",
  canAppeal: true,
  appeal: null,
};

describe("Account standing", () => {
  it("is not 'good standing' while a warning is to be fixed: it says by when", async () => {
    renderPage("/seller/standing", StandingPage, {
      standing: "active",
      suspendedUntil: null,
      warningFixBy: warning.fixBy,
      actions: [warning],
    });
    const card = (await screen.findByRole("heading", { level: 2, name: /^Account standing/ })).parentElement!;
    expect(card).not.toHaveTextContent("good standing");
    expect(card).toHaveTextContent("Your shop has a warning: please fix the issue by Nov 9, 2026.");
    expect(within(card).getByText("Warning")).toBeInTheDocument();
  });

  it("is good standing once no warning waits to be fixed", async () => {
    renderPage("/seller/standing", StandingPage, {
      standing: "active",
      suspendedUntil: null,
      warningFixBy: null,
      actions: [{ ...warning, canAppeal: false }],
    });
    expect(await screen.findByText(/Your shop is in good standing/)).toBeInTheDocument();
    expect(screen.getByText("Active")).toBeInTheDocument();
  });
});

const card = {
  priceCents: 1299,
  imageUrl: null,
  creatorName: "Paper Fox",
  rating: 0,
  reviewCount: 0,
};

describe("a product the platform hid", () => {
  it("says why in the seller's list of products", async () => {
    renderPage("/seller", SellerDashboard, {
      seller: true,
      creatorName: "Paper Fox",
      followers: 3,
      notice: null,
      products: [
        { ...card, id: 1, title: "Weekly Planner", status: "published", hiddenBy: null, hiddenNote: null },
        { ...card, id: 2, title: "Copied Poster", status: "hidden", hiddenBy: "moderation", hiddenNote: "Copied art." },
      ],
    });
    const hidden = (await screen.findByRole("link", { name: "Copied Poster" })).closest("li")!;
    expect(within(hidden).getByText("Hidden by the platform: Copied art.")).toBeInTheDocument();
    const published = screen.getByRole("link", { name: "Weekly Planner" }).closest("li")!;
    expect(within(published).queryByText(/Hidden/)).toBeNull();
  });

  const editor = (hiddenBy: string, hiddenNote: string) => ({
    product: {
      id: 2,
      title: "Copied Poster",
      description: "A poster.",
      categoryId: 1,
      tags: [],
      format: "PNG",
      priceCents: 1299,
      originalPriceCents: null,
      features: [],
      whatYouGet: [],
      pages: null,
      prints: null,
      templates: null,
      durationMinutes: null,
      status: "hidden",
      hiddenBy,
      hiddenNote,
    },
    images: [],
    files: [],
    categories: [{ id: 1, name: "Wall Art", slug: "wall-art" }],
    created: false,
  });

  it("has no Publish button in its editor: the note says why it is hidden and how to get it looked at again", async () => {
    renderPage("/seller/products/2", EditProductPage, editor("moderation", "The cover is copied."));
    expect(await screen.findByText("Hidden by the platform: The cover is copied.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Publish" })).toBeNull();
    expect(screen.getByRole("button", { name: "Delete" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact");
  });

  it("hidden with a suspended shop, points to the Account standing page, where the action can be appealed", async () => {
    renderPage("/seller/products/2", EditProductPage, editor("suspension", "Hidden while your shop is suspended."));
    expect(await screen.findByText("Hidden while your shop is suspended.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Publish" })).toBeNull();
    expect(screen.getByRole("link", { name: "See your account standing" })).toHaveAttribute("href", "/seller/standing");
  });
});
