/**
 * A real business's reviews on its public profile: the verified figures,
 * then the reviews newest first, a page at a time, with a link to the rules
 * every review follows. Sample listings have none (their figures are made up).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Rating } from "~/components/ui/rating";
import { Section } from "~/features/contractors";
import { useLocalize } from "~/lib/use-locale";
import { ReviewItem, ReviewPages, type ReviewItemData } from "./review-parts";

export interface ProfileReviewList {
  reviews: ReviewItemData[];
  page: number;
  pages: number;
  published: number;
}

export function ProfileReviews({
  profile,
  list,
}: {
  profile: { name: string; slug: string; rating: { value: number; reviews: number } | null };
  list: ProfileReviewList;
}) {
  const { t } = useLingui();
  const localize = useLocalize();
  const name = profile.name;
  return (
    <Section id="reviews" title={t`Reviews`}>
      <div className="grid gap-1">
        {profile.rating ? (
          <Rating value={profile.rating.value} reviews={profile.rating.reviews} />
        ) : null}
        <p className="text-sm text-muted">
          {list.published === 0
            ? t`Only homeowners who hired ${name} through us can review them, once the job is done.`
            : t`Every review is from a homeowner who hired ${name} through us and marked the job completed.`}{" "}
          <Link reloadDocument to={localize("/review-policy")} className="text-navy-700 underline">
            <Trans>Our review policy</Trans>
          </Link>
        </p>
      </div>
      {list.reviews.length > 0 ? (
        <ol className="grid">
          {list.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} businessName={profile.name} />
          ))}
        </ol>
      ) : null}
      <ReviewPages
        page={list.page}
        pages={list.pages}
        link={(page) => `/pros/${profile.slug}?reviews=${String(page)}#reviews`}
      />
    </Section>
  );
}
