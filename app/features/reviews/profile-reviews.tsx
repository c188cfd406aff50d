/**
 * A real business's reviews on its public profile: the verified figures,
 * then the reviews newest first, a page at a time, with a link to the rules
 * every review follows. Sample listings have none (their figures are made up).
 */
import { Link } from "react-router";
import { Rating } from "~/components/ui/rating";
import { Section } from "~/features/contractors/profile-parts";
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
  return (
    <Section id="reviews" title="Reviews">
      <div className="grid gap-1">
        {profile.rating ? (
          <Rating value={profile.rating.value} reviews={profile.rating.reviews} />
        ) : null}
        <p className="text-sm text-muted">
          {list.published === 0
            ? `Only homeowners who hired ${profile.name} through us can review them, once the job is done.`
            : `Every review is from a homeowner who hired ${profile.name} through us and marked the job completed.`}{" "}
          <Link to="/review-policy" className="text-navy-700 underline">
            Our review policy
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
