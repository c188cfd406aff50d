/**
 * Delivery: outbox jobs that failed for good, that are retrying, and that an
 * operator resolved by hand; "retry now" and "mark resolved", each with its
 * audit row. After an action the page comes back to the same tab with a notice.
 */
import { data, Form, Link, redirect } from "react-router";
import { describedBy, FieldError, FormAlert } from "~/components/ui/form-controls";
import {
  deliveryCounts,
  deliveryJobs,
  deliveryTab,
  noteProblem,
  RESOLVE_NOTE_MAX,
  resolveJob,
  retryJob,
  UnknownJob,
  type DeliveryTab,
} from "~/features/operator/delivery.server";
import { notFound } from "~/features/marketplace/answers.server";
import { consoleOperator } from "~/features/operator/require-operator.server";
import { getDb, getServices } from "~/lib/app-context.server";
import { dispatchIntent } from "~/lib/forms";
import { PageLinks, utcMinute } from "~/features/operator/console-parts";
import { z } from "zod";
import type { Route } from "./+types/delivery";

// The page's own list (a page cannot import values from a .server module).
const TABS: readonly DeliveryTab[] = ["failed", "retrying", "resolved"];
const TAB_LABELS: Record<DeliveryTab, string> = {
  failed: "Failed",
  retrying: "Retrying",
  resolved: "Resolved",
};

const positive = (value: string | null) => {
  const n = Number(value);
  return value && /^\d{1,15}$/.test(value) && n > 0 ? n : null;
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const db = getDb(context);
  const tab = deliveryTab(url.searchParams.get("tab"));
  const page = positive(url.searchParams.get("page")) ?? 1;
  const retried = positive(url.searchParams.get("retried"));
  const resolved = positive(url.searchParams.get("resolved"));
  const [counts, { jobs, more }] = await Promise.all([
    deliveryCounts(db),
    deliveryJobs(db, tab, page),
  ]);
  return data({
    tab,
    page,
    more,
    counts,
    noteMax: RESOLVE_NOTE_MAX,
    notice: retried
      ? `Job ${String(retried)} will be retried now.`
      : resolved
        ? `Job ${String(resolved)} marked resolved.`
        : null,
    jobs: jobs.map((job) => ({
      ...job,
      nextAttemptAt: job.nextAttemptAt.toISOString(),
      createdAt: job.createdAt.toISOString(),
      lockedUntil: job.lockedUntil?.toISOString() ?? null,
      resolution: job.resolution && { ...job.resolution, at: job.resolution.at.toISOString() },
    })),
  });
}

