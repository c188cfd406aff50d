/** The console's overview: what came in, where it stands, and the outbox's health. */
import { sql } from "drizzle-orm";
import type { AppServices, InstanceFigures } from "~/lib/app-context.server";
import { SAMPLE_PROJECT_KEY_PREFIX } from "~/lib/demo-data";
import { rowsOf, type Database } from "~/lib/db.server";
import { OVERVIEW_DAYS } from "./limits";

/** Demo accounts are seeded with sample projects: nobody sent them, so they are not counted. */
const SENT_BY_SOMEONE = sql`idempotency_key not like ${`${SAMPLE_PROJECT_KEY_PREFIX}%`}`;

export interface Overview {
  /** One entry per day of the last 90 (UTC), oldest first, days without requests included. */
  perDay: { day: string; n: number }[];
  byStatus: { status: string; n: number }[];
  byService: { service: string; n: number }[];
  byRegion: { region: string; n: number }[];
  /** Median hours from a request being sent to its first quote; null before any quote. */
  medianHoursToFirstQuote: number | null;
  outbox: { due: number; retrying: number; failed: number };
}

export async function overview(db: Database): Promise<Overview> {
  const since = sql`date_trunc('day', now() at time zone 'UTC') - make_interval(days => ${OVERVIEW_DAYS - 1})`;
  const [perDay, byStatus, byService, byRegion, quoted, outbox] = await Promise.all([
    db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, count(l.id)::int as n
      from generate_series(${since}, date_trunc('day', now() at time zone 'UTC'), interval '1 day') as d(day)
      left join leads l on l.status <> 'draft' and l.${SENT_BY_SOMEONE}
        and date_trunc('day', l.created_at at time zone 'UTC') = d.day
      group by d.day order by d.day`),
    db.execute(sql`
      select status, count(*)::int as n from leads
      where ${SENT_BY_SOMEONE} and created_at at time zone 'UTC' >= ${since} group by status order by n desc, status`),
    db.execute(sql`
      select coalesce(service, 'not given') as service, count(*)::int as n from leads
      where status <> 'draft' and ${SENT_BY_SOMEONE} and created_at at time zone 'UTC' >= ${since}
      group by 1 order by n desc, 1 limit 20`),
    db.execute(sql`
      select coalesce(upper(substring(city_slug from '-([a-z]{2})$')), country) as region,
        count(*)::int as n from leads
      where status <> 'draft' and ${SENT_BY_SOMEONE} and created_at at time zone 'UTC' >= ${since}
      group by 1 order by n desc, 1 limit 20`),
    db.execute(sql`
      select percentile_cont(0.5) within group (order by extract(epoch from q.first - p.sent) / 3600)
        as median
      from (select rp.lead_id, min(rp.consent_at) as sent from request_pros rp
        join leads on leads.id = rp.lead_id and leads.${SENT_BY_SOMEONE} group by rp.lead_id) p
      join (select lead_id, min(created_at) as first from quotes group by lead_id) q
        on q.lead_id = p.lead_id
      where p.sent at time zone 'UTC' >= ${since}`),
    db.execute(sql`
      select
        count(*) filter (where status = 'pending' and attempts = 0 and next_attempt_at <= now())::int as due,
        count(*) filter (where status in ('pending', 'processing') and attempts > 0)::int as retrying,
        count(*) filter (where status = 'failed')::int as failed
      from outbox_jobs`),
  ]);
  const median = rowsOf<{ median: number | string | null }>(quoted)[0]?.median;
  const health = rowsOf<{ due: number; retrying: number; failed: number }>(outbox)[0];
  return {
    perDay: rowsOf(perDay),
    byStatus: rowsOf(byStatus),
    byService: rowsOf(byService),
    byRegion: rowsOf(byRegion),
    medianHoursToFirstQuote: median === null || median === undefined ? null : Number(median),
    outbox: health ?? { due: 0, retrying: 0, failed: 0 },
  };
}

/**
 * "Now": this instance's request times and errors, and the outbox's oldest
 * due job, from the figures /metrics gives (server/metrics.ts, decision
 * 042). Null where no server keeps them.
 */
export async function instanceNow(
  services: Pick<AppServices, "instanceFigures">,
): Promise<InstanceFigures | null> {
  return services.instanceFigures ? services.instanceFigures() : null;
}
