// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CARD_IMAGE_SIZES, PLACEHOLDER_IMAGE, ProductImage } from "./product-image";

describe("the image fallback chain", () => {
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

const UPLOADED = "/media/products/12-0123456789ab.webp";
const widths = (format: string) =>
  [320, 640, 960, 1280]
    .map((width) => `/media/products/12-0123456789ab-${width}w.${format} ${width}w`)
    .concat(`/media/products/12-0123456789ab.${format} 1600w`)
    .join(", ");

describe("the sizes a picture is offered in", () => {
  it("offers an uploaded picture in each width, AVIF first, for the width it shows at", () => {
    const { container } = render(<ProductImage src={UPLOADED} alt="Cover" />);
    const source = container.querySelector("picture > source");
    expect(source).toHaveAttribute("type", "image/avif");
    expect(source).toHaveAttribute("srcset", widths("avif"));
    expect(source).toHaveAttribute("sizes", CARD_IMAGE_SIZES);
    const image = screen.getByRole("img", { name: "Cover" });
    expect(image.parentElement?.tagName).toBe("PICTURE");
    expect(image).toHaveAttribute("src", UPLOADED);
    expect(image).toHaveAttribute("srcset", widths("webp"));
    expect(image).toHaveAttribute("sizes", CARD_IMAGE_SIZES);
    // Its place is kept before it loads: square unless told otherwise.
    expect(image).toHaveAttribute("width", "800");
    expect(image).toHaveAttribute("height", "800");
  });

  it("takes the caller's sizes and intrinsic size", () => {
    const { container } = render(<ProductImage src={UPLOADED} alt="Cover" sizes="64px" width={1600} height={900} />);
    expect(container.querySelector("source")).toHaveAttribute("sizes", "64px");
    const image = screen.getByRole("img", { name: "Cover" });
    expect(image).toHaveAttribute("sizes", "64px");
    expect(image).toHaveAttribute("width", "1600");
    expect(image).toHaveAttribute("height", "900");
  });

  it("gives generated art and the placeholder one address, with their size", () => {
    const { container } = render(<ProductImage src="/media/generated/planner-1.svg" alt="Planner" />);
    const image = screen.getByRole("img", { name: "Planner" });
    expect(container.querySelector("picture, source")).toBeNull();
    expect(image).not.toHaveAttribute("srcset");
    expect(image).not.toHaveAttribute("sizes");
    expect(image).toHaveAttribute("width", "800");

    // A failed upload falls back to the placeholder alone, not to its other sizes.
    render(<ProductImage src={UPLOADED} alt="Broken" />);
    fireEvent.error(screen.getByRole("img", { name: "Broken" }));
    const placeholder = screen.getByRole("img", { name: "Broken" });
    expect(placeholder).toHaveAttribute("src", PLACEHOLDER_IMAGE);
    expect(placeholder).not.toHaveAttribute("srcset");
    expect(placeholder.parentElement?.tagName).not.toBe("PICTURE");
  });
});

describe("the largest picture of a page", () => {
  const page = (image: React.ReactNode) =>
    renderToString(
      <html lang="en">
        <head />
        <body>{image}</body>
      </html>,
    );
  const head = (html: string) => html.slice(0, html.indexOf("</head>"));

  it("is preloaded from the document's head, in AVIF at the width it shows at, when uploaded", () => {
    const html = page(<ProductImage src={UPLOADED} alt="Cover" sizes="50vw" priority="high" />);
    const preload = /<link [^>]*rel="preload"[^>]*>/.exec(head(html))?.[0] ?? "";
    expect(preload).toContain('as="image"');
    expect(preload).toContain('type="image/avif"');
    expect(preload).toContain(`imageSrcSet="${widths("avif")}"`);
    expect(preload).toContain('imageSizes="50vw"');
    expect(preload).toContain('fetchPriority="high"');
  });

  it("is not preloaded a second time as generated art (React preloads it) nor when it is not the largest", () => {
    const art = head(page(<ProductImage src="/media/generated/planner-1.svg" alt="Art" priority="high" />));
    expect(art.match(/rel="preload"/g)).toHaveLength(1);
    expect(head(page(<ProductImage src={UPLOADED} alt="Cover" priority="eager" />))).not.toContain("preload");
    expect(head(page(<ProductImage src={UPLOADED} alt="Cover" />))).not.toContain("preload");
  });
});
