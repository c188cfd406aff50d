/**
 * A business's reviews as pages show them: each with "Verified hire", the
 * service and month of the job, a disclosed connection to the business, the
 * business's reply, and a removed review's policy reason in its place.
 * `actions` adds the business owner's forms (reply, report) under a review.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Rating } from "~/components/ui/rating";
import { mediumDate, monthOfYear } from "~/lib/dates";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { REMOVAL_REASON_MESSAGES, type RemovalReason } from "./limits";

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
  const { i18n } = useLingui();
  const localize = useLocalize();
  const messages = REMOVAL_REASON_MESSAGES[reason];
  const label = i18n._(messages.label);
  return (
    <p className="text-sm text-muted italic">
      {i18n._(messages.removed)}{" "}
      <Link
        reloadDocument
        to={localize(`/review-policy#${reason}`)}
        className="text-navy-700 not-italic underline"
      >
        <Trans>{label}: what this rule covers</Trans>
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
  const { t } = useLingui();
  const locale = useLocale();
  const job = [review.serviceLabel, monthOfYear(review.jobMonth, locale)]
    .filter(Boolean)
    .join(" · ");
  const { authorName } = review;
  const date = mediumDate(review.editedAt ?? review.createdAt, locale);
  const total = review.photos.length;
  /** The alt text of photo `number` (of `total`). */
  const photoAlt = (number: number) => t`The job, ${number} of ${total}, from ${authorName}`;
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
              <Trans>Verified hire</Trans>
            </span>
          </div>
          <p className="text-sm text-muted">
            {job}
            {" · "}
            {review.editedAt ? t`Edited ${date}` : t`Posted ${date}`}
          </p>
          {review.insider ? (
            <p className="text-sm font-medium text-navy-800">
              <Trans>Disclosure: the writer of this review is connected to {businessName}.</Trans>
            </p>
          ) : null}
          <p className="max-w-prose leading-relaxed whitespace-pre-line">{review.body}</p>
          {review.photos.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={t`Photos with ${authorName}'s review`}>
              {review.photos.map((photo, index) => (
                <li key={photo.id}>
                  <img
                    src={`/photos/${photo.id}.webp`}
                    width={photo.width}
                    height={photo.height}
                    alt={photoAlt(index + 1)}
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
                <ReplyHeading businessName={businessName} at={review.reply.at} />
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

/** "Reply from Summit Ridge Roofing · Nov 25, 2026". */
function ReplyHeading({ businessName, at }: { businessName: string; at: string }) {
  const locale = useLocale();
  const date = mediumDate(at, locale);
  return (
    <Trans>
      Reply from {businessName} <span className="font-normal text-muted">· {date}</span>
    </Trans>
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
  /** A page's address, without a language prefix. */
  link: (page: number) => string;
}) {
  const { t } = useLingui();
  const localize = useLocalize();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t`Pages of reviews`} className="flex flex-wrap items-center gap-6 text-sm">
      {page > 1 ? (
        <Link to={localize(link(page - 1))} className="font-medium text-navy-700 underline">
          <Trans>Newer reviews</Trans>
        </Link>
      ) : null}
      <span className="text-muted">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      {page < pages ? (
        <Link to={localize(link(page + 1))} className="font-medium text-navy-700 underline">
          <Trans>Older reviews</Trans>
        </Link>
      ) : null}
    </nav>
  );
}
