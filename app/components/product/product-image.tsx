import { uploadedImageSrcSets } from "@shared/image-variants.ts";
import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { cn } from "~/lib/utils";

export const PLACEHOLDER_IMAGE = "/placeholder.svg";

/** How wide a product card's picture shows in the listings' grid: one, two, three or four columns. */
export const CARD_IMAGE_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 480px) 50vw, 100vw";

// Product pictures are square; generated art is drawn at 800 px. The numbers give the browser the
// picture's proportions to keep its place before it loads; the class names give its size.
const SQUARE = 800;

type Stage = "image" | "placeholder" | "unavailable";

/**
 * An image that falls back to the placeholder when it fails, and to the text
 * 'Image unavailable' when the placeholder fails too. Loaded when it comes near the
 * screen, unless it is among the first a page shows (`priority`: "high" for its largest picture,
 * "eager" for the others in the first screen).
 *
 * An uploaded picture comes in several widths, in AVIF and WebP (app/lib/image-variants.ts): the
 * browser takes the smallest that fills `sizes` (how wide it shows; a listing card's by default).
 * Generated art is an SVG, sharp at any size.
 */
export function ProductImage({
  src,
  alt,
  className,
  priority,
  sizes = CARD_IMAGE_SIZES,
  width = SQUARE,
  height = width,
}: {
  src: string | null;
  alt: string;
  className?: string;
  priority?: "high" | "eager";
  /** The `sizes` of an uploaded picture: how wide it shows at each viewport width. */
  sizes?: string;
  /** The picture's intrinsic size, when it is not square. */
  width?: number;
  height?: number;
}) {
  const [stage, setStage] = useState<Stage>(src ? "image" : "placeholder");
  const ref = useRef<HTMLImageElement>(null);
  const next = () => setStage((current) => (current === "image" ? "placeholder" : "unavailable"));
  const srcSets = stage === "image" && src ? uploadedImageSrcSets(src) : null;

  // React preloads a page's first pictures itself, but not one inside <picture> (it cannot know
  // which source the browser takes): the largest is preloaded here, in the format nearly every
  // browser takes. A browser without AVIF skips the preload and loads the WebP as the page comes.
  if (srcSets && src && priority === "high") {
    preload(src, {
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSets.avif,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }

  // An image that failed before hydration fired its error event before React listened:
  // decoding a finished but broken image fails. Checked once, on mount.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.getAttribute("src")) image.decode().catch(next);
  }, []);

  if (stage === "unavailable") {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn(
          "flex flex-col items-center justify-center gap-2 bg-muted text-sm text-muted-foreground",
          className,
        )}
      >
        <ImageOff aria-hidden="true" className="size-6" />
        <span aria-hidden="true">Image unavailable</span>
      </div>
    );
  }
  const image = (
    <img
      ref={ref}
      key={stage}
      src={stage === "image" && src ? src : PLACEHOLDER_IMAGE}
      srcSet={srcSets?.webp}
      sizes={srcSets ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? undefined : "lazy"}
      fetchPriority={priority === "high" ? "high" : undefined}
      decoding="async"
      onError={next}
      className={cn("bg-muted object-cover", className)}
    />
  );
  if (!srcSets) return image;
  // `contents`: the <picture> makes no box of its own, so the class names size the <img> as before.
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={srcSets.avif} sizes={sizes} />
      {image}
    </picture>
  );
}
