import { Star } from "lucide-react";
import { cn } from "~/lib/cn";

/**
 * How every page says a business's rating (issue 22), one wording for all:
 * "4.6 (12 reviews)" for a real business's verified reviews, "4.8 (127
 * reviews, sample)" for a sample listing's demonstration figures, and "No
 * reviews yet" before the first.
 */
export interface RatingFigures {
  /** The mean, one decimal. */
  rating: number;
  reviewCount: number;
  /** A sample listing: its figures are demonstration data. */
  isSample: boolean;
}

export const NO_REVIEWS_TEXT = "No reviews yet";

export function reviewsText(count: number): string {
  return `${count.toLocaleString("en-US")} review${count === 1 ? "" : "s"}`;
}

/** "4.6 (12 reviews)", "4.8 (127 reviews, sample)" or "No reviews yet". */
export function ratingText({ rating, reviewCount, isSample }: RatingFigures): string {
  if (reviewCount === 0) return NO_REVIEWS_TEXT;
  return `${rating.toFixed(1)} (${reviewsText(reviewCount)}${isSample ? ", sample" : ""})`;
}

/**
 * Five stars filled to the rating, its number and its count ("sample" for a
 * sample listing's), with all of it in words for screen readers; "No reviews
 * yet" when the count is 0.
 */
export function Rating({
  value,
  reviews,
  sample = false,
  className,
}: {
  value: number;
  reviews?: number;
  /** A sample listing's figures: said so next to the count. */
  sample?: boolean;
  className?: string;
}) {
  if (reviews === 0) {
    return (
      <span className={cn("text-sm font-semibold text-ink", className)}>{NO_REVIEWS_TEXT}</span>
    );
  }
  const count =
    reviews === undefined
      ? sample
        ? "sample"
        : null
      : `${reviewsText(reviews)}${sample ? ", sample" : ""}`;
  const label = `Rated ${value.toFixed(1)} out of 5${reviews === undefined ? "" : ` from ${reviewsText(reviews)}`}${sample ? " (sample rating)" : ""}`;
  return (
    <span className={cn("inline-flex items-center gap-1.5", className)}>
      <span role="img" aria-label={label} className="inline-flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            aria-hidden="true"
            className={cn(
              "size-4",
              value >= n - 0.25 ? "fill-accent-500 text-accent-500" : "fill-navy-100 text-navy-200",
            )}
          />
        ))}
      </span>
      <span aria-hidden="true" className="text-sm font-semibold text-ink">
        {value.toFixed(1)}
      </span>
      {count === null ? null : (
        <span aria-hidden="true" className="text-sm text-muted">
          ({count})
        </span>
      )}
    </span>
  );
}
