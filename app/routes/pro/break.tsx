/**
 * /pro/break: a pro taking a break (issue 33). Pause new requests until a
 * day, resume now, or set a weekly limit that pauses the business until the
 * next week begins. Requests already sent are not affected. The owner of the
 * business only (?business=<id> among theirs; another's is the 404). Plain
 * form posts: they work without JavaScript, and a refusal is said beside its
 * field with what was typed kept.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Form, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { bindFields, FormAlert, TextField } from "~/components/ui/form-controls";
import { signedInUser } from "~/features/auth/signed-in.server";
import { orNotFound } from "~/features/marketplace/answers.server";
import {
  breakSchema,
  breakStatus,
  pauseDays,
  pauseUntil,
  resumeNow,
  setWeeklyLimit,
  type BreakChanged,
  type BreakStatus,
} from "~/features/marketplace/break.server";
import { breakChangeRefused } from "~/features/marketplace/break-limit.server";
import { chosenBusiness } from "~/features/marketplace/inbox.server";
import { dayWithWeekday } from "~/features/marketplace/pause-line";
import { INACTIVE_PAUSE_DAYS, MAX_WEEKLY_LIMIT } from "~/features/marketplace/limits";
import { getDb } from "~/lib/app-context.server";
import { announceBusinesses } from "~/features/fresh-pages/index.server";
import { failureOf, dispatchIntent, type FormFailure, type FormValues } from "~/lib/forms";
import { NO_STORE_HEADERS } from "~/lib/page-headers";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { useLocale } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/break";

const PATH = "/pro/break";
const brand = BRAND.name;

/** The business's break now, and the days a pause may end on. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  const db = getDb(context);
  const owned = await orNotFound(chosenBusiness(db, user.id, url), locale);
  if (!owned) throw redirect(localizePath("/pro/join", locale));
  const now = new Date();
  const status = await orNotFound(breakStatus(db, user.id, owned.business.id, now), locale);
  return data({
    business: { id: owned.business.id, name: owned.business.name },
    status: { ...status, inactivePausedAt: status.inactivePausedAt?.toISOString() ?? null },
    days: pauseDays(now),
    done: url.searchParams.get("done"),
    title: translate(locale, msg`Taking a break | ${brand} for pros`),
  });
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  const db = getDb(context);
  // Another person's business (?business=) is the 404 before anything is read.
  const owned = await orNotFound(chosenBusiness(db, user.id, url), locale);
  if (!owned) throw redirect(localizePath("/pro/join", locale));
  const id = owned.business.id;
  const back = (done: string) =>
    redirect(`${localizePath(PATH, locale)}?${new URLSearchParams({ business: id, done })}`);
  const now = new Date();
  const schema = breakSchema(locale, now);
  type Answer = Response | ReturnType<typeof data<FormFailure>>;
  /**
   * A valid change, counted against the business's limit (decision 047): past
   * it, said beside the form's field (the Resume button has none) with what was
   * typed, 429. Once changed, only a pause line that now reads otherwise makes
   * pages stale: the listings, searches and profile that show it.
   */
  const change = async (
    form: "pause" | "resume" | "limit",
    field: string | null,
    values: FormValues,
    write: () => Promise<BreakChanged>,
  ): Promise<Answer> => {
    const refusal = await breakChangeRefused(db, id, locale);
    if (refusal) {
      const failure: FormFailure = field
        ? { ok: false, form, errors: { [field]: refusal.message }, values }
        : { ok: false, form, formError: refusal.message, values };
      return data(failure, {
        status: 429,
        headers: { "Retry-After": refusal.retryAfterS.toString() },
      });
    }
    const { shownChanged } = await orNotFound(write(), locale);
    if (shownChanged) await announceBusinesses(context, [id], [], "pause");
    return back(form);
  };
  return dispatchIntent<typeof schema, Answer>(
    schema,
    await request.formData(),
    {
      pause: ({ until }, values) =>
        change("pause", "until", values, () => pauseUntil(db, user.id, id, until, now)),
      resume: (_, values) => change("resume", null, values, () => resumeNow(db, user.id, id, now)),
      limit: ({ weeklyLimit }, values) =>
        change("limit", "weeklyLimit", values, () =>
          setWeeklyLimit(db, user.id, id, weeklyLimit, now),
        ),
    },
    (failure) => {
      const form = failure.values.intent === "limit" ? "limit" : "pause";
      return data<FormFailure>(failureOf(failure, form), { status: 400 });
    },
  );
}

