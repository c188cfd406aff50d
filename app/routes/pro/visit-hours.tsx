/**
 * /pro/visits: a business's hours for site visits (issue 34). The owner sets
 * the week's hours, how long a visit is, the time kept free after one, the
 * least notice, how far ahead homeowners may book, the business's zone, and
 * the dates it takes no visits. The owner of the business only (?business=
 * among theirs; another's is the 404). Plain form posts that work without
 * JavaScript; a refusal is said beside its field with what was typed kept.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { bindFields, FormAlert } from "~/components/ui/form-controls";
import { signedInUser } from "~/features/auth/signed-in.server";
import { notFound, orNotFound } from "~/features/marketplace/answers.server";
import { chosenBusiness } from "~/features/marketplace/inbox.server";
import {
  HOURS_PROBLEMS,
  hoursValues,
  readWeeklyHours,
  SettingSelect,
  TimeZoneSelect,
  useZoneLabel,
  WeeklyHoursFields,
} from "~/features/visits/hours-form";
import { DaysOffSection, MAX_DAY_OFF_NOTE } from "~/features/visits/days-off-section";
import {
  addDaysOff,
  comingDaysOff,
  DaysOffFull,
  removeDaysOff,
} from "~/features/visits/days-off.server";
import { DAYS_OFF_LIMITS, VISIT_LIMITS } from "~/features/visits/hours";
import { saveVisitSettings, visitSettingsOf } from "~/features/visits/settings.server";
import { TIME_ZONES } from "~/features/visits/time-zones";
import { zoneNameOf } from "~/features/visits/visit-time";
import { addDays, isTimeZone, wallClockOf } from "~/features/visits/zoned-time";
import { getDb, nowOf } from "~/lib/app-context.server";
import { dispatchIntent, type FieldErrors, type FormFailure } from "~/lib/forms";
import { translate } from "~/lib/i18n.server";
import { CONTROL_CHARACTERS_MESSAGE } from "~/lib/text-check-messages";
import { withoutControlCharacters } from "~/lib/text-checks";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { BRAND } from "~/site";
import type { Route } from "./+types/visit-hours";

/** Whether a text is a real calendar day, YYYY-MM-DD. */
function isDate(text: string): boolean {
  try {
    addDays(text, 0);
    return true;
  } catch {
    return false;
  }
}

const PATH = "/pro/visits";
const brand = BRAND.name;

/** The owner's business (`?business=`), its settings and today in its zone. */
async function ownedSettings(context: Route.LoaderArgs["context"], url: URL) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  const db = getDb(context);
  const owned = await orNotFound(chosenBusiness(db, user.id, url), locale);
  if (!owned) throw redirect(localizePath("/pro/join", locale));
  const settings = await visitSettingsOf(db, owned.business.id);
  const now = nowOf(context);
  return { locale, db, business: owned.business, settings, now };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { locale, db, business, settings, now } = await ownedSettings(context, url);
  const today = wallClockOf(now, settings.timeZone).date;
  const zones = [...TIME_ZONES.map((choice) => choice.zone), settings.timeZone];
  return data({
    business: { id: business.id, name: business.name },
    timeZone: settings.timeZone,
    values: {
      timeZone: settings.timeZone,
      visitMinutes: String(settings.visitMinutes),
      bufferMinutes: String(settings.bufferMinutes),
      noticeHours: String(settings.noticeHours),
      horizonDays: String(settings.horizonDays),
      ...hoursValues(settings.weeklyHours),
    },
    daysOff: await comingDaysOff(db, business.id, today),
    today,
    zoneNames: Object.fromEntries(zones.map((zone) => [zone, zoneNameOf(now, zone, locale)])),
    done: url.searchParams.get("done"),
    title: translate(locale, msg`Visit hours | ${brand} for pros`),
  });
}

