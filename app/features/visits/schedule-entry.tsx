/**
 * One line of the pro's schedule (/pro/schedule, issues 34 and 43): a visit
 * or a time proposed for it, when (in the job's zone, the business's own
 * beside it when it reads otherwise), who (the homeowner by the contact
 * rule), what, where, its state (a cancellation with the site's cause) and
 * its page. Printable.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useLocale, useLocalize } from "~/lib/use-locale";
import type { ScheduleEntry } from "./schedule-entries.server";
import { VISIT_CAUSE_LABELS, VISIT_STATE_LABELS } from "./visit-labels";
import { formatClock, visitTimeFor, zoneNameOf } from "./visit-time";

const LINK = "font-medium text-navy-700 underline underline-offset-2";

const isCancelled = (entry: ScheduleEntry) =>
  entry.state === "cancelled_by_homeowner" || entry.state === "cancelled_by_pro";

/** One visit (or one proposed time): when, who, what, where, its state and its page. */
export function ScheduleEntryItem({
  entry,
  businessZone,
  now,
}: {
  entry: ScheduleEntry;
  businessZone: string;
  now: Date;
}) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const start = new Date(entry.startsAt);
  const end = new Date(entry.endsAt);
  const zone = entry.timeZone;
  const range = `${formatClock(start, zone, locale)} – ${formatClock(end, zone, locale)} ${zoneNameOf(start, zone, locale)}`;
  const theirs = visitTimeFor(start, zone, businessZone, locale, now).viewer;
  const homeowner = entry.homeowner;
  const cancelled = isCancelled(entry);
  const state = entry.cause ? VISIT_CAUSE_LABELS[entry.cause] : VISIT_STATE_LABELS[entry.state];
  return (
    <li className="grid gap-1 rounded-card bg-surface p-4 shadow-card print:break-inside-avoid print:rounded-none print:border print:border-black print:bg-white print:shadow-none">
      <p className="font-semibold text-navy-900 print:text-black">
        <time dateTime={entry.startsAt} className={cancelled ? "text-muted line-through" : ""}>
          {range}
        </time>
        {theirs ? (
          <span className="font-normal text-muted print:text-black">
            {" "}
            <Trans>({theirs} in your zone)</Trans>
          </span>
        ) : null}
      </p>
      <p>
        <span className="font-medium">{homeowner}</span> · {entry.project}
      </p>
      {entry.address ? <p className="text-muted print:text-black">{entry.address}</p> : null}
      <p
        className={
          cancelled
            ? "text-sm font-semibold text-navy-900 print:text-black"
            : "text-sm text-muted print:text-black"
        }
      >
        {i18n._(state)}
      </p>
      <Link
        to={localize(`/visits/${entry.visitId}`)}
        className={`${LINK} text-sm print:hidden`}
        aria-label={t`Open the visit with ${homeowner}`}
      >
        <Trans>Open the visit</Trans>
      </Link>
    </li>
  );
}
