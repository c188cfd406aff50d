/**
 * "Your figures" on the pro's inbox: the requests homeowners sent the
 * business over the last 30 or 90 days and what came of them, as a bar chart
 * with the figures beside it. The period is a pair of links, so it changes
 * without JavaScript. The chart is one image with a sentence for screen
 * readers; its numbers are also in a table under it.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { shortDay } from "~/lib/dates";
import { DEFAULT_LOCALE, formatterCache, isLocale, type Locale } from "~/lib/locales";
import type { Bucket, PeriodFigures, ProStats, StatsPeriod } from "./pro-stats.server";

export const PERIOD_LABELS: Record<StatsPeriod, MessageDescriptor> = {
  30: msg`Last 30 days`,
  90: msg`Last 90 days`,
};

const PERIODS = Object.keys(PERIOD_LABELS).map(Number) as StatsPeriod[];

const counts = formatterCache((tag) => new Intl.NumberFormat(tag));
const percents = formatterCache((tag) => new Intl.NumberFormat(tag, { style: "percent" }));

/** The language an instance translates into. */
function localeOf(i18n: I18n): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** A count as the page's language writes it: "1,250"; "1 250" in French. */
export function formatCount(n: number, locale: Locale): string {
  return counts(locale).format(n);
}

/** A time to respond in plain words: "45 minutes", "3 hours 30 minutes", "2 days 4 hours". */
export function responseTime(seconds: number, i18n: I18n): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return i18n._(msg`Under a minute`);
  if (minutes < 60) return i18n._(msg`${plural(minutes, { one: "# minute", other: "# minutes" })}`);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const minutesOver = minutes % 60;
    return minutesOver === 0
      ? i18n._(msg`${plural(hours, { one: "# hour", other: "# hours" })}`)
      : i18n._(
          msg`${plural(hours, { one: "# hour", other: "# hours" })} ${plural(minutesOver, { one: "# minute", other: "# minutes" })}`,
        );
  }
  const days = Math.floor(hours / 24);
  const hoursOver = hours % 24;
  return hoursOver === 0
    ? i18n._(msg`${plural(days, { one: "# day", other: "# days" })}`)
    : i18n._(
        msg`${plural(days, { one: "# day", other: "# days" })} ${plural(hoursOver, { one: "# hour", other: "# hours" })}`,
      );
}

export interface FigureRow {
  label: string;
  /** null: nothing to measure yet (shown as "—", with the note saying why). */
  value: string | null;
  note: string | null;
}

/** The five figures of a period, as the page words them in its language. */
export function figureRows(figures: PeriodFigures, i18n: I18n): FigureRow[] {
  const { received, acceptedPercent, answered, medianResponseSeconds } = figures;
  const locale = localeOf(i18n);
  const accepted = formatCount(figures.accepted, locale);
  const total = formatCount(received, locale);
  return [
    {
      label: i18n._(msg`Requests received`),
      value: formatCount(received, locale),
      note: null,
    },
    {
      label: i18n._(msg({ message: "Accepted", context: "figures" })),
      value: acceptedPercent === null ? null : percents(locale).format(acceptedPercent / 100),
      note: received === 0 ? i18n._(msg`No requests yet`) : i18n._(msg`${accepted} of ${total}`),
    },
    {
      label: i18n._(msg`Median time to respond`),
      value: medianResponseSeconds === null ? null : responseTime(medianResponseSeconds, i18n),
      note:
        answered === 0
          ? i18n._(msg`No answers yet`)
          : i18n._(msg`Over ${plural(answered, { one: "# answer", other: "# answers" })}`),
    },
    {
      label: i18n._(msg`Quotes sent`),
      value: formatCount(figures.quotes, locale),
      note: null,
    },
    {
      label: i18n._(msg`Hires won`),
      value: formatCount(figures.hires, locale),
      note: null,
    },
  ];
}

type ChartUnit = "day" | "week";

/** The chart's bars for a period: a bar a day over 30 days, a bar a week over 90. */
export function chartOf(stats: ProStats, period: StatsPeriod) {
  return period === 30
    ? { unit: "day" as ChartUnit, buckets: stats.days.slice(-30) }
    : { unit: "week" as ChartUnit, buckets: stats.weeks };
}

/** A bar's days: "Nov 23", or "Nov 20 – Nov 26" for a week. */
function bucketLabel(bucket: Bucket, i18n: I18n): string {
  const locale = localeOf(i18n);
  const from = shortDay(bucket.from, locale);
  if (bucket.from === bucket.to) return from;
  const to = shortDay(bucket.to, locale);
  return i18n._(msg`${from} – ${to}`);
}

/** What the chart shows, in a sentence (the image's accessible name). */
export function chartSummary(
  buckets: Bucket[],
  unit: ChartUnit,
  period: StatsPeriod,
  i18n: I18n,
): string {
  const days = period;
  const received = buckets.reduce((sum, bucket) => sum + bucket.received, 0);
  if (received === 0) {
    return unit === "day"
      ? i18n._(msg`Requests received day by day, last ${days} days: none yet.`)
      : i18n._(msg`Requests received week by week, last ${days} days: none yet.`);
  }
  const hires = buckets.reduce((sum, bucket) => sum + bucket.hires, 0);
  const busiest = buckets.reduce((most, bucket) =>
    bucket.received > most.received ? bucket : most,
  );
  const busiestWhen = bucketLabel(busiest, i18n);
  const busiestCount = busiest.received;
  return unit === "day"
    ? i18n._(
        msg`Requests received day by day, last ${days} days: ${plural(received, { one: "# request", other: "# requests" })}, ${plural(hires, { other: "# of them hired" })}. The busiest day was ${busiestWhen}, with ${plural(busiestCount, { one: "# request", other: "# requests" })}.`,
      )
    : i18n._(
        msg`Requests received week by week, last ${days} days: ${plural(received, { one: "# request", other: "# requests" })}, ${plural(hires, { other: "# of them hired" })}. The busiest week was ${busiestWhen}, with ${plural(busiestCount, { one: "# request", other: "# requests" })}.`,
      );
}

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
            const when = bucketLabel(bucket, i18n);
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
          <span>{shortDay(first.from, locale)}</span>
          <span>{shortDay(last.to, locale)}</span>
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
              {bucketLabel(bucket, i18n)}
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
