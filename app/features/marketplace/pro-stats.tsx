/**
 * "Your figures" on the pro's inbox: the requests homeowners sent the
 * business over the last 30 or 90 days and what came of them, as a bar chart
 * with the figures beside it. The period is a pair of links, so it changes
 * without JavaScript. The chart is one image with a sentence for screen
 * readers; its numbers are also in a table under it.
 */
import { Link } from "react-router";
import { shortDay } from "~/lib/dates";
import type { Bucket, PeriodFigures, ProStats, StatsPeriod } from "./pro-stats.server";

export const PERIOD_LABELS: Record<StatsPeriod, string> = {
  30: "Last 30 days",
  90: "Last 90 days",
};

const PERIODS = Object.keys(PERIOD_LABELS).map(Number) as StatsPeriod[];

const plural = (n: number, word: string) => `${n.toString()} ${word}${n === 1 ? "" : "s"}`;

/** A time to respond in plain words: "45 minutes", "3 hours 30 minutes", "2 days 4 hours". */
export function responseTime(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return "Under a minute";
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest === 0
      ? plural(hours, "hour")
      : `${plural(hours, "hour")} ${plural(rest, "minute")}`;
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? plural(days, "day") : `${plural(days, "day")} ${plural(rest, "hour")}`;
}

export interface FigureRow {
  label: string;
  /** null: nothing to measure yet (shown as "—", with the note saying why). */
  value: string | null;
  note: string | null;
}

/** The five figures of a period, as the page words them. */
export function figureRows(figures: PeriodFigures): FigureRow[] {
  const { received, accepted, acceptedPercent, answered, medianResponseSeconds } = figures;
  return [
    { label: "Requests received", value: String(received), note: null },
    {
      label: "Accepted",
      value: acceptedPercent === null ? null : `${acceptedPercent.toString()}%`,
      note: received === 0 ? "No requests yet" : `${accepted.toString()} of ${received.toString()}`,
    },
    {
      label: "Median time to respond",
      value: medianResponseSeconds === null ? null : responseTime(medianResponseSeconds),
      note: answered === 0 ? "No answers yet" : `Over ${plural(answered, "answer")}`,
    },
    { label: "Quotes sent", value: String(figures.quotes), note: null },
    { label: "Hires won", value: String(figures.hires), note: null },
  ];
}

/** The chart's bars for a period: a bar a day over 30 days, a bar a week over 90. */
export function chartOf(stats: ProStats, period: StatsPeriod) {
  return period === 30
    ? { unit: "day", buckets: stats.days.slice(-30) }
    : { unit: "week", buckets: stats.weeks };
}

const bucketLabel = (bucket: Bucket) =>
  bucket.from === bucket.to
    ? shortDay(bucket.from)
    : `${shortDay(bucket.from)} – ${shortDay(bucket.to)}`;

/** What the chart shows, in a sentence (the image's accessible name). */
export function chartSummary(buckets: Bucket[], unit: string, period: StatsPeriod): string {
  const received = buckets.reduce((sum, bucket) => sum + bucket.received, 0);
  const hires = buckets.reduce((sum, bucket) => sum + bucket.hires, 0);
  const scope = `Requests received ${unit} by ${unit}, ${PERIOD_LABELS[period].toLowerCase()}`;
  if (received === 0) return `${scope}: none yet.`;
  const busiest = buckets.reduce((most, bucket) =>
    bucket.received > most.received ? bucket : most,
  );
  return (
    `${scope}: ${plural(received, "request")}, ${hires.toString()} of them hired. ` +
    `The busiest ${unit} was ${bucketLabel(busiest)}, with ${plural(busiest.received, "request")}.`
  );
}

