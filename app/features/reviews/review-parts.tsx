/**
 * A business's reviews as pages show them: each with "Verified hire", the
 * service and month of the job, a disclosed connection to the business, the
 * business's reply, and a removed review's policy reason in its place.
 * `actions` adds the business owner's forms (reply, report) under a review.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Rating } from "~/components/ui/rating";
import { mediumDate, monthOfYear } from "~/lib/dates";
import { REMOVAL_REASON_TEXT, removedText, type RemovalReason } from "./limits";

/** A review as the page gets it (the service already in words). */
export interface ReviewItemData {
  id: string;
  authorName: string;
  stars: number;
  body: string;
  serviceLabel: string | null;
  jobMonth: string;
  insider: boolean;
  createdAt: string;
  editedAt: string | null;
  reply: { body: string; at: string } | null;
  removedReason: RemovalReason | null;
  photos: { id: string; width: number; height: number }[];
}

/** The anchor of a review on its page. */
export const reviewAnchor = (id: string): string => `review-${id}`;

function RemovedReview({ reason }: { reason: RemovalReason }) {
  return (
    <p className="text-sm text-muted italic">
      {removedText(reason)}{" "}
      <Link to={`/review-policy#${reason}`} className="text-navy-700 not-italic underline">
        {REMOVAL_REASON_TEXT[reason].label}: what this rule covers
      </Link>
    </p>
  );
}

export function ReviewItem({
  review,
  businessName,
  actions,
}: {
  review: ReviewItemData;
  businessName: string;
  actions?: ReactNode;
}) {
  const job = [review.serviceLabel, monthOfYear(review.jobMonth)].filter(Boolean).join(" · ");
  return (
    <li
      id={reviewAnchor(review.id)}
      className="grid gap-3 border-b border-navy-100 py-5 last:border-0"
    >
      {review.removedReason ? (
        <RemovedReview reason={review.removedReason} />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Rating value={review.stars} />
            <span className="font-semibold text-navy-900">{review.authorName}</span>
            <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-success-600 ring-1 ring-success-600/40 ring-inset">
              Verified hire
            </span>
          </div>
          <p className="text-sm text-muted">
            {job}
            {" · "}
            {review.editedAt
              ? `Edited ${mediumDate(review.editedAt)}`
              : `Posted ${mediumDate(review.createdAt)}`}
          </p>
          {review.insider ? (
            <p className="text-sm font-medium text-navy-800">
              Disclosure: the writer of this review is connected to {businessName}.
            </p>
          ) : null}
          <p className="max-w-prose leading-relaxed whitespace-pre-line">{review.body}</p>
          {review.photos.length > 0 ? (
            <ul
              className="flex flex-wrap gap-2"
              aria-label={`Photos with ${review.authorName}'s review`}
            >
              {review.photos.map((photo, index) => (
                <li key={photo.id}>
                  <img
                    src={`/photos/${photo.id}.webp`}
                    width={photo.width}
                    height={photo.height}
                    alt={`The job, ${String(index + 1)} of ${String(review.photos.length)}, from ${review.authorName}`}
                    loading="lazy"
                    decoding="async"
                    className="size-24 rounded-control object-cover"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {review.reply ? (
            <div className="ml-4 grid gap-1 border-l-4 border-navy-200 pl-4">
              <p className="text-sm font-semibold text-navy-900">
                Reply from {businessName}{" "}
                <span className="font-normal text-muted">· {mediumDate(review.reply.at)}</span>
              </p>
              <p className="max-w-prose text-sm leading-relaxed whitespace-pre-line">
                {review.reply.body}
              </p>
            </div>
          ) : null}
        </>
      )}
      {actions}
    </li>
  );
}

/** Previous / next pages of reviews (plain links: no JavaScript needed). */
export function ReviewPages({
  page,
  pages,
  link,
}: {
  page: number;
  pages: number;
  link: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages of reviews" className="flex flex-wrap items-center gap-6 text-sm">
      {page > 1 ? (
        <Link to={link(page - 1)} className="font-medium text-navy-700 underline">
          Newer reviews
        </Link>
      ) : null}
      <span className="text-muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={link(page + 1)} className="font-medium text-navy-700 underline">
          Older reviews
        </Link>
      ) : null}
    </nav>
  );
}
