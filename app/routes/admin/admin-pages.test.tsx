// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import MessagesPage from "./messages";
import OverviewPage from "./overview";
import ProductsPage from "./products";

// The admin pages as they render what their loaders return (the loaders and actions call the
// domain functions tested in server/admin).

function renderPage(path: string, Page: ComponentType<never>, loaderData: unknown) {
  const Stub = createRoutesStub([
    { path: path.split("?")[0]!, Component: Page as ComponentType, loader: () => loaderData },
  ]);
  render(<Stub initialEntries={[path]} />);
}

describe("the overview", () => {
  it("shows the figures as cards, the waiting work linking to its page", async () => {
    renderPage("/admin", OverviewPage, {
      figures: {
        money: {
          salesCents: 123456,
          listSalesCents: 150000,
          platformCents: 37037,
          refundedCents: 999,
          paidOrders: 42,
          recentSalesCents: 5000,
        },
        sellers: { active: 7, suspended: 1, removed: 0 },
        products: { published: 100_000, hidden: 3, draft: 12 },
        waiting: { applications: 2, refunds: 0, appeals: 1, messages: 5 },
      },
      openReports: 4,
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Admin console" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Overview" })).toBeInTheDocument();
    const sales = screen.getByRole("region", { name: "Sales" });
    // What was paid after discounts beside the list prices, and the fees of what was paid.
    const figure = (label: string) => within(sales).getByText(label).closest("li")!;
    expect(figure("Sales, paid after discounts")).toHaveTextContent("$1,234.56");
    expect(figure("Sales at list prices")).toHaveTextContent("$1,500.00");
    expect(figure("Platform fees (30%)")).toHaveTextContent("$370.37");
    expect(within(sales).getByText("$370.37")).toBeInTheDocument();
    expect(within(sales).getByText("$9.99")).toBeInTheDocument();
    const waiting = screen.getByRole("region", { name: "Waiting for you" });
    expect(within(waiting).getByRole("link", { name: /Contact messages/ })).toHaveAttribute("href", "/admin/messages");
    expect(within(waiting).getByRole("link", { name: /Contact messages\s*5/ })).toBeInTheDocument();
    expect(within(waiting).getByRole("link", { name: /Refund requests/ })).toHaveAttribute("href", "/admin/refunds");
    expect(within(waiting).getByRole("link", { name: /Reported listings\s*4/ })).toHaveAttribute(
      "href",
      "/admin/reports",
    );
    expect(screen.getByText("100,000")).toBeInTheDocument();
  });
});

describe("the contact messages", () => {
  const message = {
    id: 7,
    name: "Ada Buyer",
    email: "ada@example.com",
    subject: "Where is my file?",
    message: "The link does not open.",
    createdAt: "2026-01-02T09:30:00.000Z",
    handledAt: null,
    handledByName: null,
  };

  it("offers a reply by email on the same subject and Mark as handled; pages on", async () => {
    renderPage("/admin/messages", MessagesPage, { view: "open", page: 1, hasNext: true, messages: [message] });
    expect(await screen.findByRole("heading", { level: 3, name: "Where is my file?" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "ada@example.com" })).toHaveAttribute(
      "href",
      "mailto:ada@example.com?subject=Re%3A%20Where%20is%20my%20file%3F",
    );
    expect(screen.getByRole("button", { name: "Mark as handled" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/admin/messages?page=2");
  });

  it("shows who handled a message, with no button", async () => {
    renderPage("/admin/messages?show=handled", MessagesPage, {
      view: "handled",
      page: 1,
      hasNext: false,
      messages: [{ ...message, handledAt: "2026-01-03T10:00:00.000Z", handledByName: "Sam Admin" }],
    });
    expect(await screen.findByText(/Handled .* by Sam Admin/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark as handled" })).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Message pages" })).toBeNull();
  });
});

describe("product moderation", () => {
  const product = {
    priceCents: 1299,
    hiddenBy: null,
    hiddenNote: null,
    creatorName: "Paper Fox",
    creatorSlug: "paper-fox",
    creatorStanding: "active",
  };

  it("links published products, offers Hide with a labelled note, and Restore only for moderation", async () => {
    renderPage("/admin/products?q=fox&page=2", ProductsPage, {
      query: { query: "fox", status: "all", page: 2 },
      hasNext: false,
      products: [
        { ...product, id: 1, title: "Weekly Planner", status: "published" },
        { ...product, id: 2, title: "Copied Poster", status: "hidden", hiddenBy: "moderation", hiddenNote: "Copied." },
        { ...product, id: 3, title: "Suspended Thing", status: "hidden", hiddenBy: "suspension" },
      ],
    });
    expect(await screen.findByRole("link", { name: "Weekly Planner" })).toHaveAttribute("href", "/product/1");
    expect(screen.getByRole("searchbox", { name: "Title or creator" })).toHaveValue("fox");
    expect(screen.getAllByText("$12.99")).toHaveLength(3);
    expect(screen.getAllByRole("textbox", { name: /Note for the seller/ })).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: "Restore" })).toHaveLength(1);
    expect(screen.getByText(/Copied\./)).toBeInTheDocument();
    expect(screen.getByText(/Hidden with its shop/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Copied Poster" })).toBeNull();
    expect(screen.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/admin/products?q=fox");
  });
});