/** Never stored; a change refused for coming too often says when to try again. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(NO_STORE_HEADERS);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData.title },
  { name: "robots", content: "noindex, nofollow" },
];

const NOTICES: Record<string, MessageDescriptor> = {
  pause: msg`Your pause is saved.`,
  resume: msg`You take new requests again.`,
  limit: msg`Your weekly limit is saved.`,
};

type Status = Omit<BreakStatus, "inactivePausedAt"> & { inactivePausedAt: string | null };

/** Where the business stands now, in one sentence (and this week's count under a limit). */
function StatusLine({ status }: { status: Status }) {
  const locale = useLocale();
  const { pause, thisWeek, weeklyLimit } = status;
  const day = pause?.until ? dayWithWeekday(pause.until, locale) : "";
  const days = INACTIVE_PAUSE_DAYS;
  return (
    <div className="grid gap-1 rounded-control border border-navy-200 bg-navy-50 px-4 py-3 text-navy-900">
      <p className="font-semibold">
        {pause?.reason === "paused" ? (
          <Trans>Paused until {day}. Homeowners can choose you again from that day.</Trans>
        ) : pause?.reason === "weekly_limit" ? (
          <Trans>Weekly limit reached: paused until {day}.</Trans>
        ) : pause?.reason === "inactive" ? (
          <Trans>Paused because nobody signed in for {days} days.</Trans>
        ) : (
          <Trans>You are taking new requests.</Trans>
        )}
      </p>
      {weeklyLimit !== null ? (
        <p className="text-sm">
          <Trans>
            New requests this week: {thisWeek} of {weeklyLimit}.
          </Trans>
        </p>
      ) : null}
    </div>
  );
}

export default function ProBreakPage({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const { business, status, days, done } = loaderData;
  const name = business.name;
  const notice = done ? NOTICES[done] : undefined;
  const failed = (form: string) => (actionData?.form === form ? actionData : undefined);
  const pauseFailure = failed("pause");
  const limitFailure = failed("limit");
  const resumeFailure = failed("resume");
  // A pause that has ended is not offered again as the form's day.
  const ownPause = status.pausedUntil !== null && status.pausedUntil >= days.first;
  const pauseField = bindFields("pause", pauseFailure?.errors ?? {}, {
    until: ownPause ? (status.pausedUntil ?? "") : "",
    ...pauseFailure?.values,
  });
  const limitField = bindFields("limit", limitFailure?.errors ?? {}, {
    weeklyLimit: status.weeklyLimit === null ? "" : String(status.weeklyLimit),
    ...limitFailure?.values,
  });
  const max = MAX_WEEKLY_LIMIT;
  return (
    <section aria-labelledby="break-title" className="grid max-w-2xl gap-6">
      <div className="grid gap-1">
        <h1 id="break-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          <Trans>Taking a break</Trans>
        </h1>
        <p className="text-muted">
          <Trans>
            While {name} is paused, homeowners can&apos;t choose it for new requests; your profile
            says until when. Requests already sent to you are not affected: you can still answer and
            quote on them.
          </Trans>
        </p>
      </div>
      <FormAlert tone="success" message={notice ? i18n._(notice) : undefined} />
      <StatusLine status={status} />
      <div className="grid gap-4 rounded-card bg-surface p-6 shadow-card">
        <h2 className="text-xl font-bold text-navy-900">
          <Trans>Pause new requests</Trans>
        </h2>
        <Form method="post" className="grid gap-3" aria-label={t`Pause new requests`}>
          <input type="hidden" name="intent" value="pause" />
          <TextField
            field={pauseField("until")}
            type="date"
            min={days.first}
            max={days.last}
            required
            label={t`Pause new requests until`}
            hint={t`The day you take new requests again: after today, and within a year.`}
          />
          <Button type="submit" className="justify-self-start">
            <Trans>Pause</Trans>
          </Button>
        </Form>
        {ownPause ? (
          <Form method="post" className="grid gap-3" aria-label={t`Resume now`}>
            <input type="hidden" name="intent" value="resume" />
            <FormAlert message={resumeFailure?.formError} />
            <Button type="submit" variant="secondary" className="justify-self-start">
              <Trans>Resume now</Trans>
            </Button>
          </Form>
        ) : null}
      </div>
      <div className="grid gap-4 rounded-card bg-surface p-6 shadow-card">
        <h2 className="text-xl font-bold text-navy-900">
          <Trans>Weekly limit</Trans>
        </h2>
        <Form method="post" className="grid gap-3" aria-label={t`Weekly limit`}>
          <input type="hidden" name="intent" value="limit" />
          <TextField
            field={limitField("weeklyLimit")}
            inputMode="numeric"
            className="max-w-40"
            label={t`Weekly limit of new requests`}
            hint={t`From 1 to ${max}; empty for no limit. Once reached, you are paused until the next week begins on Monday.`}
          />
          <Button type="submit" className="justify-self-start">
            <Trans>Save limit</Trans>
          </Button>
        </Form>
      </div>
    </section>
  );
}
