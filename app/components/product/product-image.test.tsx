// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PLACEHOLDER_IMAGE, ProductImage } from "./product-image";

describe("the image fallback chain (SPEC section 2)", () => {
  it("shows the image, then the placeholder, then 'Image unavailable'", () => {
    render(<ProductImage src="/media/generated/planner-1.svg" alt="Weekly planner" />);
    const image = screen.getByRole("img", { name: "Weekly planner" });
    expect(image).toHaveAttribute("src", "/media/generated/planner-1.svg");

    fireEvent.error(image);
    const placeholder = screen.getByRole("img", { name: "Weekly planner" });
    expect(placeholder).toHaveAttribute("src", PLACEHOLDER_IMAGE);

    fireEvent.error(placeholder);
    expect(screen.getByText("Image unavailable")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Weekly planner" }).tagName).toBe("DIV");
  });

  it("starts from the placeholder when there is no image", () => {
    render(<ProductImage src={null} alt="No cover" />);
    expect(screen.getByRole("img", { name: "No cover" })).toHaveAttribute("src", PLACEHOLDER_IMAGE);
  });
});
