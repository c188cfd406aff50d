/**
 * /pro/join: any signed-in person creates a business profile and becomes its
 * owner. What a pro gets comes first, then the form.
 */
import { data, redirect } from "react-router";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { serviceGroups } from "~/features/content/service-options.server";
import { ProfileForm } from "~/features/contractors/profile-form";
import { profileFormValues } from "~/features/contractors/profile-schema";
import {
  createBusiness,
  licenceRegions,
  ownBusinesses,
} from "~/features/contractors/profiles.server";
import { getServices } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/join";
import { localeOfRequest } from "~/lib/locale-path";

const PATH = "/pro/join";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const user = await requireUser(request, context, PATH);
  const owned = await ownBusinesses(getServices(context).database.db, user.id);
  return data(
    {
      email: user.email,
      owned: owned.map((business) => business.name),
      groups: serviceGroups(locale),
      regions: licenceRegions(),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, PATH);
  const services = getServices(context);
  const outcome = await createBusiness(
    services.database.db,
    user.id,
    profileFormValues(await request.formData()),
  );
  if (!outcome.ok) {
    return data({ errors: outcome.errors, values: outcome.values }, { status: 400 });
  }
  services.logger.info({ contractorId: outcome.business.id }, "business profile created");
  return redirect("/pro?joined=1");
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Join as a pro | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

const WHAT_YOU_GET = [
  {
    title: "Only requests sent to you",
    text: "A homeowner picks up to three pros for a request; it reaches only the pros they picked. Nothing is resold or shared.",
  },
  {
    title: "Free to decline",
    text: "Read each request, then accept or decline it. Declining costs nothing, and the homeowner's phone and email come only once you accept.",
  },
  {
    title: "A profile that tells the truth",
    text: "Your licence and insurance show as declared by the business until we check them, and ratings come only from verified hires.",
  },
];

export default function JoinPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-navy-900">
          Join {BRAND.name} as a pro
        </h1>
        <p className="text-lg text-muted">
          Create your business profile and get requests from homeowners who choose you.
        </p>
      </div>
      <section aria-labelledby="what-you-get" className="grid gap-4">
        <h2 id="what-you-get" className="sr-only">
          What you get
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {WHAT_YOU_GET.map((item) => (
            <li key={item.title} className="rounded-card bg-surface p-5 shadow-card">
              <p className="font-bold text-navy-900">{item.title}</p>
              <p className="mt-1 text-sm text-muted">{item.text}</p>
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted">
          Already listed? Open your listing and choose “Is this your business?” to claim it instead.
        </p>
        {loaderData.owned.length > 0 ? (
          <p className="text-sm text-muted">
            You already manage {loaderData.owned.join(", ")}.{" "}
            <a href="/pro/profile" className="font-medium text-navy-700 underline">
              Edit your profile
            </a>
            , or add another business below.
          </p>
        ) : null}
      </section>
      <section
        aria-labelledby="profile-title"
        className="rounded-card bg-surface p-6 shadow-card sm:p-8"
      >
        <h2 id="profile-title" className="mb-6 text-2xl font-bold text-navy-900">
          Your business profile
        </h2>
        <ProfileForm
          business={{ kind: "new" }}
          values={actionData?.values ?? { email: loaderData.email }}
          errors={actionData?.errors}
          formError={
            actionData ? "Some details need another look: see the messages below." : undefined
          }
          groups={loaderData.groups}
          regions={loaderData.regions}
        />
      </section>
    </div>
  );
}
