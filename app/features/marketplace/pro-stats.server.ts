/**
 * What a pro learns from their requests (issue 22): for the last 30 and the
 * last 90 days, the requests homeowners sent the business, the share it
 * accepted, its median time to answer, the quotes it sent and the hires it
 * won, with the requests and hires day by day and week by week for a chart.
 *
 * The figures follow the requests received in the period, as they stand now:
 * of the requests that came in, how many were accepted, answered (and how
 * fast), quoted and won. So the figures never outgrow the requests behind
 * them (accepted ≤ received, hires ≤ quotes), and the period is one range of
 * `request_pros_newest_idx` (business, consent_at): the cost follows the
 * requests of the last 90 days, not every request the business ever had.
 *
 * Days are UTC days, as the site shows dates (app/lib/dates.ts): "the last
 * 30 days" is today and the 29 before it.
 */
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { rowsOf, type Database } from "~/lib/db.server";
import { checkIds } from "./requests.server";

export const STATS_PERIODS = [30, 90] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** The period a page asks for (`?period=`): 30 days unless it says 90. */
export function statsPeriod(value: string | null): StatsPeriod {
  return value === "90" ? 90 : 30;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const LONGEST: StatsPeriod = 90;

export interface PeriodFigures {
  days: StatsPeriod;
  /** Requests homeowners sent the business in the period. */
  received: number;
  /** Of those, the ones the pro accepted (whatever became of them after). */
  accepted: number;
  /** accepted / received as a whole percent; null when nothing was received. */
  acceptedPercent: number | null;
  /** Of those, the ones the pro answered (accepted or declined). */
  answered: number;
  /** Median seconds from a request's arrival to the pro's answer; null with no answer. */
  medianResponseSeconds: number | null;
  /** Of those, the ones the pro sent a quote for. */
  quotes: number;
  /** Of those, the ones the homeowner hired the business for. */
  hires: number;
}

/** One bar of the chart: the requests that came in over these days, and the hires among them. */
export interface Bucket {
  /** The first and last UTC day, "2026-11-20" (the same day for a day's bar). */
  from: string;
  to: string;
  received: number;
  hires: number;
}

export interface ProStats {
  periods: Record<StatsPeriod, PeriodFigures>;
  /** The last 90 days, oldest first, days without requests included. */
  days: Bucket[];
  /** The same 90 days by week, oldest first; the newest week ends today, the oldest has 6 days. */
  weeks: Bucket[];
}

/** What the query gives: numbers may come as strings or numbers, depending on the driver. */
type Numeric = number | string | null;
type Figure = "received" | "accepted" | "answered" | "median" | "quotes" | "hires";
type Row = Record<`${Figure}${StatsPeriod}`, Numeric> & {
  /** [days before today, received, hires] for each day with a request; JSON text or parsed. */
  days: string | Listed | null;
};
type Listed = [number, number, number][];

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The figures for the business `contractorId` (whoever asks must own it), as of `now`. */
export async function proStats(
  db: Database,
  contractorId: string,
  now = new Date(),
): Promise<ProStats> {
  checkIds(contractorId);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const end = new Date(today + DAY_MS);
  const since = new Date(today - (LONGEST - 1) * DAY_MS);
  // One statement, one range of the business's newest-first index. The part's
  // own columns say whether it was accepted, answered and hired; a quote is
  // certain for a part quoted or hired, and looked up by its key only for one
  // that was not chosen (passed over before or after quoting). A scalar
  // subquery, not EXISTS: PostgreSQL may turn an EXISTS into a hash of every
  // quote of every business.
  const result = await db.execute(sql`
    with parts as materialized (
      select
        ${isoDay(today)}::date - (rp.consent_at at time zone 'UTC')::date as age,
        rp.accepted_at is not null as accepted,
        date_part('epoch', rp.responded_at - rp.consent_at) as response,
        rp.state = 'hired' as hired,
        case
          when rp.state in ('quoted', 'hired') then true
          when rp.state = 'not_chosen' then (
            select true from quotes q
            where q.lead_id = rp.lead_id and q.contractor_id = rp.contractor_id) is not null
          else false
        end as quoted
      from request_pros rp
      where rp.contractor_id = ${contractorId}
        and rp.consent_at >= ${since.toISOString()}::timestamptz
        and rp.consent_at < ${end.toISOString()}::timestamptz
    )
    select
      count(*) filter (where age < 30)::int as received30,
      count(*) filter (where age < 30 and accepted)::int as accepted30,
      count(response) filter (where age < 30)::int as answered30,
      percentile_cont(0.5) within group (order by response) filter (where age < 30) as median30,
      count(*) filter (where age < 30 and quoted)::int as quotes30,
      count(*) filter (where age < 30 and hired)::int as hires30,
      count(*)::int as received90,
      count(*) filter (where accepted)::int as accepted90,
      count(response)::int as answered90,
      percentile_cont(0.5) within group (order by response) as median90,
      count(*) filter (where quoted)::int as quotes90,
      count(*) filter (where hired)::int as hires90,
      (select json_agg(json_build_array(age, received, hires))
        from (select age, count(*)::int as received, count(*) filter (where hired)::int as hires
          from parts group by age) by_day) as days
    from parts`);
  const row = rowsOf<Row>(result)[0];
  if (!row) throw new Error("the figures query returned no row");

  const number = (value: Numeric) => (value === null ? 0 : Number(value));
  const period = (days: StatsPeriod): PeriodFigures => {
    const at = (figure: Figure) => row[`${figure}${days}` as const];
    const received = number(at("received"));
    const accepted = number(at("accepted"));
    const median = at("median");
    return {
      days,
      received,
      accepted,
      acceptedPercent: received === 0 ? null : Math.round((accepted / received) * 100),
      answered: number(at("answered")),
      medianResponseSeconds: median === null ? null : Math.max(0, Number(median)),
      quotes: number(at("quotes")),
      hires: number(at("hires")),
    };
  };

  const listed = (typeof row.days === "string" ? (JSON.parse(row.days) as Listed) : row.days) ?? [];
  const byAge = new Map(listed.map(([age, received, hires]) => [age, { received, hires }]));
  const days: Bucket[] = [];
  for (let age = LONGEST - 1; age >= 0; age -= 1) {
    const day = isoDay(today - age * DAY_MS);
    days.push({ from: day, to: day, received: 0, hires: 0, ...byAge.get(age) });
  }
  // Weeks counted back from today: the oldest is what is left of the 90 days.
  const weeks: Bucket[] = [];
  for (let last = days.length - 1; last >= 0; last -= 7) {
    const week = days.slice(Math.max(0, last - 6), last + 1);
    weeks.unshift({
      from: week[0]?.from ?? "",
      to: week[week.length - 1]?.to ?? "",
      received: week.reduce((sum, day) => sum + day.received, 0),
      hires: week.reduce((sum, day) => sum + day.hires, 0),
    });
  }

  return {
    periods: { 30: period(30), 90: period(90) },
    days,
    weeks,
  };
}

/** How long /pro shows the same figures: they are counted again after this. */
export const STATS_FRESH_MS = 60_000;

/**
 * The figures as /pro shows them: counted at most once a minute per business
 * in this process, and once for all the requests that ask at the same time
 * (the promise is kept). For a business with thousands of requests in the
 * last 90 days the count costs more than the rest of the page (decision 029).
 */
const recent = new LRUCache<string, Promise<ProStats>>({ max: 500, ttl: STATS_FRESH_MS });

export function recentProStats(db: Database, contractorId: string): Promise<ProStats> {
  const kept = recent.get(contractorId);
  if (kept) return kept;
  const counting = proStats(db, contractorId);
  recent.set(contractorId, counting);
  // A failed count is not kept: the next request counts again.
  counting.catch(() => recent.delete(contractorId));
  return counting;
}

/** The figures with only the series the period's chart draws: less to send to the page. */
export function forPeriod(stats: ProStats, period: StatsPeriod): ProStats {
  return {
    periods: stats.periods,
    days: period === 30 ? stats.days.slice(-30) : [],
    weeks: period === 90 ? stats.weeks : [],
  };
}