/** The two buttons of a job's row. */
const deliveryIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retry") }),
  z.object({ intent: z.literal("resolve") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const user = consoleOperator(context);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const jobId = positive(text("jobId"));
  if (jobId === null) notFound();
  const tab = deliveryTab(text("tab"));
  const note = text("note").trim();
  const actor = { id: user.id, email: user.email };
  const db = getDb(context);
  try {
    return await dispatchIntent<typeof deliveryIntents, Response | ReturnType<typeof data<Answer>>>(
      deliveryIntents,
      { intent: text("intent") },
      {
        retry: async () => {
          const outcome = await retryJob(db, actor, jobId);
          if (!outcome.ok)
            return data({ jobId, note, formError: outcome.message }, { status: 409 });
          getServices(context).notifyOutbox();
          return redirect(`/admin/delivery?tab=${tab}&retried=${String(jobId)}`);
        },
        resolve: async () => {
          const problem = noteProblem(note);
          if (problem) return data({ jobId, note, noteError: problem }, { status: 400 });
          const outcome = await resolveJob(db, actor, jobId, note);
          if (!outcome.ok)
            return data({ jobId, note, formError: outcome.message }, { status: 409 });
          return redirect(`/admin/delivery?tab=${tab}&resolved=${String(jobId)}`);
        },
      },
      () =>
        data({ jobId, note, formError: "Choose “Retry now” or “Mark resolved”." }, { status: 400 }),
    );
  } catch (error) {
    if (error instanceof UnknownJob) notFound();
    throw error;
  }
}

const BUTTON = "rounded-control bg-navy-900 px-3 py-1.5 text-sm font-semibold text-white";

type Job = Route.ComponentProps["loaderData"]["jobs"][number];
type Answer = { jobId: number; note: string; formError?: string; noteError?: string };

function Actions({
  job,
  tab,
  answer,
  noteMax,
}: {
  job: Job;
  tab: DeliveryTab;
  answer?: Answer;
  noteMax: number;
}) {
  if (job.resolution) {
    return (
      <p>
        Resolved {utcMinute(job.resolution.at)} UTC by {job.resolution.by}:{" "}
        <span className="whitespace-pre-wrap">{job.resolution.note}</span>
      </p>
    );
  }
  if (tab === "resolved") return <p className="text-muted">Resolved</p>;
  const noteId = `note-${String(job.id)}`;
  const mine = answer?.jobId === job.id ? answer : undefined;
  return (
    <div className="grid gap-2">
      <Form method="post">
        <input type="hidden" name="intent" value="retry" />
        <input type="hidden" name="jobId" value={job.id} />
        <input type="hidden" name="tab" value={tab} />
        <button type="submit" className={BUTTON}>
          Retry now<span className="sr-only"> job {job.id}</span>
        </button>
      </Form>
      {job.status === "failed" ? (
        <details open={Boolean(mine?.noteError)}>
          <summary className="cursor-pointer text-sm font-medium text-navy-700 underline">
            Mark resolved<span className="sr-only"> job {job.id}</span>
          </summary>
          <Form method="post" className="mt-2 grid gap-1">
            <input type="hidden" name="intent" value="resolve" />
            <input type="hidden" name="jobId" value={job.id} />
            <input type="hidden" name="tab" value={tab} />
            <label htmlFor={noteId} className="text-sm font-medium text-navy-900">
              What you did by hand (job {job.id})
            </label>
            <textarea
              id={noteId}
              name="note"
              rows={3}
              maxLength={noteMax}
              defaultValue={mine?.note ?? ""}
              className="rounded-control border border-line px-2 py-1 text-sm"
              {...describedBy(noteId, mine?.noteError)}
            />
            <FieldError id={noteId} error={mine?.noteError} />
            <button type="submit" className={`${BUTTON} justify-self-start`}>
              Mark job {job.id} resolved
            </button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

export default function Delivery({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, page, more, counts, jobs, notice, noteMax } = loaderData;
  const answer: Answer | undefined = actionData ?? undefined;
  const pageLink = (n: number) => `/admin/delivery?tab=${tab}&page=${String(n)}`;
  return (
    <section aria-labelledby="delivery-title" className="grid gap-6">
      <h1 id="delivery-title" className="text-2xl font-bold text-navy-900">
        Delivery
      </h1>
      <FormAlert tone="success" message={notice ?? undefined} />
      <FormAlert message={answer?.formError} />
      <nav aria-label="Jobs by state" className="flex flex-wrap gap-4 text-sm">
        {TABS.map((name) => (
          <Link
            key={name}
            to={`/admin/delivery?tab=${name}`}
            aria-current={name === tab ? "page" : undefined}
            className="font-medium text-navy-700 underline underline-offset-2 aria-[current=page]:font-bold aria-[current=page]:text-navy-900 aria-[current=page]:no-underline"
          >
            {TAB_LABELS[name]} ({counts[name]})
          </Link>
        ))}
      </nav>
      {jobs.length === 0 ? (
        <p className="text-muted">No {TAB_LABELS[tab].toLowerCase()} jobs.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-semibold text-navy-900">
              {TAB_LABELS[tab]} jobs{tab === "resolved" ? ", most recently resolved first" : ""}
              {page > 1 ? `, page ${String(page)}` : ""}
            </caption>
            <thead>
              <tr className="border-b border-line">
                {[
                  "Job",
                  "Kind",
                  "Request",
                  "Recipient",
                  "Attempts",
                  "Last error",
                  "Times (UTC)",
                  "Action",
                ].map((heading) => (
                  <th key={heading} scope="col" className="py-2 pr-4">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id} className="border-b border-line/60 align-top">
                  <th scope="row" className="py-2 pr-4 font-semibold">
                    {job.id}
                  </th>
                  <td className="py-2 pr-4">{job.kindLabel}</td>
                  <td className="py-2 pr-4">
                    {job.leadId ? (
                      <Link
                        to={`/admin/requests/${job.leadId}`}
                        className="text-navy-700 underline"
                      >
                        Request {job.leadId.slice(0, 8)}
                      </Link>
                    ) : (
                      <span className="text-muted">None</span>
                    )}
                  </td>
                  <td className="py-2 pr-4 break-all">
                    {job.recipient ?? (job.kind === "webhook" ? "LEAD_WEBHOOK_URL" : "—")}
                  </td>
                  <td className="py-2 pr-4 tabular-nums">{job.attempts}</td>
                  <td className="py-2 pr-4 break-words">{job.lastError ?? "—"}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    Created {utcMinute(job.createdAt)}
                    <br />
                    {job.status === "processing"
                      ? `Held by a worker until ${utcMinute(job.lockedUntil)}`
                      : job.status === "pending"
                        ? `Next attempt ${utcMinute(job.nextAttemptAt)}`
                        : `No further attempt (last due ${utcMinute(job.nextAttemptAt)})`}
                  </td>
                  <td className="py-2">
                    <Actions job={job} tab={tab} answer={answer} noteMax={noteMax} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageLinks label="Pages of jobs" page={page} more={more} link={pageLink} />
    </section>
  );
}
