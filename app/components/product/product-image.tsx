import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/utils";

export const PLACEHOLDER_IMAGE = "/placeholder.svg";

type Stage = "image" | "placeholder" | "unavailable";

/**
 * An image that falls back to the placeholder when it fails, and to the text
 * 'Image unavailable' when the placeholder fails too (SPEC section 2). Loaded when it comes near the
 * screen, unless it is among the first a page shows (`priority`: "high" for its largest picture,
 * "eager" for the others in the first screen).
 */
export function ProductImage({
  src,
  alt,
  className,
  priority,
}: {
  src: string | null;
  alt: string;
  className?: string;
  priority?: "high" | "eager";
}) {
  const [stage, setStage] = useState<Stage>(src ? "image" : "placeholder");
  const ref = useRef<HTMLImageElement>(null);
  const next = () => setStage((current) => (current === "image" ? "placeholder" : "unavailable"));

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
  return (
    <img
      ref={ref}
      key={stage}
      src={stage === "image" && src ? src : PLACEHOLDER_IMAGE}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority === "high" ? "high" : undefined}
      decoding="async"
      onError={next}
      className={cn("bg-muted object-cover", className)}
    />
  );
}
