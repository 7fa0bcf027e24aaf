import { useState } from "react";
import { cn } from "~/lib/utils";
import { ProductImage } from "./product-image";

/** The product's images: a large one and thumbnails that choose it (the chosen one highlighted). */
export function ProductGallery({ images, title }: { images: { url: string; alt: string }[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const shown = images[selected] ?? images[0];
  return (
    <div className="flex flex-col gap-3">
      <ProductImage
        key={shown?.url ?? "none"}
        src={shown?.url ?? null}
        alt={shown?.alt ?? title}
        className="aspect-square w-full rounded-xl"
        priority="high"
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
                <ProductImage src={image.url} alt="" className="aspect-square w-full" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
