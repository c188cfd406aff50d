import { Star } from "lucide-react";
import { cn } from "~/lib/cn";

/** Five stars filled to the rating, with the number in words for screen readers. */
export function Rating({
  value,
  reviews,
  className,
}: {
  value: number;
  reviews?: number;
  className?: string;
}) {
  const label = `Rated ${value.toFixed(1)} out of 5${reviews === undefined ? "" : ` from ${reviews.toLocaleString("en-US")} reviews`}`;
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
      {reviews === undefined ? null : (
        <span aria-hidden="true" className="text-sm text-muted">
          ({reviews.toLocaleString("en-US")} reviews)
        </span>
      )}
    </span>
  );
}
