/**
 * The project page's review card: once the project is completed, the
 * homeowner is asked to review the pro they hired; afterwards the card
 * shows their review, with Edit while the edit window is open.
 */
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Rating } from "~/components/ui/rating";
import { mediumDate } from "~/lib/dates";
import { removedText } from "./limits";

/** What the card needs of reviews.server.ts's ReviewChance (a type: no server code here). */
export interface ProjectReviewChance {
  leadId: string;
  business: { name: string; slug: string };
  completed: boolean;
  ownBusiness: boolean;
  review: {
    stars: number;
    body: string;
    editableUntil: string;
    canEdit: boolean;
    removedReason: Parameters<typeof removedText>[0] | null;
  } | null;
}

export function ProjectReview({ chance }: { chance: ProjectReviewChance }) {
  const { review, business } = chance;
  if (!chance.completed || chance.ownBusiness) return null;
  const path = `/dashboard/projects/${chance.leadId}/review`;
  return (
    <section
      id="review"
      aria-labelledby="review-card-title"
      className="grid justify-items-start gap-3 rounded-card bg-surface p-6 shadow-card"
    >
      <h2 id="review-card-title" className="text-xl font-bold text-navy-900">
        {review ? "Your review" : `How did ${business.name} do?`}
      </h2>
      {review === null ? (
        <>
          <p className="text-muted">
            You hired {business.name} for this project. A review helps other homeowners choose, and
            only people who hired a pro through us can write one.
          </p>
          <Link to={path} className={buttonClasses("primary", "md")}>
            Review {business.name}
          </Link>
        </>
      ) : review.removedReason ? (
        <p className="text-muted">{removedText(review.removedReason)}</p>
      ) : (
        <>
          <Rating value={review.stars} />
          <p className="max-w-prose whitespace-pre-line">{review.body}</p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            {review.canEdit ? (
              <Link to={path} className={buttonClasses("secondary", "sm")}>
                Edit your review
              </Link>
            ) : null}
            {/* ?reviews=1 is never kept by the page cache: the writer sees their review at once. */}
            <Link
              to={`/pros/${business.slug}?reviews=1#reviews`}
              className="text-navy-700 underline"
            >
              See it on {business.name}&apos;s profile
            </Link>
          </div>
          {review.canEdit ? (
            <p className="text-sm text-muted">
              You can edit it until {mediumDate(review.editableUntil)}.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
