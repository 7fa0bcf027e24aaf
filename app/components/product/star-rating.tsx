import { countOf, formatWhole, nounFor } from "@shared/format.ts";
import type { CSSProperties } from "react";
import { cn } from "~/lib/utils";

/** Five stars, the first floor(rating) of them filled, drawn by the `stars` class (app.css). */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.min(5, Math.max(0, Math.floor(rating)));
  return (
    <span
      className={cn("stars", className)}
      style={{ "--filled": filled } as CSSProperties}
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of 5`}
    />
  );
}

/**
 * A product's rating as its stars, the average and the number of reviews; a product nobody has
 * reviewed yet says so, rather than "0.0" and five empty stars. `compact`: the count alone, for cards.
 */
export function RatingSummary({
  rating,
  reviewCount,
  compact = false,
  className,
}: {
  rating: number;
  reviewCount: number;
  compact?: boolean;
  className?: string;
}) {
  if (reviewCount === 0) return <span className={cn("text-muted-foreground", className)}>No reviews yet</span>;
  return (
    <span className={cn("rating-summary", className)}>
      <StarRating rating={rating} />
      {/* Whole strings, not pieces: React would join the pieces with comment markers in the HTML. */}
      {compact ? (
        <span>
          {`${rating.toFixed(1)} (${formatWhole(reviewCount)}`}
          <span className="sr-only">{` ${nounFor(reviewCount, "review", "reviews")}`}</span>)
        </span>
      ) : (
        <span>{`${rating.toFixed(1)} (${countOf(reviewCount, "review", "reviews")})`}</span>
      )}
    </span>
  );
}
