// @vitest-environment happy-dom
import type { FilePreview } from "@server/catalogue/product-detail.ts";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LookInside } from "./look-inside";

const previews: FilePreview[] = [1, 2, 3].map((page) => ({
  fileName: "guide.pdf",
  page,
  imageUrl: `/media/products/7-00000000000${page}.webp`,
  width: 1236,
  height: 1600,
}));

describe("Look inside", () => {
  it("shows nothing for a product without previews", () => {
    const { container } = render(<LookInside previews={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("opens a page in the gallery, turns and zooms it by keys and buttons, and closes back to its thumbnail", async () => {
    const user = userEvent.setup();
    render(<LookInside previews={previews} />);
    expect(screen.getByRole("heading", { name: "Look inside" })).toBeVisible();
    const first = screen.getByRole("button", { name: "Page 1 of guide.pdf" });
    await user.click(first);
    const dialog = await screen.findByRole("dialog", { name: "Page 1 of guide.pdf" });
    expect(dialog).toHaveTextContent("1 of 3");
    expect(screen.getByRole("button", { name: "Previous page" })).toHaveAttribute("aria-disabled", "true");

    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("dialog", { name: "Page 2 of guide.pdf" })).toHaveTextContent("2 of 3");
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(screen.getByRole("dialog")).toHaveAccessibleName("Page 3 of guide.pdf");
    expect(screen.getByRole("button", { name: "Next page" })).toHaveAttribute("aria-disabled", "true");

    await user.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(screen.getByRole("status")).toHaveTextContent("150%");
    await user.keyboard("+");
    expect(screen.getByRole("status")).toHaveTextContent("200%");
    await user.keyboard("-");
    expect(screen.getByRole("status")).toHaveTextContent("150%");
    await user.keyboard("{ArrowLeft}");
    // A page turned is shown whole again.
    expect(screen.getByRole("dialog")).toHaveAccessibleName("Page 2 of guide.pdf");
    expect(screen.getByRole("status")).toHaveTextContent("100%");
    // A button with nothing to do keeps the focus, so the keys still work from it.
    const zoomOut = screen.getByRole("button", { name: "Zoom out" });
    expect(zoomOut).toHaveAttribute("aria-disabled", "true");
    await user.click(zoomOut);
    expect(zoomOut).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("dialog")).toHaveAccessibleName("Page 3 of guide.pdf");

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(first).toHaveFocus();
  });
});
