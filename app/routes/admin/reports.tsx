/**
 * Reported messages: the console's queue, oldest first, 50 at a time (a
 * decided report leaves it, so the next ones move up). "Remove the message"
 * hides its text and photos from both sides; "Keep it" leaves it. Each
 * decision writes its audit row, then the page comes back with a notice
 * (Post/Redirect/Get).
 */
import { inArray } from "drizzle-orm";
import { data, Form, Link, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-controls";
import {
  REPORTS_PAGE_SIZE,
  decideReport,
  waitingReports,
} from "~/features/conversations/reports.server";
import { orNotFound } from "~/features/marketplace/answers.server";
import { formValues } from "~/lib/forms";
import { CONSOLE_LINK, utcMinute } from "~/features/operator/console-parts";
import { consoleOperator } from "~/features/operator/require-operator.server";
import { getDb } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import { leads } from "../../../database/schema";
import type { Route } from "./+types/reports";

const DECISIONS = ["removed", "kept"] as const;
type Decision = (typeof DECISIONS)[number];
const isDecision = (value: unknown): value is Decision =>
  DECISIONS.some((decision) => decision === value);

const NOTICES: Record<Decision, string> = {
  removed: "The message is removed: neither side sees its text or photos any more.",
  kept: "The message is kept as it was.",
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const db = getDb(context);
  const { reports, total } = await waitingReports(db);
  // Each thread's homeowner, as their request names them.
  const leadIds = [...new Set(reports.map((report) => report.thread.leadId))];
  const homeowners =
    leadIds.length === 0
      ? []
      : await db
          .select({ id: leads.id, name: leads.name })
          .from(leads)
          .where(inArray(leads.id, leadIds));
  const homeownerOf = new Map(homeowners.map((row) => [row.id, row.name]));
  const done = url.searchParams.get("done");
  return data({
    total,
    pageSize: REPORTS_PAGE_SIZE,
    notice: isDecision(done) ? NOTICES[done] : null,
    reports: reports.map((report) => ({
      ...report,
      homeownerName: homeownerOf.get(report.thread.leadId) ?? "The homeowner",
    })),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = consoleOperator(context);
  const values = formValues(await request.formData());
  if (values.intent !== "decide" || !isDecision(values.decision)) {
    return data({ formError: "Choose “Remove the message” or “Keep it”." }, { status: 400 });
  }
  const outcome = await orNotFound(
    decideReport(
      getDb(context),
      { id: user.id, email: user.email },
      values.reportId,
      values.decision,
    ),
  );
  if (!outcome.ok) {
    return data({ formError: outcome.error }, { status: outcome.status });
  }
  return redirect(`/admin/reports?done=${values.decision}`);
}

export const meta: Route.MetaFunction = () => [
  { title: `Reported messages | Console | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

const BUTTON = "rounded-control px-3 py-1.5 text-sm font-semibold";

type Report = Route.ComponentProps["loaderData"]["reports"][number];

function DecideButtons({ report }: { report: Report }) {
  const id = String(report.reportId);
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post">
        <input type="hidden" name="intent" value="decide" />
        <input type="hidden" name="reportId" value={id} />
        <input type="hidden" name="decision" value="removed" />
        <button type="submit" className={`${BUTTON} bg-danger-700 text-white`}>
          Remove the message<span className="sr-only"> (report {id})</span>
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="decide" />
        <input type="hidden" name="reportId" value={id} />
        <input type="hidden" name="decision" value="kept" />
        <button type="submit" className={`${BUTTON} border border-navy-300 text-navy-900`}>
          Keep it<span className="sr-only"> (report {id})</span>
        </button>
      </Form>
    </div>
  );
}

function ReportCard({ report }: { report: Report }) {
  const { message, thread, reporter } = report;
  const author = message.side === "pro" ? thread.businessName : report.homeownerName;
  return (
    <article
      aria-labelledby={`report-${String(report.reportId)}`}
      className="grid gap-3 rounded-card border border-line bg-surface p-4 text-sm"
    >
      <h2 id={`report-${String(report.reportId)}`} className="font-semibold text-navy-900">
        Report {report.reportId}: a message from {author} (
        {message.side === "pro" ? "pro" : "homeowner"})
      </h2>
      <blockquote className="border-l-4 border-navy-300 pl-3 whitespace-pre-wrap break-words">
        {message.body === "" ? <span className="text-muted">Photos only.</span> : message.body}
      </blockquote>
      {message.removed ? <p className="text-muted">Already removed.</p> : null}
      <dl className="grid gap-1 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-navy-900">Conversation</dt>
        <dd>
          <Link to={`/admin/requests/${thread.leadId}`} className={CONSOLE_LINK}>
            {report.homeownerName}
          </Link>{" "}
          (homeowner) and{" "}
          <Link to={`/admin/contractors/${thread.contractorId}`} className={CONSOLE_LINK}>
            {thread.businessName}
          </Link>{" "}
          (pro)
        </dd>
        <dt className="font-semibold text-navy-900">Sent (UTC)</dt>
        <dd>{utcMinute(message.createdAt)}</dd>
        <dt className="font-semibold text-navy-900">Reported by</dt>
        <dd>
          {reporter ? (
            <Link to={`/admin/people/${reporter.id}`} className={CONSOLE_LINK}>
              {reporter.name} ({reporter.email})
            </Link>
          ) : (
            "A deleted account"
          )}
        </dd>
        <dt className="font-semibold text-navy-900">Reason</dt>
        <dd className="whitespace-pre-wrap break-words">{report.reason}</dd>
        <dt className="font-semibold text-navy-900">Reported (UTC)</dt>
        <dd>{utcMinute(report.reportedAt)}</dd>
      </dl>
      <DecideButtons report={report} />
    </article>
  );
}

export default function ReportsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { reports, total, pageSize, notice } = loaderData;
  return (
    <section aria-labelledby="reports-title" className="grid gap-6">
      <h1 id="reports-title" className="text-2xl font-bold text-navy-900">
        Reported messages
      </h1>
      <FormAlert tone="success" message={notice ?? undefined} />
      <FormAlert message={actionData?.formError} />
      {reports.length === 0 ? (
        <p className="text-muted">No report is waiting.</p>
      ) : (
        <>
          <p className="text-muted">
            {total > pageSize
              ? `The oldest ${String(reports.length)} of ${String(total)} waiting reports; decide these and the next ones come up.`
              : `${String(total)} waiting, oldest first.`}
          </p>
          <ol className="grid gap-4">
            {reports.map((report) => (
              <li key={report.reportId}>
                <ReportCard report={report} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
