// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RatingSummary, StarRating } from "./star-rating";

describe("StarRating", () => {
  it.each([
    [4.8, 4],
    [5, 5],
    [3.2, 3],
    [0, 0],
  ])("fills floor(%s) = %s of 5 stars", (rating, filled) => {
    render(<StarRating rating={rating} />);
    // The `stars` class draws five, and fills as many as --filled says (app.css).
    const stars = screen.getByRole("img", { name: `Rated ${rating.toFixed(1)} out of 5` });
    expect(stars.classList).toContain("stars");
    expect(stars.style.getPropertyValue("--filled")).toBe(String(filled));
  });
});

describe("RatingSummary", () => {
  it("says a product nobody has reviewed has no reviews yet, not 0.0 with five empty stars", () => {
    render(<RatingSummary rating={0} reviewCount={0} />);
    expect(screen.getByText("No reviews yet")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("gives the stars, the average and the reviews, with the noun agreeing", () => {
    const { container, unmount } = render(<RatingSummary rating={4.5} reviewCount={1} />);
    expect(container.textContent).toBe("4.5 (1 review)");
    expect(screen.getByRole("img", { name: "Rated 4.5 out of 5" })).toBeTruthy();
    unmount();
    const many = render(<RatingSummary rating={4} reviewCount={1234} compact />);
    // A card shows the count alone; a screen reader hears what it counts.
    expect(many.container.textContent).toBe("4.0 (1,234 reviews)");
    expect(many.container.querySelector(".sr-only")?.textContent).toBe(" reviews");
  });
});
