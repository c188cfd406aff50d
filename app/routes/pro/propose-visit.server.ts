/**
 * The pro's "Propose up to 3 times" form on a request's page (issue 34): each
 * time a day and a clock in the business's zone; blank pairs are skipped, a
 * half-typed or impossible one is refused beside its field, and the times go
 * to proposeVisit, which checks them against the business's visits.
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { data, redirect, type RouterContextProvider } from "react-router";
import { deliveryOf, step } from "~/features/marketplace/answers.server";
import { PROPOSE_FORM, PROPOSED_PAIRS } from "~/features/visits/propose-visit";
import { visitSettingsOf } from "~/features/visits/settings.server";
import { proposeVisit } from "~/features/visits/visits.server";
import { addDays, instantOf } from "~/features/visits/zoned-time";
import { getDb } from "~/lib/app-context.server";
import type { FieldErrors, FormFailure, FormValues } from "~/lib/forms";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { NO_STORE_HEADERS } from "~/lib/page-headers";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:00)?$/;

/** A real day written YYYY-MM-DD. */
function isDate(date: string): boolean {
  if (!DATE.test(date)) return false;
  try {
    return addDays(date, 0) === date;
  } catch {
    return false;
  }
}

/** The times typed, as instants in `timeZone`, or the problems beside their fields. */
export function proposedTimes(
  values: FormValues,
  timeZone: string,
  now: Date,
): { starts: Date[]; problems: Record<string, MessageDescriptor> } {
  const starts: Date[] = [];
  const problems: Record<string, MessageDescriptor> = {};
  for (const n of PROPOSED_PAIRS) {
    const date = (values[`date${n}`] ?? "").trim();
    const time = (values[`time${n}`] ?? "").trim();
    if (!date && !time) continue;
    if (!date) problems[`date${n}`] = msg`Add the day for this time.`;
    else if (!isDate(date)) problems[`date${n}`] = msg`Enter a date like 2027-03-10.`;
    if (!time) problems[`time${n}`] = msg`Add the time for this day.`;
    else if (!TIME.test(time)) problems[`time${n}`] = msg`Use a time like 08:00`;
    if (problems[`date${n}`] || problems[`time${n}`]) continue;
    const start = instantOf(date, time.slice(0, 5), timeZone);
    if (start <= now) problems[`time${n}`] = msg`This time has passed.`;
    else starts.push(start);
  }
  if (starts.length === 0 && Object.keys(problems).length === 0) {
    problems.date1 = msg`Propose at least one time.`;
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
  const { timeZone } = await visitSettingsOf(db, contractorId);
  const { starts, problems } = proposedTimes(values, timeZone, new Date());
  if (Object.keys(problems).length > 0) {
    const errors: FieldErrors = Object.fromEntries(
      Object.entries(problems).map(([name, message]) => [name, translate(locale, message)]),
    );
    return data<FormFailure>(
      { ok: false, form: PROPOSE_FORM, errors, values },
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
