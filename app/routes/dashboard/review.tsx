/**
 * /dashboard/projects/:id/review: the homeowner reviews the pro they hired
 * for this project once it is completed, or edits their review within the
 * edit window. Only the project's homeowner: anyone else gets the 404.
 */
import { data, Link, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-controls";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { serviceLabel } from "~/features/content/service-label.server";
import { notFound, orNotFound } from "~/features/marketplace/answers.server";
import { PhotoRefused, readPhotoUploads } from "~/features/marketplace/photos.server";
import { REVIEW_ERRORS, REVIEW_MAX_PHOTOS, removedText } from "~/features/reviews/limits";
import { ReviewForm, type ReviewFormErrors } from "~/features/reviews/review-form";
import { ReviewInvalid, ReviewRefused } from "~/features/reviews/review-checks.server";
import { editReview, reviewChance, writeReview } from "~/features/reviews/reviews.server";
import { getDb } from "~/lib/app-context.server";
import { mediumDate } from "~/lib/dates";
import { BRAND } from "~/site";
import type { Route } from "./+types/review";
import { localeOfRequest } from "~/lib/locale-path";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const user = await requireUser(request, context, url.pathname);
  const chance = await orNotFound(reviewChance(getDb(context), user.id, params.id));
  if (!chance) throw redirect(`/dashboard/projects/${params.id}`);
  return data(
    { chance, service: chance.service ? serviceLabel(chance.service, locale) : null },
    { headers: NO_STORE },
  );
}

interface Failure {
  errors: ReviewFormErrors;
  values: { stars: string; body: string };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context, `/dashboard/projects/${params.id}/review`);
  const db = getDb(context);
  // Before the body is read: another person's project is the 404, whatever was posted.
  const chance = await orNotFound(reviewChance(db, user.id, params.id));
  if (!chance) notFound();
  let read: Awaited<ReturnType<typeof readPhotoUploads>>;
  try {
    read = await readPhotoUploads(request);
  } catch (error) {
    if (!(error instanceof PhotoRefused)) throw error;
    return data<Failure>(
      { errors: { photos: error.message }, values: { stars: "", body: "" } },
      { status: error.status, headers: NO_STORE },
    );
  }
  const { form, files } = read;
  const values = { stars: text(form, "stars"), body: text(form, "body") };
  try {
    if (form.get("intent") === "edit" && chance.review) {
      await editReview(db, user.id, chance.review.id, values, files);
    } else {
      await writeReview(db, user.id, params.id, values, files);
    }
  } catch (error) {
    if (error instanceof ReviewInvalid) {
      return data<Failure>({ errors: error.errors, values }, { status: 400, headers: NO_STORE });
    }
    if (error instanceof ReviewRefused) {
      const field = error.field === "photos" ? "photos" : "form";
      return data<Failure>(
        { errors: { [field]: error.message }, values },
        { status: error.status, headers: NO_STORE },
      );
    }
    throw error;
  }
  return redirect(`/dashboard/projects/${params.id}?reviewed#review`);
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Review ${loaderData.chance.business.name} | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { chance, service } = loaderData;
  const { review, business } = chance;
  const editing = review !== null;
  const blocked = !chance.completed
    ? REVIEW_ERRORS.notCompleted
    : chance.ownBusiness
      ? REVIEW_ERRORS.ownBusiness
      : review?.removedReason
        ? removedText(review.removedReason)
        : review && !review.canEdit
          ? REVIEW_ERRORS.editClosed
          : null;
  return (
    <section aria-labelledby="review-title" className="grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Link
          to={`/dashboard/projects/${chance.leadId}`}
          className="text-sm font-medium text-navy-700 underline"
        >
          Back to the project
        </Link>
        <h1 id="review-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          {editing ? "Edit your review of" : "Review"} {business.name}
        </h1>
        <p className="text-muted">
          {[service, "Verified hire"].filter(Boolean).join(" · ")}. Your review is published on{" "}
          <Link to={`/pros/${business.slug}`} className="text-navy-700 underline">
            their profile
          </Link>{" "}
          at once, with your first name and last initial.
          {editing && review.canEdit
            ? ` You can change it until ${mediumDate(review.editableUntil)}; earlier versions are kept.`
            : " You can edit it for 30 days; earlier versions are kept."}{" "}
          <Link to="/review-policy" className="text-navy-700 underline">
            Our review policy
          </Link>
        </p>
      </div>
      {blocked ? (
        <FormAlert message={blocked} />
      ) : (
        <div className="rounded-card bg-surface p-6 shadow-card">
          <ReviewForm
            businessName={business.name}
            intent={editing ? "edit" : "write"}
            values={
              actionData?.values ?? {
                stars: review ? String(review.stars) : "",
                body: review?.body ?? "",
              }
            }
            errors={actionData?.errors}
            photosLeft={REVIEW_MAX_PHOTOS - (review?.photoCount ?? 0)}
          />
        </div>
      )}
    </section>
  );
}
