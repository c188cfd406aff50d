/**
 * /pro/reviews: the reviews of the pro's business, newest first, each with
 * the business's one public reply and a report to the console. Only the
 * business's owner: another business's id (?business=) is the 404.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-controls";
import { signedInUser } from "~/features/auth/signed-in.server";
import { serviceLabel } from "~/features/content/service-label.server";
import { orNotFound } from "~/features/marketplace/answers.server";
import { chosenBusiness } from "~/features/marketplace/inbox.server";
import { ReplyForm, ReportForm, type OwnerFailure } from "~/features/reviews/owner-forms";
import { reviewAnchor, ReviewItem, ReviewPages } from "~/features/reviews/review-parts";
import { replyToReview, reportReview } from "~/features/reviews/review-answers.server";
import { ReviewRefused } from "~/features/reviews/review-checks.server";
import { reviewsForOwner } from "~/features/reviews/review-lists.server";
import { getDb } from "~/lib/app-context.server";
import { announceBusinesses } from "~/features/fresh-pages/index.server";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/reviews";

const brand = BRAND.name;

export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  const db = getDb(context);
  const owned = await orNotFound(chosenBusiness(db, user.id, url));
  if (!owned) throw redirect(localizePath("/pro/join", locale));
  const page = Number(url.searchParams.get("page") ?? "1");
  const list = await reviewsForOwner(
    db,
    user.id,
    owned.business.id,
    Number.isInteger(page) ? page : 1,
  );
  return data({
    business: { id: owned.business.id, name: owned.business.name, slug: owned.business.slug },
    list: {
      ...list,
      reviews: list.reviews.map(({ service, ...review }) => ({
        ...review,
        serviceLabel: service ? serviceLabel(service, locale) : null,
      })),
    },
    notice: url.searchParams.get("done"),
    title: translate(locale, msg`Reviews | ${brand} for pros`),
  });
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request, context, url }: Route.ActionArgs) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  const db = getDb(context);
  // Another person's business (?business=) is the 404 before anything is read.
  const owned = await orNotFound(chosenBusiness(db, user.id, url));
  if (!owned) throw redirect(localizePath("/pro/join", locale));
  const form = await request.formData();
  const reviewId = text(form, "reviewId");
  const intent = form.get("intent") === "report" ? "report" : "reply";
  const values = {
    reply: text(form, "reply"),
    reason: text(form, "reason"),
    note: text(form, "note"),
  };
  try {
    if (intent === "reply") {
      await orNotFound(replyToReview(db, user.id, reviewId, values.reply));
    } else {
      await orNotFound(
        reportReview(db, user.id, reviewId, { reason: values.reason, note: values.note }),
      );
    }
  } catch (error) {
    if (!(error instanceof ReviewRefused)) throw error;
    const field =
      error.field === "reply" || error.field === "reason" || error.field === "note"
        ? error.field
        : "form";
    return data<OwnerFailure>(
      { intent, reviewId, errors: { [field]: error.in(locale) }, values },
      { status: error.status },
    );
  }
  // A reply shows on the profile (decision 041); a report changes nothing public yet.
  if (intent === "reply") await announceBusinesses(context, [owned.business.id]);
  const back = new URLSearchParams({ business: owned.business.id, done: intent });
  return redirect(
    localizePath(`/pro/reviews?${back.toString()}#${reviewAnchor(reviewId)}`, locale),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData.title },
  { name: "robots", content: "noindex, nofollow" },
];

const NOTICES: Record<string, MessageDescriptor> = {
  reply: msg`Your reply is published under the review.`,
  report: msg`Thank you. An operator will look at the review and decide under our review policy.`,
};

export default function ProReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { business, list, notice } = loaderData;
  const { i18n } = useLingui();
  const localize = useLocalize();
  const name = business.name;
  const shown = notice ? NOTICES[notice] : undefined;
  return (
    <section aria-labelledby="reviews-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="reviews-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          <Trans>Reviews of {name}</Trans>
        </h1>
        <p className="text-muted">
          <Trans>
            Homeowners who hired you through us review you once the job is done, and the review is
            published at once. You can reply once, publicly, and report a review that breaks{" "}
            <Link to={localize("/review-policy")} className="font-medium text-navy-700 underline">
              our review policy
            </Link>
            .
          </Trans>
        </p>
      </div>
      <FormAlert tone="success" message={shown ? i18n._(shown) : undefined} />
      {list.reviews.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-muted shadow-card">
          <Trans>
            No reviews yet. When a homeowner who hired you marks the job completed, they are asked
            to review you.
          </Trans>
        </p>
      ) : (
        <ol className="grid rounded-card bg-surface px-6 shadow-card">
          {list.reviews.map((review) => {
            const failure = actionData?.reviewId === review.id ? actionData : undefined;
            const open = review.removedReason === null;
            return (
              <ReviewItem
                key={review.id}
                review={review}
                businessName={business.name}
                actions={
                  open ? (
                    <div className="grid gap-3">
                      {review.reply ? null : (
                        <ReplyForm
                          reviewId={review.id}
                          failure={failure?.intent === "reply" ? failure : undefined}
                        />
                      )}
                      {list.reported.includes(review.id) ? (
                        <p className="text-sm text-muted">
                          <Trans>You reported this review. An operator will decide.</Trans>
                        </p>
                      ) : (
                        <ReportForm
                          reviewId={review.id}
                          failure={failure?.intent === "report" ? failure : undefined}
                        />
                      )}
                    </div>
                  ) : null
                }
              />
            );
          })}
        </ol>
      )}
      <ReviewPages
        page={list.page}
        pages={list.pages}
        link={(page) => `/pro/reviews?business=${business.id}&page=${String(page)}`}
      />
    </section>
  );
}
