/**
 * "Not taking new requests until Dec 7, 2026": the line a listing card and a
 * profile show for a business taking a break (availability.server.ts). The
 * public reads when, not why; with no end day (paused for inactivity), "at
 * the moment".
 */
import { Trans } from "@lingui/react/macro";
import { CalendarOff } from "lucide-react";
import { longDay, mediumDate } from "~/lib/dates";
import type { Locale } from "~/lib/locales";
import { useLocale } from "~/lib/use-locale";
import type { Pause } from "./pause";

/** "Monday, December 7, 2026" for a calendar day ("2026-12-07"), in the page's language. */
export function dayWithWeekday(isoDay: string, locale: Locale): string {
  return longDay(isoDay, locale);
}

export function NotTakingRequests({ pause }: { pause: Pause }) {
  const locale = useLocale();
  const day = pause.until ? mediumDate(pause.until, locale) : null;
  return (
    <p className="flex items-start gap-2 text-sm font-semibold text-navy-900">
      <CalendarOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {day ? (
        <Trans>Not taking new requests until {day}</Trans>
      ) : (
        <Trans>Not taking new requests at the moment</Trans>
      )}
    </p>
  );
}
