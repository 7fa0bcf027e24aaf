// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DailyBarChart, formatDay, niceCeiling } from "./daily-bar-chart";

describe("niceCeiling", () => {
  it("rounds the best day up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect([0, 1, 3, 7, 10, 11, 23, 108, 2093, 12_037].map(niceCeiling)).toEqual([
      1, 1, 5, 10, 10, 20, 25, 200, 2500, 20_000,
    ]);
  });
});

describe("DailyBarChart", () => {
  const values = [
    { day: "2026-05-18", value: 4 },
    { day: "2026-05-19", value: 0 },
    { day: "2026-05-20", value: 10 },
  ];

  it("is a figure named by its caption, its picture hidden from screen readers", () => {
    render(
      <DailyBarChart
        title="Views"
        summary="14 views in the last 3 days."
        values={values}
        format={String}
        barClassName="fill-primary"
      />,
    );
    const figure = screen.getByRole("figure", { name: "Views" });
    expect(figure.textContent).toContain("14 views in the last 3 days.");
    const svg = figure.querySelector("svg")!;
    expect(svg.getAttribute("aria-hidden")).toBe("true");
    // One bar a day, a day without any is empty, the best day reaches the top of the scale (10).
    const heights = [...svg.querySelectorAll("rect")].map((bar) => Number(bar.getAttribute("height")));
    expect(heights).toEqual([40, 0, 100]);
    expect(figure.textContent).toContain(formatDay("2026-05-18"));
    expect(formatDay("2026-05-20")).toBe("May 20");
  });
});
