/**
 * "Your figures" on the pro's inbox: the requests homeowners sent the
 * business over the last 30 or 90 days and what came of them, as a bar chart
 * with the figures beside it. The period is a pair of links, so it changes
 * without JavaScript. The chart is one image with a sentence for screen
 * readers; its numbers are also in a table under it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import { Link } from "react-router";
import { shortDay } from "~/lib/dates";
import type { Bucket, PeriodFigures, ProStats, StatsPeriod } from "./pro-stats.server";
import {
  bucketLabel,
  chartOf,
  chartSummary,
  countedOn,
  figureRows,
  formatCount,
  localeOf,
  PERIOD_LABELS,
  type ChartUnit,
} from "./pro-stats-words";

const PERIODS = Object.keys(PERIOD_LABELS).map(Number) as StatsPeriod[];

function Figures({ figures }: { figures: PeriodFigures }) {
  const { i18n } = useLingui();
  return (
    <dl className="grid grid-cols-2 gap-3 self-start">
      {figureRows(figures, i18n).map((row) => (
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
  const { i18n, t } = useLingui();
  const locale = localeOf(i18n);
  const most = Math.max(1, ...buckets.map((bucket) => bucket.received));
  const height = (n: number) => (n / most) * 96;
  const width = buckets.length * BAR_STEP;
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  const today = countedOn(buckets);
  return (
    <div className="grid gap-1 self-start">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-2">
        <div
          aria-hidden="true"
          className="flex flex-col justify-between text-right text-xs text-muted tabular-nums"
        >
          <span>{formatCount(most, locale)}</span>
          <span>{formatCount(0, locale)}</span>
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
            const when = bucketLabel(bucket, i18n, today);
            const received = bucket.received;
            const hires = bucket.hires;
            return (
              <g key={bucket.from}>
                <title>{t`${when}: ${plural(received, { one: "# request", other: "# requests" })}, ${plural(hires, { other: "# hired" })}`}</title>
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
          <span>{shortDay(first.from, locale, today)}</span>
          <span>{shortDay(last.to, locale, today)}</span>
        </div>
      ) : null}
      <ul className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-navy-500" />
          <Trans>Requests received</Trans>
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-accent-600" />
          <Trans>Of them, hired</Trans>
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
  unit: ChartUnit;
  period: StatsPeriod;
}) {
  const { i18n } = useLingui();
  const locale = localeOf(i18n);
  const days = period;
  const today = countedOn(buckets);
  return (
    <table className="mt-2 w-full max-w-md text-left text-sm">
      <caption className="mb-2 text-left font-semibold text-navy-900">
        {unit === "day" ? (
          <Trans>Requests received and hired, day by day, last {days} days</Trans>
        ) : (
          <Trans>Requests received and hired, week by week, last {days} days</Trans>
        )}
      </caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className="py-1 pr-4">
            {unit === "day" ? <Trans>Day</Trans> : <Trans>Week</Trans>}
          </th>
          <th scope="col" className="py-1 pr-4 text-right">
            <Trans>Requests received</Trans>
          </th>
          <th scope="col" className="py-1 text-right">
            <Trans context="figures">Hired</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {[...buckets].reverse().map((bucket) => (
          <tr key={bucket.from} className="border-b border-line/60">
            <th scope="row" className="py-1 pr-4 font-normal">
              {bucketLabel(bucket, i18n, today)}
            </th>
            <td className="py-1 pr-4 text-right tabular-nums">
              {formatCount(bucket.received, locale)}
            </td>
            <td className="py-1 text-right tabular-nums">{formatCount(bucket.hires, locale)}</td>
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
  const { i18n, t } = useLingui();
  const figures = stats.periods[period];
  const { unit, buckets } = chartOf(stats, period);
  const summary = chartSummary(buckets, unit, period, i18n);
  const days = period;
  return (
    <section
      aria-labelledby="figures-title"
      className="grid gap-5 rounded-card bg-surface p-6 shadow-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="figures-title" className="text-xl font-bold text-navy-900">
            <Trans>Your figures</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>
              The requests homeowners sent you in the last {days} days, and what came of them so
              far. Counted again every minute.
            </Trans>
          </p>
        </div>
        <nav aria-label={t`Period of your figures`}>
          <ul className="flex flex-wrap gap-2">
            {PERIODS.map((each) => (
              <li key={each}>
                <Link
                  to={periodHref(each)}
                  preventScrollReset
                  aria-current={each === period ? "page" : undefined}
                  className="inline-flex min-h-11 items-center rounded-full border border-navy-200 px-4 text-sm font-medium text-navy-900 aria-[current=page]:border-navy-900 aria-[current=page]:bg-navy-900 aria-[current=page]:text-white"
                >
                  {i18n._(PERIOD_LABELS[each])}
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
            <Trans>
              No requests in the last {days} days yet: the chart starts with the first one.
            </Trans>
          </p>
        ) : (
          <BarChart buckets={buckets} summary={summary} />
        )}
      </div>
      {figures.received === 0 ? null : (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-navy-700 underline underline-offset-2">
            {unit === "day" ? (
              <Trans>The chart's figures, day by day</Trans>
            ) : (
              <Trans>The chart's figures, week by week</Trans>
            )}
          </summary>
          <BucketTable buckets={buckets} unit={unit} period={period} />
        </details>
      )}
    </section>
  );
}