/** The page's forms: save the settings, add dates off, remove some. */
function visitHoursSchema(locale: Locale, today: string) {
  const say = (message: MessageDescriptor) => () => translate(locale, message);
  const within = (limit: { min: number; max: number }) =>
    z.coerce
      .number({ error: say(msg`Choose one of the options.`) })
      .int({ error: say(msg`Choose one of the options.`) })
      .min(limit.min, { error: say(msg`Choose one of the options.`) })
      .max(limit.max, { error: say(msg`Choose one of the options.`) });
  const noteMax = MAX_DAY_OFF_NOTE;
  const day = z.iso.date({ error: say(msg`Enter a date like 2027-03-10.`) });
  return z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("save"),
        timeZone: z.string().refine(isTimeZone, { error: say(msg`Choose a time zone.`) }),
        visitMinutes: within(VISIT_LIMITS.visitMinutes),
        bufferMinutes: within(VISIT_LIMITS.bufferMinutes),
        noticeHours: within(VISIT_LIMITS.noticeHours),
        horizonDays: within(VISIT_LIMITS.horizonDays),
      }),
      z
        .object({
          intent: z.literal("add_day_off"),
          startsOn: day
            .refine((value) => value >= today, { error: say(msg`Choose today or a later day.`) })
            // Further ahead than any booking reaches is a typo (9999), and past what dates can add up to.
            .refine((value) => value <= addDays(today, DAYS_OFF_LIMITS.startsWithinDays), {
              error: say(msg`Choose a day in the next two years.`),
            }),
          endsOn: day,
          note: z
            .string()
            .trim()
            .max(MAX_DAY_OFF_NOTE, { error: say(msg`Keep the note to ${noteMax} characters.`) })
            .check(withoutControlCharacters(say(CONTROL_CHARACTERS_MESSAGE)))
            .default(""),
        })
        .refine((off) => off.endsOn >= off.startsOn, {
          path: ["endsOn"],
          error: say(msg`The last day can't be before the first.`),
        })
        // Zod runs this even when a day above was refused: a day that is no date passes here.
        .refine(
          (off) =>
            !isDate(off.startsOn) ||
            off.endsOn <= addDays(off.startsOn, DAYS_OFF_LIMITS.longestDays - 1),
          { path: ["endsOn"], error: say(msg`At most 365 days at a time.`) },
        ),
      z.object({ intent: z.literal("remove_day_off"), id: z.uuid() }),
    ],
    { error: say(msg`Please choose what to do.`) },
  );
}

