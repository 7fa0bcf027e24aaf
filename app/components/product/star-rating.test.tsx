// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StarRating } from "./star-rating";

describe("StarRating (SPEC section 2)", () => {
  it.each([
    [4.8, 4],
    [5, 5],
    [3.2, 3],
    [0, 0],
  ])("fills floor(%s) = %s of 5 stars", (rating, filled) => {
    render(<StarRating rating={rating} />);
    const stars = screen.getByRole("img", { name: `Rated ${rating.toFixed(1)} out of 5` }).querySelectorAll("svg");
    expect(stars).toHaveLength(5);
    const filledCount = [...stars].filter((star) => star.getAttribute("class")?.includes("fill-star")).length;
    expect(filledCount).toBe(filled);
  });
});
