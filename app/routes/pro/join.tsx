/**
 * /pro/join: any signed-in person creates a business profile and becomes its
 * owner. What a pro gets comes first, then the form. The business's emails
 * are in the language of this page unless its form chooses another.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { serviceGroups } from "~/features/content/service-options.server";
import { ProfileForm } from "~/features/contractors/profile-form";
import { profileFormValues } from "~/features/contractors/profile-values";
import {
  createBusiness,
  licenceRegions,
  ownBusinesses,
} from "~/features/contractors/profiles.server";
import { getServices } from "~/lib/app-context.server";
import { announceBusinesses } from "~/features/fresh-pages/index.server";
import { i18nFor } from "~/lib/i18n";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath, localizePath } from "~/lib/locale-path";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/join";

const PATH = "/pro/join";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const user = await requireUser(request, context, localizePath(PATH, locale));
  const owned = await ownBusinesses(getServices(context).database.db, user.id);
  return data(
    {
      email: user.email,
      locale,
      owned: owned.map((business) => business.name),
      groups: serviceGroups(locale),
      regions: licenceRegions(),
    },
    { headers: NO_STORE },
  );
}

/** Arriving from another area: this area's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadCatalogs("pro")]);
  return data;
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(context);
  const user = await requireUser(request, context, localizePath(PATH, locale));
  const services = getServices(context);
  const outcome = await createBusiness(
    services.database.db,
    user.id,
    profileFormValues(await request.formData()),
    { locale },
  );
  if (!outcome.ok) {
    return data({ errors: outcome.errors, values: outcome.values }, { status: 400 });
  }
  services.logger.info({ contractorId: outcome.business.id }, "business profile created");
  // Its listings, city pages and searches show it at once, on every instance (decision 041).
  await announceBusinesses(context, [outcome.business.id]);
  return redirect(localizePath("/pro?joined=1", locale));
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ location }) => {
  const brand = BRAND.name;
  return [
    { title: i18nFor(localeOfPath(location.pathname))._(msg`Join as a pro | ${brand}`) },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

const WHAT_YOU_GET = [
  {
    key: "only-yours",
    title: msg`Only requests sent to you`,
    text: msg`A homeowner picks up to three pros for a request; it reaches only the pros they picked. Nothing is resold or shared.`,
  },
  {
    key: "free-to-decline",
    title: msg`Free to decline`,
    text: msg`Read each request, then accept or decline it. Declining costs nothing, and the homeowner's phone and email come only once you accept.`,
  },
  {
    key: "truthful-profile",
    title: msg`A profile that tells the truth`,
    text: msg`Your licence and insurance show as declared by the business until we check them, and ratings come only from verified hires.`,
  },
];

export default function JoinPage({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  const brand = BRAND.name;
  const owned = loaderData.owned.join(", ");
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-navy-900">
          <Trans>Join {brand} as a pro</Trans>
        </h1>
        <p className="text-lg text-muted">
          <Trans>
            Create your business profile and get requests from homeowners who choose you.
          </Trans>
        </p>
      </div>
      <section aria-labelledby="what-you-get" className="grid gap-4">
        <h2 id="what-you-get" className="sr-only">
          <Trans>What you get</Trans>
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {WHAT_YOU_GET.map((item) => (
            <li key={item.key} className="rounded-card bg-surface p-5 shadow-card">
              <p className="font-bold text-navy-900">{i18n._(item.title)}</p>
              <p className="mt-1 text-sm text-muted">{i18n._(item.text)}</p>
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted">
          <Trans>
            Already listed? Open your listing and choose “Is this your business?” to claim it
            instead.
          </Trans>
        </p>
        {loaderData.owned.length > 0 ? (
          <p className="text-sm text-muted">
            <Trans>
              You already manage {owned}.{" "}
              <a href={localize("/pro/profile")} className="font-medium text-navy-700 underline">
                Edit your profile
              </a>
              , or add another business below.
            </Trans>
          </p>
        ) : null}
      </section>
      <section
        aria-labelledby="profile-title"
        className="rounded-card bg-surface p-6 shadow-card sm:p-8"
      >
        <h2 id="profile-title" className="mb-6 text-2xl font-bold text-navy-900">
          <Trans>Your business profile</Trans>
        </h2>
        <ProfileForm
          business={{ kind: "new" }}
          values={actionData?.values ?? { email: loaderData.email, locale: loaderData.locale }}
          errors={actionData?.errors}
          formError={
            actionData ? t`Some details need another look: see the messages below.` : undefined
          }
          groups={loaderData.groups}
          regions={loaderData.regions}
        />
      </section>
    </div>
  );
}