function Figures({ figures }: { figures: PeriodFigures }) {
  return (
    <dl className="grid grid-cols-2 gap-3 self-start">
      {figureRows(figures).map((row) => (
        <div key={row.label} className="grid content-start gap-1 rounded-control bg-navy-50 p-3">
          <dt className="text-sm text-muted">{row.label}</dt>
          <dd className="grid gap-0.5">
            <span className="text-xl font-bold text-navy-900 tabular-nums">
              {row.value ?? <span aria-hidden="true">—</span>}
            </span>
            {row.note ? <span className="text-xs text-muted">{row.note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const BAR_STEP = 10;
const BAR_GAP = 1.5;

/** Bars of requests received, the hired among them drawn over their foot. */
function BarChart({ buckets, summary }: { buckets: Bucket[]; summary: string }) {
  const most = Math.max(1, ...buckets.map((bucket) => bucket.received));
  const height = (n: number) => (n / most) * 96;
  const width = buckets.length * BAR_STEP;
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  return (
    <div className="grid gap-1 self-start">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-2">
        <div
          aria-hidden="true"
          className="flex flex-col justify-between text-right text-xs text-muted tabular-nums"
        >
          <span>{most}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${width.toString()} 100`}
          preserveAspectRatio="none"
          className="h-40 w-full"
        >
          <line
            x1={0}
            x2={width}
            y1={4}
            y2={4}
            className="stroke-line"
            strokeDasharray="2 2"
            vectorEffect="non-scaling-stroke"
          />
          {buckets.map((bucket, i) => {
            const x = i * BAR_STEP + BAR_GAP;
            const barWidth = BAR_STEP - 2 * BAR_GAP;
            return (
              <g key={bucket.from}>
                <title>{`${bucketLabel(bucket)}: ${plural(bucket.received, "request")}, ${bucket.hires.toString()} hired`}</title>
                <rect
                  x={x}
                  y={100 - height(bucket.received)}
                  width={barWidth}
                  height={height(bucket.received)}
                  className="fill-navy-500"
                />
                <rect
                  x={x}
                  y={100 - height(bucket.hires)}
                  width={barWidth}
                  height={height(bucket.hires)}
                  className="fill-accent-600"
                />
              </g>
            );
          })}
          <line
            x1={0}
            x2={width}
            y1={100}
            y2={100}
            className="stroke-navy-300"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </div>
      {first && last ? (
        <div aria-hidden="true" className="ml-6 flex justify-between text-xs text-muted">
          <span>{shortDay(first.from)}</span>
          <span>{shortDay(last.to)}</span>
        </div>
      ) : null}
      <ul className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-navy-500" />
          Requests received
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-accent-600" />
          Of them, hired
        </li>
      </ul>
    </div>
  );
}

function BucketTable({
  buckets,
  unit,
  period,
}: {
  buckets: Bucket[];
  unit: string;
  period: StatsPeriod;
}) {
  const heading = unit === "day" ? "Day" : "Week";
  return (
    <table className="mt-2 w-full max-w-md text-left text-sm">
      <caption className="mb-2 text-left font-semibold text-navy-900">
        Requests received and hired, {unit} by {unit}, {PERIOD_LABELS[period].toLowerCase()}
      </caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className="py-1 pr-4">
            {heading}
          </th>
          <th scope="col" className="py-1 pr-4 text-right">
            Requests received
          </th>
          <th scope="col" className="py-1 text-right">
            Hired
          </th>
        </tr>
      </thead>
      <tbody>
        {[...buckets].reverse().map((bucket) => (
          <tr key={bucket.from} className="border-b border-line/60">
            <th scope="row" className="py-1 pr-4 font-normal">
              {bucketLabel(bucket)}
            </th>
            <td className="py-1 pr-4 text-right tabular-nums">{bucket.received}</td>
            <td className="py-1 text-right tabular-nums">{bucket.hires}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ProFigures({
  stats,
  period,
  periodHref,
}: {
  stats: ProStats;
  period: StatsPeriod;
  /** The page's address showing another period (keeping the rest of the page's query). */
  periodHref: (period: StatsPeriod) => string;
}) {
  const figures = stats.periods[period];
  const { unit, buckets } = chartOf(stats, period);
  const summary = chartSummary(buckets, unit, period);
  return (
    <section
      aria-labelledby="figures-title"
      className="grid gap-5 rounded-card bg-surface p-6 shadow-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="figures-title" className="text-xl font-bold text-navy-900">
            Your figures
          </h2>
          <p className="text-sm text-muted">
            The requests homeowners sent you in the {PERIOD_LABELS[period].toLowerCase()}, and what
            came of them so far. Counted again every minute.
          </p>
        </div>
        <nav aria-label="Period of your figures">
          <ul className="flex flex-wrap gap-2">
            {PERIODS.map((each) => (
              <li key={each}>
                <Link
                  to={periodHref(each)}
                  preventScrollReset
                  aria-current={each === period ? "page" : undefined}
                  className="inline-flex min-h-11 items-center rounded-full border border-navy-200 px-4 text-sm font-medium text-navy-900 aria-[current=page]:border-navy-900 aria-[current=page]:bg-navy-900 aria-[current=page]:text-white"
                >
                  {PERIOD_LABELS[each]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Figures figures={figures} />
        {figures.received === 0 ? (
          <p className="self-center text-muted">
            No requests in the {PERIOD_LABELS[period].toLowerCase()} yet: the chart starts with the
            first one.
          </p>
        ) : (
          <BarChart buckets={buckets} summary={summary} />
        )}
      </div>
      {figures.received === 0 ? null : (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-navy-700 underline underline-offset-2">
            The chart's figures, {unit} by {unit}
          </summary>
          <BucketTable buckets={buckets} unit={unit} period={period} />
        </details>
      )}
    </section>
  );
}
