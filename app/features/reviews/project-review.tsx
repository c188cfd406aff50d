/**
 * The project page's review card: once the project is completed, the
 * homeowner is asked to review the pro they hired; afterwards the card
 * shows their review, with Edit while the edit window is open.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Rating } from "~/components/ui/rating";
import { useLocalize } from "~/lib/use-locale";
import { REMOVAL_REASON_MESSAGES, type RemovalReason } from "./limits";

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
    removedReason: RemovalReason | null;
  } | null;
}

export function ProjectReview({
  chance,
  editableOn,
}: {
  chance: ProjectReviewChance;
  /** The edit window's last day in the job's zone ("Dec 25, 2026"), as the page formats it. */
  editableOn: string | null;
}) {
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  const { review, business } = chance;
  if (!chance.completed || chance.ownBusiness) return null;
  const path = localize(`/dashboard/projects/${chance.leadId}/review`);
  const name = business.name;
  return (
    <section
      id="review"
      aria-labelledby="review-card-title"
      className="grid justify-items-start gap-3 rounded-card bg-surface p-6 shadow-card"
    >
      <h2 id="review-card-title" className="text-xl font-bold text-navy-900">
        {review ? t`Your review` : t`How did ${name} do?`}
      </h2>
      {review === null ? (
        <>
          <p className="text-muted">
            <Trans>
              You hired {name} for this project. A review helps other homeowners choose, and only
              people who hired a pro through us can write one.
            </Trans>
          </p>
          <Link to={path} className={buttonClasses("primary", "md")}>
            <Trans>Review {name}</Trans>
          </Link>
        </>
      ) : review.removedReason ? (
        <p className="text-muted">
          {i18n._(REMOVAL_REASON_MESSAGES[review.removedReason].removed)}
        </p>
      ) : (
        <>
          <Rating value={review.stars} />
          <p className="max-w-prose whitespace-pre-line">{review.body}</p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            {review.canEdit ? (
              <Link to={path} className={buttonClasses("secondary", "sm")}>
                <Trans>Edit your review</Trans>
              </Link>
            ) : null}
            {/*
              ?reviews=1 is never kept by the page cache: the writer sees their review at once.
              A whole page load: the profile is a content page, and its #reviews must hold.
            */}
            <Link
              reloadDocument
              to={localize(`/pros/${business.slug}?reviews=1#reviews`)}
              className="text-navy-700 underline"
            >
              <Trans>See it on {name}&apos;s profile</Trans>
            </Link>
          </div>
          {review.canEdit && editableOn ? <EditableUntil date={editableOn} /> : null}
        </>
      )}
    </section>
  );
}

/** "You can edit it until Dec 25, 2026." */
function EditableUntil({ date }: { date: string }) {
  return (
    <p className="text-sm text-muted">
      <Trans>You can edit it until {date}.</Trans>
    </p>
  );
}
