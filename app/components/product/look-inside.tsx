import type { FilePreview } from "@server/catalogue/product-detail.ts";
import { lazy, Suspense, useRef, useState } from "react";
import { pageLabel } from "~/lib/preview-label";
import { ProductImage } from "./product-image";

// The gallery and its dialog come with the first click (or a hover or focus just before it): most
// visitors never open it, and the product page's scripts stay as they were (tests/e2e/client-bundle).
const loadGallery = () => import("./preview-gallery");
const PreviewGallery = lazy(() => loadGallery().then((module) => ({ default: module.PreviewGallery })));

const THUMBNAIL_SIZES = "(min-width: 1280px) 138px, (min-width: 1024px) 11vw, 25vw";

/** "Look inside": the first pages of the product's PDFs as thumbnails, each opening the zoomable gallery. */
export function LookInside({ previews }: { previews: FilePreview[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  if (previews.length === 0) return null;
  const openAt = (index: number, button: HTMLButtonElement) => {
    opener.current = button;
    setLoaded(true);
    setOpen(index);
  };
  return (
    <section aria-labelledby="look-inside-heading" className="flex flex-col gap-3">
      <h2 id="look-inside-heading" className="text-lg font-semibold">
        Look inside
      </h2>
      <ul className="grid grid-cols-4 items-start gap-3">
        {previews.map((preview, index) => (
          <li key={preview.imageUrl}>
            <button
              type="button"
              onClick={(event) => openAt(index, event.currentTarget)}
              onPointerEnter={() => void loadGallery()}
              onFocus={() => void loadGallery()}
              aria-haspopup="dialog"
              className="block w-full overflow-hidden rounded-md border border-border bg-white shadow-sm hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <ProductImage
                src={preview.imageUrl}
                alt={pageLabel(preview)}
                width={preview.width}
                height={preview.height}
                sizes={THUMBNAIL_SIZES}
                className="h-auto w-full bg-white object-contain"
              />
            </button>
          </li>
        ))}
      </ul>
      {loaded ? (
        <Suspense fallback={null}>
          <PreviewGallery
            previews={previews}
            index={open}
            onIndexChange={setOpen}
            returnFocusTo={() => opener.current}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
