import { useState } from "react";
import { cn } from "~/lib/utils";
import { ProductImage } from "./product-image";

// How wide the pictures show: the page's left column from 1024 px (at most 588 px), else the whole
// width; the thumbnails a quarter of it.
const MAIN_SIZES = "(min-width: 1280px) 588px, (min-width: 1024px) 45vw, 100vw";
const THUMBNAIL_SIZES = "(min-width: 1280px) 138px, (min-width: 1024px) 11vw, 25vw";

/** The product's images: a large one and thumbnails that choose it (the chosen one highlighted). */
export function ProductGallery({
  images,
  title,
  sizes,
}: {
  images: { url: string; alt: string }[];
  title: string;
  /** How wide the large picture shows, where not the product page's left column (a quick view). */
  sizes?: string;
}) {
  const [selected, setSelected] = useState(0);
  const shown = images[selected] ?? images[0];
  return (
    <div className="flex flex-col gap-3">
      <ProductImage
        key={shown?.url ?? "none"}
        src={shown?.url ?? null}
        alt={shown?.alt ?? title}
        className="aspect-square w-full rounded-xl"
        sizes={sizes ?? MAIN_SIZES}
        // The product page's largest picture; a quick view's comes after its page.
        priority={sizes ? "eager" : "high"}
      />
      {images.length > 1 ? (
        <ul className="grid grid-cols-4 gap-3" aria-label="Images">
          {images.map((image, index) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-pressed={index === selected}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                className={cn(
                  "block w-full overflow-hidden rounded-lg border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  index === selected ? "border-primary" : "border-transparent opacity-80 hover:opacity-100",
                )}
              >
                <ProductImage src={image.url} alt="" className="aspect-square w-full" sizes={THUMBNAIL_SIZES} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
