/**
 * The pro's "Propose up to 3 times" form on a request's page (issue 34): each
 * time a day and a clock in the business's zone; blank pairs are skipped, a
 * half-typed or impossible one is refused beside its field, and the times go
 * to proposeVisit, which checks them against the business's visits.
 *
 * A time may be up to a year ahead whatever the business's horizon (issue 43:
 * spring roofs are agreed in winter). One too far, or gone, is refused beside
 * its own field with the time as the homeowner would read it (the job's zone)
 * and the limit, and every pair typed comes back as it was.
 */
import { msg } from "@lingui/core/macro";
import { data, redirect, type RouterContextProvider } from "react-router";
import { deliveryOf, step } from "~/features/marketplace/answers.server";
import { PROPOSAL_REACH_DAYS } from "~/features/visits/hours";
import { PROPOSE_FORM, PROPOSED_PAIRS } from "~/features/visits/propose-visit";
import { visitSectionOf } from "~/features/visits/visit-section.server";
import { formatDay, formatVisitTime } from "~/features/visits/visit-time";
import { proposeVisit } from "~/features/visits/visits.server";
import { addDays, instantOf, wallClockOf } from "~/features/visits/zoned-time";
import { getDb, nowOf } from "~/lib/app-context.server";
import type { FieldErrors, FormFailure, FormValues } from "~/lib/forms";
import { translate } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import { localeOf } from "~/lib/locale-context.server";
import { NO_STORE_HEADERS } from "~/lib/page-headers";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:00)?$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A real day written YYYY-MM-DD. */
function isDate(date: string): boolean {
  if (!DATE.test(date)) return false;
  try {
    return addDays(date, 0) === date;
  } catch {
    return false;
  }
}

/** The zones of a proposal: the one its times are typed in, and the job's. */
export interface ProposalZones {
  /** The business's: the form's clocks are read in it. */
  typed: string;
  /** The job's: a refusal says the time as the homeowner will read it. */
  job: string;
}

/**
 * The times typed, as instants in the business's zone, or the problems
 * beside their fields in the page's language: a time gone or further ahead
 * than PROPOSAL_REACH_DAYS is named, with the limit.
 */
export function proposedTimes(
  values: FormValues,
  zones: ProposalZones,
  now: Date,
  locale: Locale,
): { starts: Date[]; problems: FieldErrors } {
  const starts: Date[] = [];
  const problems: FieldErrors = {};
  const say = translate.bind(null, locale);
  const latest = new Date(now.getTime() + PROPOSAL_REACH_DAYS * DAY_MS);
  for (const n of PROPOSED_PAIRS) {
    const date = (values[`date${n}`] ?? "").trim();
    const time = (values[`time${n}`] ?? "").trim();
    if (!date && !time) continue;
    if (!date) problems[`date${n}`] = say(msg`Add the day for this time.`);
    else if (!isDate(date)) problems[`date${n}`] = say(msg`Enter a date like 2027-03-10.`);
    if (!time) problems[`time${n}`] = say(msg`Add the time for this day.`);
    else if (!TIME.test(time)) problems[`time${n}`] = say(msg`Use a time like 08:00`);
    if (problems[`date${n}`] || problems[`time${n}`]) continue;
    const start = instantOf(date, time.slice(0, 5), zones.typed);
    const when = formatVisitTime(start, zones.job, locale, now);
    if (start <= now) {
      problems[`time${n}`] = say(msg`${when} has passed. Propose a time still to come.`);
    } else if (start > latest) {
      const last = formatDay(wallClockOf(latest, zones.job).date, locale, now);
      problems[`date${n}`] = say(
        msg`${when} is more than a year ahead. Propose a time up to ${last}.`,
      );
    } else {
      starts.push(start);
    }
  }
  if (starts.length === 0 && Object.keys(problems).length === 0) {
    problems.date1 = say(msg`Propose at least one time.`);
  }
  return { starts, problems };
}

/** Proposes the typed times for the request's part with the business; back to the page, or refused. */
export async function answerProposeVisit(
  context: Readonly<RouterContextProvider>,
  userId: string,
  leadId: string,
  contractorId: string,
  values: FormValues,
  back: string,
): Promise<Response | ReturnType<typeof data<FormFailure>>> {
  const locale = localeOf(context);
  const db = getDb(context);
  const section = await visitSectionOf(db, leadId, contractorId);
  const zones = { typed: section.timeZone, job: section.jobZone };
  const { starts, problems } = proposedTimes(values, zones, nowOf(context), locale);
  if (Object.keys(problems).length > 0) {
    return data<FormFailure>(
      { ok: false, form: PROPOSE_FORM, errors: problems, values },
      { status: 400, headers: NO_STORE_HEADERS },
    );
  }
  const done = await step(
    () => proposeVisit(db, userId, { leadId, contractorId, starts }, deliveryOf(context)),
    values,
    locale,
  );
  if (typeof done === "string") return redirect(back);
  done.data.form = PROPOSE_FORM;
  return done;
}
