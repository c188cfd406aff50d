/**
 * /visits/:id: a site visit (issue 34) for its two sides, the homeowner of
 * the request and the owner of the business; anyone else, or an unknown id,
 * is the 404. Shows the visit in the job's zone and offers, as plain form
 * posts, what this side may do now: pick a proposed time, move, cancel,
 * or say how it went once its time has come.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import { FormAlert } from "~/components/ui/form-controls";
import { signedIn, signedInUser } from "~/features/auth/signed-in.server";
import { deliveryOf, orNotFound, step } from "~/features/marketplace/answers.server";
import { freeDaysOf, lastVisitAddress } from "~/features/visits/project-visits.server";
import {
  CancelForm,
  MarkForms,
  PickForm,
  RescheduleForm,
  VISIT_NOTICES,
  VisitSummary,
} from "~/features/visits/visit-page";
import {
  formOfIntent,
  instantOf,
  visitFor,
  visitFormErrors,
  visitIntents,
  type VisitIntent,
} from "~/features/visits/visit-view.server";
import {
  cancelVisit,
  markVisit,
  pickVisitTime,
  rescheduleVisit,
} from "~/features/visits/visits.server";
import { getDb, nowOf } from "~/lib/app-context.server";
import { dispatchIntent, type FormFailure, type FormValues } from "~/lib/forms";
import { translate } from "~/lib/i18n.server";
import { loadCatalogs } from "~/lib/i18n-browser";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { noStore } from "~/lib/no-store.server";
import { NO_STORE_HEADERS } from "~/lib/page-headers";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/visit";
import { SIGNED_IN_PAGE } from "~/lib/page-handle";

/** Signed in (else /login, back here), and never stored. */
export const middleware: Route.MiddlewareFunction[] = [noStore, signedIn];

/** Only a signed-in person reaches it: the header says so without JavaScript. */
export const handle = SIGNED_IN_PAGE;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const db = getDb(context);
  const locale = localeOf(context);
  const now = nowOf(context);
  const view = await orNotFound(visitFor(db, user.id, params.id, { locale, now }), locale);
  const from = url.searchParams.get("from");
  const [free, address] = await Promise.all([
    view.actions.reschedule
      ? freeDaysOf(db, view.contractorId, view.citySlug, {
          now,
          from,
          except: view.id,
          timeZone: view.timeZone,
          skip: view.startsAt,
        })
      : null,
    // Picking a time asks the address of the work: the one given last for this request.
    view.actions.pick ? lastVisitAddress(db, user.id, view.leadId) : null,
  ]);
  const other = view.other;
  return data({
    view,
    free,
    from,
    address,
    now: now.toISOString(),
    done: url.searchParams.get("done"),
    title: translate(locale, msg`Site visit with ${other}`),
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = signedInUser(context);
  const db = getDb(context);
  const locale = localeOf(context);
  const actor = { userId: user.id };
  const delivery = deliveryOf(context);
  const visitId = params.id;
  // Another person's visit is the 404 before anything typed is looked at.
  await orNotFound(visitFor(db, user.id, visitId, { locale, now: nowOf(context) }), locale);
  type Answer = Response | ReturnType<typeof data<FormFailure>>;
  /** Checks the form's fields, then runs the step; a refusal comes back to this form. */
  const checked = async (
    value: VisitIntent,
    values: FormValues,
    work: () => Promise<void>,
    done: string,
  ): Promise<Answer> => {
    const form = formOfIntent(value.intent);
    const errors = visitFormErrors(value, locale);
    if (Object.keys(errors).length > 0) {
      return data<FormFailure>(
        { ok: false, form, errors, values },
        { status: 400, headers: NO_STORE_HEADERS },
      );
    }
    const refused = await step(work, values, locale);
    if (refused) return data<FormFailure>({ ...refused.data, form }, refused.init ?? undefined);
    return redirect(
      `${localizePath(`/visits/${visitId}`, locale)}?${new URLSearchParams({ done })}`,
    );
  };
  const at = (input: string | undefined) => instantOf(input) ?? new Date(NaN);
  return dispatchIntent<typeof visitIntents, Answer>(
    visitIntents,
    await request.formData(),
    {
      pick: (value, values) =>
        checked(
          value,
          values,
          () =>
            pickVisitTime(
              db,
              actor,
              { visitId, start: at(value.start), address: value.address },
              delivery,
            ),
          "booked",
        ),
      reschedule: (value, values) =>
        checked(
          value,
          values,
          () =>
            rescheduleVisit(
              db,
              actor,
              { visitId, start: at(value.slot), reason: value.reason ?? "" },
              delivery,
            ),
          "moved",
        ),
      cancel: (value, values) =>
        checked(
          value,
          values,
          () => cancelVisit(db, actor, { visitId, reason: value.reason ?? "" }, delivery),
          "cancelled",
        ),
      done: (value, values) =>
        checked(
          value,
          values,
          () => markVisit(db, actor, { visitId, outcome: "done" }, delivery),
          "marked",
        ),
      no_show: (value, values) =>
        checked(
          value,
          values,
          () => markVisit(db, actor, { visitId, outcome: "no_show" }, delivery),
          "marked",
        ),
    },
    (failure) =>
      data<FormFailure>(
        {
          ok: false,
          formError: translate(locale, msg`Please choose what to do with this visit.`),
          values: failure.values,
        },
        { status: 400, headers: NO_STORE_HEADERS },
      ),
  );
}

/** A step refused (409: taken meanwhile, or the visit changed): the page is read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 409 || defaultShouldRevalidate;

/** Arriving from the pro's area: the page's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), loadCatalogs("projects")]);
  return loaded;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData.title} | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function VisitPage({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const localize = useLocalize();
  const { view, free, from, done } = loaderData;
  const now = new Date(loaderData.now);
  const notice = done ? VISIT_NOTICES[done] : undefined;
  const other = view.other;
  const failure = actionData?.ok === false ? actionData : undefined;
  const backPath =
    view.side === "homeowner"
      ? localize(`/dashboard/projects/${view.leadId}`)
      : localize(
          `/pro/requests/${view.leadId}?${new URLSearchParams({ business: view.contractorId })}`,
        );
  const { actions } = view;
  // A refusal whose form is gone (the visit changed meanwhile) is said at the top.
  const shown: Record<string, boolean> = {
    pick: actions.pick,
    reschedule: actions.reschedule && free !== null,
    cancel: actions.cancel,
    mark: actions.done || actions.noShow,
  };
  const topError = failure && !shown[failure.form ?? ""] ? failure.formError : undefined;
  return (
    <section
      aria-labelledby="visit-title"
      className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6"
    >
      <div className="grid gap-2">
        <Link to={backPath} className="text-sm font-medium text-navy-700 underline">
          {view.side === "homeowner" ? (
            <Trans>Back to the project</Trans>
          ) : (
            <Trans>Back to the request</Trans>
          )}
        </Link>
        <h1 id="visit-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          <Trans>Site visit with {other}</Trans>
        </h1>
        <p className="text-muted">{view.project}</p>
      </div>
      <FormAlert tone="success" message={notice ? i18n._(notice) : undefined} />
      <FormAlert message={topError} />
      <VisitSummary view={view} now={now} />
      {actions.pick ? (
        <PickForm view={view} failure={failure} now={now} address={loaderData.address} />
      ) : null}
      {actions.reschedule && free ? (
        <RescheduleForm free={free} failure={failure} from={from} now={now} />
      ) : null}
      {actions.done || actions.noShow ? <MarkForms view={view} failure={failure} /> : null}
      {actions.cancel ? <CancelForm failure={failure} /> : null}
    </section>
  );
}