/** Each day's hours problem, in the page's language. */
function hoursErrors(values: Record<string, string>, locale: Locale): FieldErrors {
  const { problems } = readWeeklyHours(values);
  return Object.fromEntries(
    Object.entries(problems).map(([day, problem]) => [
      day,
      translate(locale, HOURS_PROBLEMS[problem]),
    ]),
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  // Another person's business (?business=) is the 404 before anything is read.
  const { locale, db, business, settings, now } = await ownedSettings(context, url);
  const id = business.id;
  const back = (done: string) =>
    redirect(`${localizePath(PATH, locale)}?${new URLSearchParams({ business: id, done })}`);
  const refuse = (failure: FormFailure) => data<FormFailure>(failure, { status: 400 });
  const today = wallClockOf(now, settings.timeZone).date;
  const schema = visitHoursSchema(locale, today);
  type Answer = Response | ReturnType<typeof refuse>;
  return dispatchIntent<typeof schema, Answer>(
    schema,
    await request.formData(),
    {
      save: async ({ intent: _, ...chosen }, values) => {
        const { hours } = readWeeklyHours(values);
        const errors = hoursErrors(values, locale);
        if (Object.keys(errors).length > 0)
          return refuse({ ok: false, form: "save", errors, values });
        await saveVisitSettings(db, id, { ...chosen, weeklyHours: hours }, now);
        return back("saved");
      },
      add_day_off: async ({ startsOn, endsOn, note }, values) => {
        try {
          await addDaysOff(db, id, { startsOn, endsOn, note }, today);
        } catch (error) {
          if (!(error instanceof DaysOffFull)) throw error;
          const max = DAYS_OFF_LIMITS.coming;
          const full = msg`You already have ${max} dates off coming up, the most you can keep. Remove some, or add days next to ones you have so they join up.`;
          const errors = { startsOn: translate(locale, full) };
          return refuse({ ok: false, form: "day_off", errors, values });
        }
        return back("day_off_added");
      },
      remove_day_off: async ({ id: dayOffId }) => {
        if (!(await removeDaysOff(db, id, dayOffId))) notFound(locale);
        return back("day_off_removed");
      },
    },
    ({ fieldErrors, values }) => {
      if (fieldErrors.intent)
        return refuse({ ok: false, form: "save", formError: fieldErrors.intent });
      // A day off that is not one of the business's (or no id at all): the plain 404.
      if (values.intent === "remove_day_off") notFound(locale);
      if (values.intent === "add_day_off") {
        return refuse({ ok: false, form: "day_off", errors: fieldErrors, values });
      }
      const errors = { ...fieldErrors, ...hoursErrors(values, locale) };
      return refuse({ ok: false, form: "save", errors, values });
    },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData.title },
  { name: "robots", content: "noindex, nofollow" },
];

const NOTICES: Record<string, MessageDescriptor> = {
  saved: msg`Your visit hours are saved.`,
  day_off_added: msg`Your dates off are saved.`,
  day_off_removed: msg`Those dates off are removed.`,
};

export default function VisitHoursPage({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const { business, daysOff, today, zoneNames, done } = loaderData;
  const zoneLabel = useZoneLabel(zoneNames);
  const zone = zoneLabel(loaderData.timeZone);
  const notice = done && !actionData ? NOTICES[done] : undefined;
  const saveFailure = actionData?.form === "save" ? actionData : undefined;
  const values = saveFailure?.values ?? loaderData.values;
  const errors = saveFailure?.errors ?? {};
  const field = bindFields("visits", errors, values);
  const name = business.name;
  return (
    <section aria-labelledby="visit-hours-title" className="grid max-w-3xl gap-6">
      <div className="grid gap-1">
        <h1 id="visit-hours-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          <Trans>Visit hours</Trans>
        </h1>
        <p className="text-muted">
          <Trans>
            Homeowners whose request you accepted can book a visit in these hours. Times are in{" "}
            {zone}.
          </Trans>
        </p>
      </div>
      <FormAlert tone="success" message={notice ? i18n._(notice) : undefined} />
      <Form
        method="post"
        className="grid gap-6 rounded-card bg-surface p-6 shadow-card"
        aria-label={t`Visit hours of ${name}`}
      >
        <input type="hidden" name="intent" value="save" />
        <FormAlert message={saveFailure?.formError} />
        <h2 className="text-xl font-bold text-navy-900">
          <Trans>Weekly hours</Trans>
        </h2>
        <WeeklyHoursFields values={values} problems={errors} />
        <h2 className="text-xl font-bold text-navy-900">
          <Trans>Visits</Trans>
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <SettingSelect
            setting="visitMinutes"
            field={field("visitMinutes")}
            label={t`Visit length`}
          />
          <SettingSelect
            setting="bufferMinutes"
            field={field("bufferMinutes")}
            label={t`Free time after a visit`}
          />
          <SettingSelect
            setting="noticeHours"
            field={field("noticeHours")}
            label={t`Least notice before a visit`}
          />
          <SettingSelect
            setting="horizonDays"
            field={field("horizonDays")}
            label={t`How far ahead homeowners can book`}
            hint={t`You can propose times up to a year ahead from a request, whatever you choose here.`}
          />
        </div>
        <TimeZoneSelect field={field("timeZone")} zoneNames={zoneNames} />
        <Button type="submit" className="justify-self-start">
          <Trans>Save visit hours</Trans>
        </Button>
      </Form>
      <DaysOffSection
        daysOff={daysOff}
        today={today}
        answer={actionData?.form === "day_off" ? actionData : undefined}
      />
    </section>
  );
}
