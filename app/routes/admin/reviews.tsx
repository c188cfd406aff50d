/**
 * Reported reviews (issue 22): the queue of reviews a pro reported, one
 * entry per review with every report still waiting, the longest waiting
 * first, 50 a page; and the decisions made (?tab=decided), newest first.
 * An operator removes a review for a rule of the review policy (the public
 * profile then shows that reason in its place), keeps it, or keeps it and
 * discloses that its author is connected to the business. Each decision
 * writes its audit row; the page comes back with a notice (Post/Redirect/Get)
 * or, refused, with the message beside the form and the choice kept.
 */
import { data, Link, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-controls";
import { orNotFound } from "~/features/marketplace/answers.server";
import { formValues } from "~/lib/forms";
import { CONSOLE_LINK, PageLinks } from "~/features/operator/console-parts";
import { consoleOperator } from "~/features/operator/require-operator.server";
import {
  decidedReviewReports,
  reviewReportCounts,
  waitingReviewReports,
} from "~/features/reviews/moderation.server";
import {
  decideReview,
  type ReportDecision,
  type ReviewDecisionInput,
} from "~/features/reviews/review-decisions.server";
import {
  DECISION_INTENTS,
  DecidedList,
  WaitingList,
  type Answer,
  type DecisionIntent,
} from "~/features/reviews/console-review-parts";
import { getDb } from "~/lib/app-context.server";
import { keysOfReview } from "~/features/fresh-pages/index.server";
import { announceStale } from "~/lib/stale-pages.server";
import { PUBLIC_PAGE_MINUTES } from "~/lib/page-headers";
import { BRAND } from "~/site";
import type { Route } from "./+types/reviews";

type Tab = "waiting" | "decided";
const TABS: readonly Tab[] = ["waiting", "decided"];
const TAB_LABELS: Record<Tab, string> = { waiting: "Waiting", decided: "Decided" };

/** Public profiles are kept up to 5 minutes by the page cache (decision 007). */
const WITHIN = `within ${PUBLIC_PAGE_MINUTES.toString()} minutes`;
const NOTICES: Record<ReportDecision, string> = {
  removed: `The review is removed: the public profile shows the policy reason in its place ${WITHIN}, and the business's rating no longer counts it.`,
  kept: "The review is kept as it was.",
  disclosed: `The review is kept and marked as written by someone connected to the business: the public profile says so ${WITHIN}.`,
};
const isDecision = (value: unknown): value is ReportDecision =>
  value === "removed" || value === "kept" || value === "disclosed";

type Intent = DecisionIntent;
const isIntent = (value: unknown): value is Intent =>
  DECISION_INTENTS.some((intent) => intent === value);

/** A page number from the address or a form: 1 for anything else. */
const pageOf = (value: string | null | undefined) =>
  value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;

const queuePath = (tab: Tab, page: number, done?: ReportDecision) => {
  const query = new URLSearchParams();
  if (tab === "decided") query.set("tab", tab);
  if (page > 1) query.set("page", String(page));
  if (done) query.set("done", done);
  const search = query.toString();
  return search ? `/admin/reviews?${search}` : "/admin/reviews";
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const db = getDb(context);
  const tab: Tab = url.searchParams.get("tab") === "decided" ? "decided" : "waiting";
  const page = pageOf(url.searchParams.get("page"));
  const done = url.searchParams.get("done");
  const [counts, waiting, decided] = await Promise.all([
    reviewReportCounts(db),
    tab === "waiting" ? waitingReviewReports(db, page) : null,
    tab === "decided" ? decidedReviewReports(db, page) : null,
  ]);
  return data({
    tab,
    page,
    counts,
    more: (waiting ?? decided)?.more ?? false,
    waiting: waiting?.entries ?? [],
    decided: decided?.entries ?? [],
    notice: isDecision(done) ? NOTICES[done] : null,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = consoleOperator(context);
  const values = formValues(await request.formData());
  const reviewId = values.reviewId ?? "";
  const reason = values.reason ?? "";
  const intent = values.intent;
  const answer = { reviewId, intent: isIntent(intent) ? intent : null, reason };
  if (!isIntent(intent)) {
    return data(
      {
        ...answer,
        formError:
          "Choose “Remove the review”, “Keep the review” or “Keep and disclose the connection”.",
      },
      { status: 400 },
    );
  }
  const decision: ReviewDecisionInput =
    intent === "remove" ? { kind: "remove", reason } : { kind: intent };
  const outcome = await orNotFound(
    decideReview(getDb(context), { id: user.id, email: user.email }, reviewId, decision),
  );
  if (!outcome.ok) {
    return data(
      outcome.status === 400
        ? { ...answer, reasonError: outcome.errors.reason }
        : { ...answer, formError: outcome.formError },
      { status: outcome.status },
    );
  }
  // Removed or marked, the review and the rating change where the business shows (decision 041).
  await announceStale(context, await keysOfReview(getDb(context), reviewId));
  return redirect(queuePath("waiting", pageOf(values.page), outcome.decision));
}

export const meta: Route.MetaFunction = () => [
  { title: `Reported reviews | Console | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, page, more, counts, waiting, decided, notice } = loaderData;
  const answer: Answer | undefined = actionData ?? undefined;
  // A refusal for a review no longer on the page (decided meanwhile) shows at the top.
  const onPage = waiting.some((entry) => entry.review.id === answer?.reviewId);
  return (
    <section aria-labelledby="reviews-title" className="grid gap-6">
      <h1 id="reviews-title" className="text-2xl font-bold text-navy-900">
        Reported reviews
      </h1>
      <p className="max-w-3xl text-sm text-muted">
        A review is removed only for a rule of the{" "}
        <a href="/review-policy" className={CONSOLE_LINK}>
          review policy
        </a>
        , the same for a good review and a bad one, never for its rating or its opinion of the work.
      </p>
      <FormAlert tone="success" message={notice ?? undefined} />
      {onPage ? null : <FormAlert message={answer?.formError ?? answer?.reasonError} />}
      <nav aria-label="Reported reviews by state" className="flex flex-wrap gap-4 text-sm">
        {TABS.map((name) => (
          <Link
            key={name}
            to={queuePath(name, 1)}
            aria-current={name === tab ? "page" : undefined}
            className="font-medium text-navy-700 underline underline-offset-2 aria-[current=page]:font-bold aria-[current=page]:text-navy-900 aria-[current=page]:no-underline"
          >
            {`${TAB_LABELS[name]} (${String(counts[name])})`}
          </Link>
        ))}
      </nav>
      {tab === "waiting" ? (
        <WaitingList entries={waiting} total={counts.waiting} page={page} answer={answer} />
      ) : (
        <DecidedList entries={decided} page={page} />
      )}
      <PageLinks
        label={tab === "waiting" ? "Pages of waiting reviews" : "Pages of decisions"}
        page={page}
        more={more}
        link={(n) => queuePath(tab, n)}
      />
    </section>
  );
}
