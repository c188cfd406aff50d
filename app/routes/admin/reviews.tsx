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
import type { ReactNode } from "react";
import { data, Form, Link, redirect } from "react-router";
import { Field, FormAlert, Select, describedBy } from "~/components/ui/form-controls";
import { NO_STORE } from "~/features/auth/require-user.server";
import { formValues, orNotFound } from "~/features/marketplace/answers.server";
import {
  CONSOLE_LINK,
  ConsoleTable,
  PageLinks,
  utcMinute,
} from "~/features/operator/console-parts";
import { requireOperator } from "~/features/operator/require-operator.server";
import { REMOVAL_REASONS, REMOVAL_REASON_TEXT, removedText } from "~/features/reviews/limits";
import {
  decideReview,
  decidedReviewReports,
  reviewReportCounts,
  waitingReviewReports,
  type ReportDecision,
  type ReviewDecisionInput,
} from "~/features/reviews/moderation.server";
import { getDb } from "~/lib/app-context.server";
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

const DECISION_TEXT: Record<ReportDecision, string> = {
  removed: "Removed",
  kept: "Kept",
  disclosed: "Kept, connection disclosed",
};

const INTENTS = ["remove", "keep", "disclose"] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: unknown): value is Intent => INTENTS.some((intent) => intent === value);

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

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireOperator(request, context);
  const db = getDb(context);
  const tab: Tab = url.searchParams.get("tab") === "decided" ? "decided" : "waiting";
  const page = pageOf(url.searchParams.get("page"));
  const done = url.searchParams.get("done");
  const [counts, waiting, decided] = await Promise.all([
    reviewReportCounts(db),
    tab === "waiting" ? waitingReviewReports(db, page) : null,
    tab === "decided" ? decidedReviewReports(db, page) : null,
  ]);
  return data(
    {
      tab,
      page,
      counts,
      more: (waiting ?? decided)?.more ?? false,
      waiting: waiting?.entries ?? [],
      decided: decided?.entries ?? [],
      notice: isDecision(done) ? NOTICES[done] : null,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireOperator(request, context);
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
      { status: 400, headers: NO_STORE },
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
      { status: outcome.status, headers: NO_STORE },
    );
  }
  return redirect(queuePath("waiting", pageOf(values.page), outcome.decision), {
    headers: NO_STORE,
  });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Reported reviews | Console | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

type LoaderData = Route.ComponentProps["loaderData"];
type Waiting = LoaderData["waiting"][number];
type Decided = LoaderData["decided"][number];
type Review = Waiting["review"];
type Answer = {
  reviewId: string;
  intent: Intent | null;
  reason: string;
  formError?: string;
  reasonError?: string;
};

const BUTTON = "rounded-control px-3 py-1.5 text-sm font-semibold";

const starsText = (stars: number) => `${String(stars)} out of 5 stars`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-navy-900">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

/** The review as its author wrote it, with what the business and the site added. */
function ReviewText({ review }: { review: Review }) {
  return (
    <div className="grid gap-2">
      <p className="font-semibold text-navy-900">{starsText(review.stars)}</p>
      <p className="text-muted">{review.hireLine}</p>
      {review.insider ? (
        <p className="font-medium text-navy-900">
          Disclosed: written by someone connected to the business.
        </p>
      ) : null}
      <blockquote className="border-l-4 border-navy-300 pl-3 whitespace-pre-wrap break-words">
        {review.body}
      </blockquote>
      {review.removed ? (
        <p className="font-medium text-danger-700">
          Already removed {utcMinute(review.removed.at)} UTC: {removedText(review.removed.reason)}
        </p>
      ) : null}
    </div>
  );
}

function ReviewFacts({ entry }: { entry: Waiting | Decided }) {
  const { review, business } = entry;
  return (
    <dl className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <Fact label="Business">
        <a href={`/pros/${business.slug}`} className={CONSOLE_LINK}>
          {business.name}
        </a>{" "}
        (
        <Link to={`/admin/contractors/${business.id}`} className={CONSOLE_LINK}>
          console page<span className="sr-only"> of {business.name}</span>
        </Link>
        )
      </Fact>
      <Fact label="Written by">{review.authorName}</Fact>
      <Fact label="Published (UTC)">{utcMinute(review.createdAt)}</Fact>
      <Fact label="Edited (UTC)">{review.edited ? utcMinute(review.editedAt) : "Not edited"}</Fact>
      <Fact label="Reply from the business">
        {review.reply ? (
          <>
            <span className="whitespace-pre-wrap">{review.reply.body}</span>{" "}
            <span className="text-muted">({utcMinute(review.reply.at)} UTC)</span>
          </>
        ) : (
          "No reply"
        )}
      </Fact>
    </dl>
  );
}

