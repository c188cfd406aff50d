/**
 * The console's reported reviews, as /admin/reviews draws them: a waiting
 * review in full with its reports and the three decision forms (each a plain
 * form post), and the decisions made. The route reads and decides.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Field, FormAlert, Select, describedBy } from "~/components/ui/form-controls";
import { CONSOLE_LINK, ConsoleTable, utcMinute } from "~/features/operator";
import { REMOVAL_REASONS, REMOVAL_REASON_TEXT, removedText } from "./limits";
import type { DecidedReview, WaitingReview } from "./moderation.server";
import type { ReportDecision } from "./review-decisions.server";

export const DECISION_INTENTS = ["remove", "keep", "disclose"] as const;
export type DecisionIntent = (typeof DECISION_INTENTS)[number];

export const DECISION_TEXT: Record<ReportDecision, string> = {
  removed: "Removed",
  kept: "Kept",
  disclosed: "Kept, connection disclosed",
};

type Waiting = WaitingReview;
type Decided = DecidedReview;
type Review = Waiting["review"];
/** A refused decision, beside its review's forms, with the choice kept. */
export type Answer = {
  reviewId: string;
  intent: DecisionIntent | null;
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
  const hidden = (intent: DecisionIntent) => (
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

export function WaitingList({
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

export function DecidedList({ entries, page }: { entries: Decided[]; page: number }) {
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
