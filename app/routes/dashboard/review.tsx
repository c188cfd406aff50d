/**
 * /dashboard/projects/:id/review: the homeowner reviews the pro they hired
 * for this project once it is completed, or edits their review within the
 * edit window. Only the project's homeowner: anyone else gets the 404.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-controls";
import { signedInUser } from "~/features/auth/signed-in.server";
import { serviceLabel } from "~/features/content/service-label.server";
import { notFound, orNotFound } from "~/features/marketplace/answers.server";
import { PhotoRefused, readPhotoUploads } from "~/features/marketplace/photos.server";
import { REMOVAL_REASON_MESSAGES, REVIEW_MAX_PHOTOS } from "~/features/reviews/limits";
import { ReviewForm, type ReviewFormErrors } from "~/features/reviews/review-form";
import {
  ReviewInvalid,
  ReviewRefused,
  REVIEW_REFUSALS,
} from "~/features/reviews/review-checks.server";
import { editReview, reviewChance, writeReview } from "~/features/reviews/reviews.server";
import { zoneReader } from "~/features/visits/index.server";
import { getDb } from "~/lib/app-context.server";
import { announceBusinesses } from "~/features/fresh-pages/index.server";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { useLocalize } from "~/lib/use-locale";
import { dateInZone } from "~/lib/zone-time";
import { BRAND } from "~/site";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/review";

export async function loader({ context, params }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  const db = getDb(context);
  const chance = await orNotFound(reviewChance(db, user.id, params.id));
  if (!chance) throw redirect(localizePath(`/dashboard/projects/${params.id}`, locale));
  const { review } = chance;
  // The edit window's last day in the job's zone (in UTC's, an evening's would be tomorrow's).
  const zone = await zoneReader(db).job(chance.citySlug, chance.business.id);
  const editableOn = review ? dateInZone(new Date(review.editableUntil), zone, locale) : "";
  // Why the form is not shown, in the page's language.
  const blocked = !chance.completed
    ? REVIEW_REFUSALS.notCompleted(locale)
    : chance.ownBusiness
      ? REVIEW_REFUSALS.ownBusiness(locale)
      : review?.removedReason
        ? translate(locale, REMOVAL_REASON_MESSAGES[review.removedReason].removed)
        : review && !review.canEdit
          ? REVIEW_REFUSALS.editClosed(locale)
          : null;
  const name = chance.business.name;
  return data({
    chance,
    editableOn,
    service: chance.service ? serviceLabel(chance.service, locale) : null,
    blocked,
    title: translate(locale, msg`Review ${name}`),
  });
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
  const locale = localeOf(context);
  const user = signedInUser(context);
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
      { status: error.status },
    );
  }
  const { form, files } = read;
  const values = { stars: text(form, "stars"), body: text(form, "body") };
  try {
    if (form.get("intent") === "edit" && chance.review) {
      await editReview(db, user.id, chance.review.id, values, files, new Date(), locale);
    } else {
      await writeReview(db, user.id, params.id, values, files, new Date(), locale);
    }
  } catch (error) {
    if (error instanceof ReviewInvalid) {
      return data<Failure>({ errors: error.errorsIn(locale), values }, { status: 400 });
    }
    if (error instanceof ReviewRefused) {
      const field = error.field === "photos" ? "photos" : "form";
      return data<Failure>(
        { errors: { [field]: error.in(locale) }, values },
        { status: error.status },
      );
    }
    throw error;
  }
  // The business's profile and rating, wherever it is listed (decision 041).
  await announceBusinesses(context, [chance.business.id]);
  return redirect(localizePath(`/dashboard/projects/${params.id}?reviewed#review`, locale));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData.title} | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** Arriving from another page: a project's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), loadCatalogs("projects")]);
  return loaded;
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { chance, service, blocked } = loaderData;
  const { review, business } = chance;
  const { t } = useLingui();
  const localize = useLocalize();
  const editing = review !== null;
  const name = business.name;
  const head = [service, t`Verified hire`].filter(Boolean).join(" · ");
  const until = loaderData.editableOn;
  return (
    <section aria-labelledby="review-title" className="grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Link
          to={localize(`/dashboard/projects/${chance.leadId}`)}
          className="text-sm font-medium text-navy-700 underline"
        >
          <Trans>Back to the project</Trans>
        </Link>
        <h1 id="review-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          {editing ? t`Edit your review of ${name}` : t`Review ${name}`}
        </h1>
        <p className="text-muted">
          <Trans>
            {head}. Your review is published on{" "}
            <Link to={localize(`/pros/${business.slug}`)} className="text-navy-700 underline">
              their profile
            </Link>{" "}
            at once, with your first name and last initial.
          </Trans>{" "}
          {editing && review.canEdit ? (
            <Trans>You can change it until {until}; earlier versions are kept.</Trans>
          ) : (
            <Trans>You can edit it for 30 days; earlier versions are kept.</Trans>
          )}{" "}
          <Link to={localize("/review-policy")} className="text-navy-700 underline">
            <Trans>Our review policy</Trans>
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