function Reports({ entry, caption }: { entry: Waiting | Decided; caption: string }) {
  return (
    <ConsoleTable
      caption={caption}
      captionHidden
      headings={["Policy reason", "Note", "Reported by", "Reported (UTC)"]}
    >
      {entry.reports.map((report) => (
        <tr key={report.id} className="border-b border-line/60 align-top">
          <th scope="row" className="py-2 pr-4 font-semibold">
            {REMOVAL_REASON_TEXT[report.reason].label}
          </th>
          <td className="py-2 pr-4 whitespace-pre-wrap break-words">
            {report.note === "" ? <span className="text-muted">No note</span> : report.note}
          </td>
          <td className="py-2 pr-4">
            {report.reporter ? (
              <Link to={`/admin/people/${report.reporter.id}`} className={CONSOLE_LINK}>
                {report.reporter.name}
              </Link>
            ) : (
              "A deleted account"
            )}
          </td>
          <td className="py-2 pr-4 whitespace-nowrap">{utcMinute(report.reportedAt)}</td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

/** The three decisions, each its own form; a refusal shows beside its form. */
function DecideForms({ entry, page, answer }: { entry: Waiting; page: number; answer?: Answer }) {
  const { review, business } = entry;
  const selectId = `reason-${review.id}`;
  const whose = ` by ${review.authorName} of ${business.name}`;
  const chosen = answer?.intent === "remove" ? answer.reason : entry.mostReported;
  const hidden = (intent: Intent) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="reviewId" value={review.id} />
      <input type="hidden" name="page" value={String(page)} />
    </>
  );
  return (
    <div className="grid gap-4 border-t border-line pt-4">
      <FormAlert message={answer?.formError} />
      <Form method="post" className="grid max-w-xl gap-2">
        {hidden("remove")}
        <Field
          id={selectId}
          label={
            <>
              Policy reason for removing it<span className="sr-only">{`, the review${whose}`}</span>
            </>
          }
          error={answer?.reasonError}
          hint={`A removed review no longer counts in the business's rating. In its place the public profile shows the reason chosen here, for example: “${removedText(entry.mostReported)}”`}
        >
          <Select
            id={selectId}
            name="reason"
            required
            defaultValue={chosen}
            {...describedBy(selectId, answer?.reasonError, true)}
          >
            <option value="">Choose a rule of the review policy</option>
            {REMOVAL_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {REMOVAL_REASON_TEXT[reason].label}
              </option>
            ))}
          </Select>
        </Field>
        <button type="submit" className={`${BUTTON} justify-self-start bg-danger-700 text-white`}>
          Remove the review<span className="sr-only">{whose}</span>
        </button>
      </Form>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          {hidden("keep")}
          <button type="submit" className={`${BUTTON} border border-navy-300 text-navy-900`}>
            Keep the review<span className="sr-only">{whose}</span>
          </button>
        </Form>
        {review.insider ? null : (
          <Form method="post">
            {hidden("disclose")}
            <button type="submit" className={`${BUTTON} border border-navy-300 text-navy-900`}>
              Keep and disclose the connection<span className="sr-only">{whose}</span>
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}

function WaitingCard({ entry, page, answer }: { entry: Waiting; page: number; answer?: Answer }) {
  const { review, business } = entry;
  const titleId = `review-${review.id}`;
  const n = entry.reports.length;
  return (
    <article
      aria-labelledby={titleId}
      className="grid gap-4 rounded-card border border-line bg-surface p-4 text-sm"
    >
      <h2 id={titleId} className="text-lg font-semibold text-navy-900">
        {`Review of ${business.name} by ${review.authorName}`}
      </h2>
      <ReviewText review={review} />
      <ReviewFacts entry={entry} />
      <h3 className="font-semibold text-navy-900">
        {n === 1 ? "1 report waiting" : `${String(n)} reports waiting`}
      </h3>
      <Reports
        entry={entry}
        caption={`Reports of the review of ${business.name} by ${review.authorName}, oldest first`}
      />
      <DecideForms entry={entry} page={page} answer={answer} />
    </article>
  );
}

function WaitingList({
  entries,
  total,
  page,
  answer,
}: {
  entries: Waiting[];
  total: number;
  page: number;
  answer?: Answer;
}) {
  if (entries.length === 0) return <p className="text-muted">No reported review is waiting.</p>;
  return (
    <>
      <p className="text-muted">
        {total === 1
          ? "1 review waiting."
          : `${String(total)} reviews waiting, the longest waiting first.`}
      </p>
      <ol className="grid gap-4">
        {entries.map((entry) => (
          <li key={entry.review.id}>
            <WaitingCard
              entry={entry}
              page={page}
              answer={answer?.reviewId === entry.review.id ? answer : undefined}
            />
          </li>
        ))}
      </ol>
    </>
  );
}

function DecidedList({ entries, page }: { entries: Decided[]; page: number }) {
  if (entries.length === 0) return <p className="text-muted">No report has been decided yet.</p>;
  return (
    <ConsoleTable
      caption={`Decided reports, the newest decision first${page > 1 ? `, page ${String(page)}` : ""}`}
      headings={["Review", "Business", "Reports", "Decision", "Decided (UTC)", "By"]}
    >
      {entries.map((entry) => (
        <tr
          key={`${entry.review.id} ${entry.decidedAt}`}
          className="border-b border-line/60 align-top"
        >
          <td className="max-w-md py-2 pr-4">
            <p className="font-semibold">
              {`${starsText(entry.review.stars)}, by ${entry.review.authorName}`}
            </p>
            <p className="text-muted">{entry.review.hireLine}</p>
            <p className="line-clamp-3 break-words whitespace-pre-wrap">{entry.review.body}</p>
          </td>
          <td className="py-2 pr-4">
            <Link to={`/admin/contractors/${entry.business.id}`} className={CONSOLE_LINK}>
              {entry.business.name}
            </Link>
          </td>
          <td className="py-2 pr-4">
            <ul className="grid gap-1">
              {entry.reports.map((report) => (
                <li key={report.id}>
                  {REMOVAL_REASON_TEXT[report.reason].label}
                  {report.reporter ? ` (${report.reporter.name})` : ""}
                </li>
              ))}
            </ul>
          </td>
          <td className="py-2 pr-4">
            {entry.reason
              ? `${DECISION_TEXT[entry.decision]}: ${REMOVAL_REASON_TEXT[entry.reason].label}`
              : DECISION_TEXT[entry.decision]}
          </td>
          <td className="py-2 pr-4 whitespace-nowrap">{utcMinute(entry.decidedAt)}</td>
          <td className="py-2 pr-4 break-all">{entry.decidedBy ?? "—"}</td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

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
