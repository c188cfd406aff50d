import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { signedInUser } from "~/features/auth/signed-in.server";
import { serviceGroups } from "~/features/content/service-options.server";
import { handleLeadAction } from "~/features/leads/lead-action.server";
import { PROJECT_LEAD } from "~/features/leads/lead-forms.server";
import { NewProjectForm, PROJECT_INTENT } from "~/features/projects/new-project-form";
import { BRAND } from "~/site";
import { refuseKnownBlockedPosts } from "~/features/leads/blocked-post.server";
import type { Route } from "./+types/new-project";
import { i18nFor } from "~/lib/i18n";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath, localizePath } from "~/lib/locale-path";

export function loader({ context }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  return data({
    account: { name: user.name, email: user.email },
    groups: serviceGroups(locale),
  });
}

/** A post from a client already refused in this window is answered before the page renders. */
export const middleware: Route.MiddlewareFunction[] = [refuseKnownBlockedPosts];

export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const locale = localeOf(context);
  return handleLeadAction({
    request,
    context,
    form: await request.formData(),
    intent: PROJECT_INTENT,
    leadForm: PROJECT_LEAD,
    lead: { userId: user.id },
    // Next: choose the pros who receive it (none when the form was ignored as spam).
    onSuccess: (lead) =>
      redirect(
        localizePath(lead ? `/dashboard/projects/${lead.id}/pros` : "/dashboard?added=1", locale),
      ),
  });
}

// A refusal's wait goes out with the page (no-store is the dashboard's, from its middleware).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

const brand = BRAND.name;

export const meta: Route.MetaFunction = ({ location }) => [
  { title: i18nFor(localeOfPath(location.pathname))._(msg`New Project | ${brand}`) },
  { name: "robots", content: "noindex, nofollow" },
];

export default function NewProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="new-project-title" className="grid max-w-3xl gap-6">
      <div>
        <h1 id="new-project-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          <Trans>New Project</Trans>
        </h1>
        <p className="mt-2 text-muted">
          <Trans>Tell us what you need; we'll match you with local contractors.</Trans>
        </p>
      </div>
      <div className="rounded-card bg-surface p-6 shadow-card sm:p-8">
        <NewProjectForm
          result={actionData}
          account={loaderData.account}
          groups={loaderData.groups}
        />
      </div>
    </section>
  );
}
