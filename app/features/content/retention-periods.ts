/**
 * The retention periods as the privacy policy states them: its Markdown names
 * each one as {{retention:name}}, and the page shows the period of
 * app/lib/retention.ts, the constant the housekeeping jobs enforce, in the
 * page's language ("30 days", "30 días", "30 jours"). A number typed into
 * the policy could drift from what the jobs do; a name cannot.
 */
import { formatterCache, type Locale } from "~/lib/locales";
import {
  AUDIT_LOG_KEPT_MONTHS,
  BACKUPS_KEPT_DAYS,
  BROWSER_REQUEST_COOKIE_DAYS,
  DELIVERED_JOBS_KEPT_DAYS,
  DRAFT_KEPT_DAYS,
  DRAFT_WARNING_DAYS_BEFORE,
  RATE_LIMIT_COUNTERS_KEPT_HOURS,
  SERVER_LOGS_KEPT_DAYS,
} from "~/lib/retention";

type Unit = "hour" | "day" | "month";

/** Each period the policy may name, with its unit. */
export const RETENTION_PERIODS = {
  draftKept: [DRAFT_KEPT_DAYS, "day"],
  draftWarning: [DRAFT_WARNING_DAYS_BEFORE, "day"],
  deliveredEmailsKept: [DELIVERED_JOBS_KEPT_DAYS, "day"],
  auditLogKept: [AUDIT_LOG_KEPT_MONTHS, "month"],
  browserRequestCookie: [BROWSER_REQUEST_COOKIE_DAYS, "day"],
  rateLimitCountersKept: [RATE_LIMIT_COUNTERS_KEPT_HOURS, "hour"],
  backupsKept: [BACKUPS_KEPT_DAYS, "day"],
  serverLogsKept: [SERVER_LOGS_KEPT_DAYS, "day"],
} as const satisfies Record<string, readonly [number, Unit]>;
export type RetentionPeriod = keyof typeof RETENTION_PERIODS;

const unitFormat = formatterCache(
  (tag, unit) => new Intl.NumberFormat(tag, { style: "unit", unit, unitDisplay: "long" }),
);

/** "30 days" in the language; whole years of months as years ("2 years", not "24 months"). */
export function formatPeriod(name: RetentionPeriod, locale: Locale): string {
  const [value, unit]: readonly [number, Unit] = RETENTION_PERIODS[name];
  if (unit === "month" && value % 12 === 0) return unitFormat(locale, "year").format(value / 12);
  return unitFormat(locale, unit).format(value);
}

const isPeriod = (name: string): name is RetentionPeriod => Object.hasOwn(RETENTION_PERIODS, name);

const PLACEHOLDER = /\{\{retention:(\w+)\}\}/g;

/**
 * The Markdown with each {{retention:name}} replaced by its period. Throws on
 * a name that is not a period (a typo must not reach the page).
 */
export function fillRetentionPeriods(markdown: string, locale: Locale): string {
  return markdown.replace(PLACEHOLDER, (_, name: string) => {
    if (!isPeriod(name)) throw new Error(`{{retention:${name}}} names no retention period`);
    return formatPeriod(name, locale);
  });
}
