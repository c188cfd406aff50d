/**
 * /dashboard/projects/:id/visit?business=<id>: the homeowner books a site
 * visit with a pro that took their request on (issue 34), from the pro's
 * free times in the job's zone, seven days with free times at a time, and
 * the address of the work (the one given last for the request to start from). The
 * homeowner's own open request and such a pro only; anything else is the
 * 404. A time taken meanwhile answers 409 with the list as it is now.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Form, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import { Button } from "~/components/ui/button";
import { bindFields, FormAlert } from "~/components/ui/form-controls";
import { VisitAddressField } from "~/features/visits/visit-page";
import { signedInUser } from "~/features/auth/signed-in.server";
import { deliveryOf, orNotFound, step } from "~/features/marketplace/answers.server";
import { bookingFor, freeDaysOf, lastVisitAddress } from "~/features/visits/project-visits.server";
import { SlotPicker } from "~/features/visits/slot-picker";
import { ADDRESS_MAX, ADDRESS_NEEDED } from "~/features/visits/visit-labels";
import { hasControlCharacters } from "~/lib/plain-text";
import { CONTROL_CHARACTERS_MESSAGE } from "~/lib/text-check-messages";
import { instantOf } from "~/features/visits/visit-view.server";
import { bookVisit } from "~/features/visits/visits.server";
import { getDb, nowOf } from "~/lib/app-context.server";
import { formValues, type FormFailure } from "~/lib/forms";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { NO_STORE_HEADERS } from "~/lib/page-headers";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/book-visit";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const db = getDb(context);
  const locale = localeOf(context);
  const contractorId = url.searchParams.get("business") ?? "";
  const booking = await orNotFound(bookingFor(db, user.id, params.id, contractorId), locale);
  // One open visit per pro: its page says where it stands.
  if (booking.open) throw redirect(localizePath(`/visits/${booking.open.id}`, locale));
  const now = nowOf(context);
  const [free, address] = await Promise.all([
    freeDaysOf(db, contractorId, booking.citySlug, { now, from: url.searchParams.get("from") }),
    lastVisitAddress(db, user.id, params.id),
  ]);
  const name = booking.business;
  return data({
    projectId: params.id,
    business: { id: contractorId, name },
    free,
    address,
    now: now.toISOString(),
    from: url.searchParams.get("from"),
    title: translate(locale, msg`Book a visit with ${name}`),
  });
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const user = signedInUser(context);
  const db = getDb(context);
  const locale = localeOf(context);
  const contractorId = url.searchParams.get("business") ?? "";
  await orNotFound(bookingFor(db, user.id, params.id, contractorId), locale);
  const { slot = "", address = "" } = formValues(await request.formData());
  const values = { slot, address };
  const start = instantOf(slot);
  const errors: Record<string, string> = {};
  if (!start) errors.slot = translate(locale, msg`Choose a time for the visit.`);
  if (!address.trim()) {
    errors.address = translate(locale, ADDRESS_NEEDED);
  } else if (address.length > ADDRESS_MAX) {
    const most = ADDRESS_MAX;
    errors.address = translate(locale, msg`Keep the address under ${most} characters.`);
  } else if (hasControlCharacters(address)) {
    errors.address = translate(locale, CONTROL_CHARACTERS_MESSAGE);
  }
  if (!start || Object.keys(errors).length > 0) {
    return data<FormFailure>(
      { ok: false, errors, values },
      { status: 400, headers: NO_STORE_HEADERS },
    );
  }
  const booked = await step(
    () =>
      bookVisit(
        db,
        user.id,
        { leadId: params.id, contractorId, start, address },
        deliveryOf(context),
      ),
    values,
    locale,
  );
  if (typeof booked !== "string") return booked;
  return redirect(`${localizePath(`/visits/${booked}`, locale)}?done=booked`);
}

/** A time taken meanwhile (409): the list is read again, so the page shows what is free now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 409 || defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData.title} | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** Arriving from another page: a project's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), loadCatalogs("projects")]);
  return loaded;
}

export default function BookVisitPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const localize = useLocalize();
  const { projectId, business, free, from } = loaderData;
  const projectPath = localize(`/dashboard/projects/${projectId}`);
  const page = (date: string | null) =>
    `?${new URLSearchParams({ business: business.id, ...(date ? { from: date } : {}) })}`;
  const field = bindFields("book", actionData?.errors ?? {}, {
    address: loaderData.address ?? "",
    ...actionData?.values,
  });
  const name = business.name;
  const days = free.horizonDays;
  return (
    <section aria-labelledby="book-title" className="grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Link to={projectPath} className="text-sm font-medium text-navy-700 underline">
          <Trans>Back to the project</Trans>
        </Link>
        <h1 id="book-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          <Trans>Book a visit with {name}</Trans>
        </h1>
        <p className="text-muted">
          <Trans>
            Choose one of the pro&apos;s free times. You both get an email with the visit.
          </Trans>
        </p>
      </div>
      <FormAlert message={actionData?.formError} />
      {free.days.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-card bg-surface p-6 shadow-card">
          <p>
            {from ? (
              <Trans>This pro has no later free times.</Trans>
            ) : (
              <Trans>
                This pro has no free times in the next {days} days. You can send a message to agree
                on a time.
              </Trans>
            )}
          </p>
          <Link
            to={from ? page(null) : projectPath}
            className="font-medium text-navy-700 underline"
          >
            {from ? <Trans>Show the first days</Trans> : <Trans>Back to the project</Trans>}
          </Link>
        </div>
      ) : (
        <Form
          method="post"
          className="grid gap-5 rounded-card bg-surface p-6 shadow-card"
          aria-label={t`Book a visit`}
        >
          <SlotPicker
            id="book-slot"
            legend={t`Time of the visit`}
            days={free.days}
            timeZone={free.timeZone}
            error={actionData?.errors?.slot}
            value={actionData?.values?.slot}
            later={free.next ? page(free.next) : null}
            earlier={from ? page(null) : null}
            now={new Date(loaderData.now)}
          />
          <VisitAddressField field={field("address")} />
          <Button type="submit" className="justify-self-start">
            <Trans>Book this visit</Trans>
          </Button>
        </Form>
      )}
    </section>
  );
}
