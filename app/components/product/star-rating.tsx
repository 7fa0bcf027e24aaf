import { Star } from "lucide-react";
import { cn } from "~/lib/utils";

/** Five stars, the first floor(rating) of them filled (SPEC section 2). */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.floor(rating);
  return (
    <span
      className={cn("inline-flex items-center gap-0.5", className)}
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of 5`}
    >
      {Array.from({ length: 5 }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn("size-4", index < filled ? "fill-star text-star" : "fill-none text-input")}
        />
      ))}
    </span>
  );
}
