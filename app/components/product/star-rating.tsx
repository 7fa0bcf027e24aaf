import { SpriteIcon } from "~/components/ui/icon-sprite";
import { cn } from "~/lib/utils";

const POSITIONS = [1, 2, 3, 4, 5] as const;

/** Five stars, the first floor(rating) of them filled (SPEC section 2). */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.floor(rating);
  return (
    <span
      className={cn("inline-flex items-center gap-0.5", className)}
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of 5`}
    >
      {POSITIONS.map((position) => (
        <SpriteIcon key={position} name="star" className={position <= filled ? "fill-star text-star" : "text-input"} />
      ))}
    </span>
  );
}
