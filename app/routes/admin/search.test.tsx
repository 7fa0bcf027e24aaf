// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import SearchReportPage from "./search";

// The admin Search page as it renders what its loader returns (the figures come from
// server/search/search-report.ts, the synonyms from server/search/synonyms.ts, both tested there).

function renderPage(path: string, loaderData: unknown) {
  const Stub = createRoutesStub([
    { path: "/admin/search", Component: SearchReportPage as ComponentType, loader: () => loaderData },
  ]);
  render(<Stub initialEntries={[path]} />);
}

const EMPTY = {
  days: 7,
  totals: { searches: 0, noResultsShare: null, clickShare: null },
  topQueries: [],
  noResults: [],
  synonyms: [],
};

describe("the admin Search page", () => {
  it("says so when nobody has searched yet, and when there are no synonyms", async () => {
    renderPage("/admin/search", EMPTY);
    expect(await screen.findByRole("heading", { level: 2, name: "Search" })).toBeInTheDocument();
    expect(screen.getByText(/No searches in the last 7 days yet\./)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Top queries" })).not.toBeInTheDocument();
    expect(screen.getByText("No synonyms yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("href", "/admin/search?days=30");
  });

  it("shows the period's figures, top queries with click-through, and what found nothing", async () => {
    renderPage("/admin/search?days=30", {
      days: 30,
      totals: { searches: 1234, noResultsShare: 0.125, clickShare: 0.5 },
      topQueries: [
        { query: "planner", searches: 900, averageResults: 12.34, clickShare: 2 / 3 },
        { query: "zzqx", searches: 3, averageResults: 0, clickShare: 0 },
      ],
      noResults: [{ query: "zzqx", searches: 3, lastSeen: "2026-11-20T09:30:00.000Z" }],
      synonyms: [
        { id: 1, words: ["cv", "resume"] },
        { id: 2, words: ["gray", "grey"] },
      ],
    });
    const figures = await screen.findByRole("region", { name: "Overall" });
    expect(within(figures).getByText("1,234")).toBeInTheDocument();
    expect(within(figures).getByText("13%")).toBeInTheDocument();
    expect(within(figures).getByText("50%")).toBeInTheDocument();
    const top = screen.getByRole("region", { name: "Top queries, last 30 days" });
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(cells(within(top).getAllByRole("row")[1]!)).toEqual(["planner", "900", "12.3", "67%"]);
    const none = screen.getByRole("region", { name: "Queries with no results, last 30 days" });
    expect(cells(within(none).getAllByRole("row")[1]!)).toEqual(["zzqx", "3", "Nov 20, 2026, 9:30 AM UTC"]);
    const groups = screen.getByRole("list", { name: "Synonym groups" });
    expect(within(groups).getByRole("list", { name: "Group: cv, resume" })).toBeInTheDocument();
    expect(within(groups).getByRole("button", { name: "Remove gray, grey" })).toBeInTheDocument();
    expect(screen.getByText(/2 groups of at most 500\./)).toBeInTheDocument();
  });

  it("says every search found something when none came back empty", async () => {
    renderPage("/admin/search", {
      ...EMPTY,
      totals: { searches: 2, noResultsShare: 0, clickShare: 0 },
      topQueries: [{ query: "planner", searches: 2, averageResults: 10, clickShare: 0 }],
    });
    expect(await screen.findByText("Every search in the last 7 days found something.")).toBeInTheDocument();
  });
});
