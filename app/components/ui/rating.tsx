import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Star } from "lucide-react";
import { cn } from "~/lib/cn";
import { DEFAULT_LOCALE, formatterCache, isLocale, type Locale } from "~/lib/locales";

/**
 * How every page says a business's rating (issue 22), one wording for all:
 * "4.6 (12 reviews)" for a real business's verified reviews, "4.8 (127
 * reviews, sample)" for a sample listing's demonstration figures, and "No
 * reviews yet" before the first. In the page's language (decision 030):
 * `ratingTextIn(i18n, …)` / `useRatingText()` and the `Rating` component;
 * `ratingText`, `reviewsText` and `NO_REVIEWS_TEXT` are the English wording,
 * for English-only places (the operator's console).
 */
export interface RatingFigures {
  /** The mean, one decimal. */
  rating: number;
  reviewCount: number;
  /** A sample listing: its figures are demonstration data. */
  isSample: boolean;
}

/** The English wording (the operator's console); pages use `ratingTextIn` or `<Rating>`. */
export const NO_REVIEWS_TEXT = "No reviews yet";

/** "12 reviews" in English; pages use `reviewsTextIn`. */
export function reviewsText(count: number): string {
  return `${count.toLocaleString("en-US")} review${count === 1 ? "" : "s"}`;
}

/** "4.6 (12 reviews)", "4.8 (127 reviews, sample)" or "No reviews yet", in English. */
export function ratingText({ rating, reviewCount, isSample }: RatingFigures): string {
  if (reviewCount === 0) return NO_REVIEWS_TEXT;
  return `${rating.toFixed(1)} (${reviewsText(reviewCount)}${isSample ? ", sample" : ""})`;
}

const oneDecimal = formatterCache(
  (tag) => new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
const whole = formatterCache((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }));

function localeOf(i18n: I18n): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** The figures as the page's language writes them: "4.6" / "4,6", "1,234" / "1 234". */
function figures(i18n: I18n, rating: number, count: number) {
  const locale = localeOf(i18n);
  return { stars: oneDecimal(locale).format(rating), count: whole(locale).format(count) };
}

const NO_REVIEWS = msg`No reviews yet`;

/** "12 reviews" in the language of `i18n`. */
export function reviewsTextIn(i18n: I18n, reviewCount: number): string {
  const { count } = figures(i18n, 0, reviewCount);
  return i18n._(msg`${plural(reviewCount, { one: `${count} review`, other: `${count} reviews` })}`);
}

/** "4.6 (12 reviews)", "4.8 (127 reviews, sample)" or "No reviews yet" in the language of `i18n`. */
export function ratingTextIn(i18n: I18n, { rating, reviewCount, isSample }: RatingFigures): string {
  if (reviewCount === 0) return i18n._(NO_REVIEWS);
  const { stars, count } = figures(i18n, rating, reviewCount);
  return isSample
    ? i18n._(
        msg`${stars} (${plural(reviewCount, {
          one: `${count} review, sample`,
          other: `${count} reviews, sample`,
        })})`,
      )
    : i18n._(
        msg`${stars} (${plural(reviewCount, { one: `${count} review`, other: `${count} reviews` })})`,
      );
}

/** `ratingText` in the page's language, for components. */
export function useRatingText(): (figures: RatingFigures) => string {
  const { i18n } = useLingui();
  return (rating) => ratingTextIn(i18n, rating);
}

/** The label screen readers get: the rating, its count and whether it is a sample's. */
function ratingLabel(i18n: I18n, value: number, reviews: number | undefined, sample: boolean) {
  const { stars, count } = figures(i18n, value, reviews ?? 0);
  if (reviews === undefined) {
    return sample
      ? i18n._(msg`Rated ${stars} out of 5 (sample rating)`)
      : i18n._(msg`Rated ${stars} out of 5`);
  }
  return sample
    ? i18n._(
        msg`Rated ${stars} out of 5 from ${plural(reviews, {
          one: `${count} review`,
          other: `${count} reviews`,
        })} (sample rating)`,
      )
    : i18n._(
        msg`Rated ${stars} out of 5 from ${plural(reviews, {
          one: `${count} review`,
          other: `${count} reviews`,
        })}`,
      );
}

/** What the parentheses after the stars say: the count, and "sample" for a sample listing's. */
function countText(i18n: I18n, reviews: number | undefined, sample: boolean): string | null {
  if (reviews === undefined) return sample ? i18n._(msg`sample`) : null;
  const { count } = figures(i18n, 0, reviews);
  return sample
    ? i18n._(
        msg`${plural(reviews, { one: `${count} review, sample`, other: `${count} reviews, sample` })}`,
      )
    : reviewsTextIn(i18n, reviews);
}

/**
 * Five stars filled to the rating, its number and its count ("sample" for a
 * sample listing's), with all of it in words for screen readers; "No reviews
 * yet" when the count is 0. In the page's language.
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
  const { i18n } = useLingui();
  if (reviews === 0) {
    return (
      <span className={cn("text-sm font-semibold text-ink", className)}>
        <Trans>No reviews yet</Trans>
      </span>
    );
  }
  const count = countText(i18n, reviews, sample);
  const label = ratingLabel(i18n, value, reviews, sample);
  const { stars } = figures(i18n, value, 0);
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
        {stars}
      </span>
      {count === null ? null : (
        <span aria-hidden="true" className="text-sm text-muted">
          ({count})
        </span>
      )}
    </span>
  );
}
