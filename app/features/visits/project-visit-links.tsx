/**
 * A pro's visit on the homeowner's project page (issue 34): "Book a visit"
 * while the pro has taken the request on and the request is open, or the
 * open visit's state and time linking to its page; its other visits below,
 * by date, a cancelled one saying so.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { useLocale, useLocalize } from "~/lib/use-locale";
import type { VisitState } from "../../../database/enums";
import type { BusinessVisits, VisitLink } from "./project-visits.server";
import { VISIT_CAUSE_LABELS, VISIT_STATE_LABELS } from "./visit-labels";
import { formatVisitTime } from "./visit-time";

/** The pro's parts with which a visit may be booked, and the requests' states. */
const TAKEN_ON = ["accepted", "quoted", "hired"];
const OPEN_REQUEST = ["sent", "scheduled", "in_progress"];

/** The pro has not answered yet: a visit can be booked once it accepts. */
export const waitsForAnswer = (
  part: { state: string; unavailable: boolean },
  requestStatus: string,
): boolean =>
  !part.unavailable && ["sent", "viewed"].includes(part.state) && requestStatus === "sent";

/** Whether the homeowner may book a visit with this pro now. */
export function canBookVisit(
  part: { state: string; unavailable: boolean },
  requestStatus: string,
): boolean {
  return !part.unavailable && TAKEN_ON.includes(part.state) && OPEN_REQUEST.includes(requestStatus);
}

/** "Visit booked: Tue, Mar 10, 9:00 AM MDT", "Visit moved: …", "Times proposed: pick one". */
function OpenVisitLine({ visit, now }: { visit: VisitLink; now: Date }) {
  const { t } = useLingui();
  const locale = useLocale();
  const when = visit.startsAt
    ? formatVisitTime(new Date(visit.startsAt), visit.timeZone, locale, now)
    : "";
  if (visit.state === "proposed") return <>{t`Times proposed: pick one`}</>;
  if (visit.state === "rescheduled") return <>{t`Visit moved: ${when}`}</>;
  return <>{t`Visit booked: ${when}`}</>;
}

const isCancelled = (state: VisitState) =>
  state === "cancelled_by_homeowner" || state === "cancelled_by_pro";

/**
 * A visit that is not the open one, as its line reads: a cancellation says
 * so, with the site's cause ("Visit of Tue, Mar 16, 2027, 9:00 AM MDT:
 * Cancelled by the pro"), wherever its date is; one whose time was never
 * picked says so; one whose time has passed is an earlier visit with how it went.
 */
function OtherVisitLine({ visit, now }: { visit: VisitLink; now: Date }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const state = i18n._(
    visit.cause ? VISIT_CAUSE_LABELS[visit.cause] : VISIT_STATE_LABELS[visit.state],
  );
  if (!visit.startsAt) return <>{t`Times proposed, none picked: ${state}`}</>;
  const when = formatVisitTime(new Date(visit.startsAt), visit.timeZone, locale, now);
  if (isCancelled(visit.state)) return <>{t`Visit of ${when}: ${state}`}</>;
  return <>{t`Earlier visit, ${when}: ${state}`}</>;
}

export function ProjectVisitLinks({
  projectId,
  part,
  requestStatus,
  visits,
  now,
}: {
  projectId: string;
  part: { contractorId: string; name: string; state: string; unavailable: boolean };
  requestStatus: string;
  visits: BusinessVisits | undefined;
  /** The loader's time (ISO): a date in another year says its year. */
  now: string;
}) {
  const { t } = useLingui();
  const localize = useLocalize();
  const open = visits?.open ?? null;
  const others = visits?.others ?? [];
  const business = part.name;
  const at = new Date(now);
  return (
    <div className="grid justify-items-start gap-2">
      {open ? (
        <Link
          to={localize(`/visits/${open.id}`)}
          className="font-medium text-navy-700 underline underline-offset-2"
        >
          <OpenVisitLine visit={open} now={at} />
        </Link>
      ) : canBookVisit(part, requestStatus) ? (
        <Link
          to={localize(
            `/dashboard/projects/${projectId}/visit?${new URLSearchParams({ business: part.contractorId })}`,
          )}
          className={buttonClasses("secondary", "sm")}
          aria-label={t`Book a visit with ${business}`}
        >
          <Trans>Book a visit</Trans>
        </Link>
      ) : waitsForAnswer(part, requestStatus) ? (
        // Where "Schedule Consultation" on a listing leads: the visit, once the pro takes it on.
        <p className="text-sm text-muted">
          <Trans>Once {business} accepts, you can book a visit here.</Trans>
        </p>
      ) : null}
      {others.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {others.map((visit) => (
            <li key={visit.id}>
              <Link to={localize(`/visits/${visit.id}`)} className="underline underline-offset-2">
                <OtherVisitLine visit={visit} now={at} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
