/**
 * The console's overview: requests per day over 90 days (a chart, with its
 * figures in a table a screen reader reads), by status, service and
 * state/province, the median time to a first quote, and the outbox's health;
 * first, "Now": this instance's p95 request time, its errors in the last
 * hour, and the oldest email due (the figures /metrics gives, decision 042).
 */
import { data } from "react-router";
import { OVERVIEW_DAYS } from "~/features/operator/limits";
import { instanceNow, overview } from "~/features/operator/overview.server";
import { getServices, type InstanceFigures } from "~/lib/app-context.server";
import type { Route } from "./+types/overview";

export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  const [figures, now] = await Promise.all([overview(services.database.db), instanceNow(services)]);
  return data({ ...figures, now });
}

/** 0.1234 s → "123 ms"; 2.5 s → "2.5 s". */
function duration(seconds: number): string {
  return seconds < 1 ? `${Math.round(seconds * 1000).toString()} ms` : `${seconds.toFixed(1)} s`;
}

/** An age in the largest unit that keeps it readable. */
function age(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds).toString()} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60).toString()} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

function NowPanel({ now }: { now: InstanceFigures | null }) {
  if (!now) return null;
  const figure = "text-xl font-semibold text-navy-900";
  return (
    <section aria-labelledby="now-title" className="grid gap-3">
      <h2 id="now-title" className="text-lg font-semibold text-navy-900">
        Now
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">
            Request time, 95th percentile (this instance, last {now.latencyMinutes} minutes)
          </dt>
          <dd className={figure}>
            {now.p95Seconds === null ? "No requests" : duration(now.p95Seconds)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Oldest outbox job due</dt>
          <dd className={figure}>
            {now.outbox === null
              ? "Database not answering"
              : now.outbox.due === 0
                ? "None due"
                : age(now.outbox.oldestDueSeconds)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Errors (5xx) in the last hour (this instance)</dt>
          <dd className={figure}>{now.errorsLastHour}</dd>
        </div>
      </dl>
      <p className="text-sm text-muted">
        Each instance gives these and many more at <code>/metrics</code>, for Prometheus with the
        operator token.
      </p>
    </section>
  );
}

function Figures({
  caption,
  heading,
  rows,
}: {
  caption: string;
  heading: string;
  rows: { label: string; n: number }[];
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left font-semibold text-navy-900">{caption}</caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className="py-1 pr-4">
            {heading}
          </th>
          <th scope="col" className="py-1 text-right">
            Requests
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={2} className="py-1 text-muted">
              None yet.
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.label} className="border-b border-line/60">
              <th scope="row" className="py-1 pr-4 font-normal">
                {row.label}
              </th>
              <td className="py-1 text-right tabular-nums">{row.n}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** Bars for the days; the table beside it holds the same figures (the chart is hidden from screen readers). */
function PerDayChart({ days }: { days: { day: string; n: number }[] }) {
  const most = Math.max(1, ...days.map((day) => day.n));
  const width = days.length * 6;
  return (
    <svg
      viewBox={`0 0 ${String(width)} 100`}
      preserveAspectRatio="none"
      aria-hidden="true"
      className="h-32 w-full rounded-control bg-navy-50"
    >
      {days.map((day, i) => {
        const height = (day.n / most) * 96;
        return (
          <rect
            key={day.day}
            x={i * 6 + 1}
            y={100 - height}
            width={4}
            height={height}
            className="fill-navy-700"
          />
        );
      })}
    </svg>
  );
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { perDay, byStatus, byService, byRegion, medianHoursToFirstQuote, outbox, now } =
    loaderData;
  const total = perDay.reduce((sum, day) => sum + day.n, 0);
  return (
    <section aria-labelledby="overview-title" className="grid gap-8">
      <h1 id="overview-title" className="text-2xl font-bold text-navy-900">
        Overview
      </h1>
      <NowPanel now={now} />
      <section aria-labelledby="per-day-title" className="grid gap-3">
        <h2 id="per-day-title" className="text-lg font-semibold text-navy-900">
          Requests sent per day, last {OVERVIEW_DAYS} days: {total} in all
        </h2>
        <PerDayChart days={perDay} />
        <details>
          <summary className="cursor-pointer text-sm font-medium text-navy-700 underline">
            The figures, day by day
          </summary>
          <Figures
            caption="Requests sent by day"
            heading="Day"
            rows={perDay.map((day) => ({ label: day.day, n: day.n }))}
          />
        </details>
      </section>
      <div className="grid gap-8 md:grid-cols-3">
        <Figures
          caption="Requests by status"
          heading="Status"
          rows={byStatus.map((row) => ({ label: row.status, n: row.n }))}
        />
        <Figures
          caption="Requests by service"
          heading="Service"
          rows={byService.map((row) => ({ label: row.service, n: row.n }))}
        />
        <Figures
          caption="Requests by state or province"
          heading="State or province"
          rows={byRegion.map((row) => ({ label: row.region, n: row.n }))}
        />
      </div>
      <dl className="grid gap-4 sm:grid-cols-4">
        <div>
          <dt className="text-sm text-muted">Median time to a first quote</dt>
          <dd className="text-xl font-semibold text-navy-900">
            {medianHoursToFirstQuote === null
              ? "No quotes yet"
              : `${medianHoursToFirstQuote.toFixed(1)} hours`}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Emails due</dt>
          <dd className="text-xl font-semibold text-navy-900">{outbox.due}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Emails retrying</dt>
          <dd className="text-xl font-semibold text-navy-900">{outbox.retrying}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Emails failed</dt>
          <dd className="text-xl font-semibold text-navy-900">{outbox.failed}</dd>
        </div>
      </dl>
    </section>
  );
}
