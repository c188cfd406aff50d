/**
 * A request sent without signing in, as its browser sees it: which pros
 * have it, their answers and quotes. Hiring, and following the project
 * afterwards, happen in an account: signing in hands the request to it.
 * Anyone but the browser that sent it gets 404.
 */
import { data, Link, redirect } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-controls";
import { getUser, NO_STORE } from "~/features/auth/require-user.server";
import { threadsOfRequest } from "~/features/conversations/list.server";
import { browserThreadPath, ThreadLinks } from "~/features/conversations/thread-links";
import { orNotFound, orNull } from "~/features/marketplace/answers.server";
import { adoptOnSignIn, browserOwner } from "~/features/marketplace/browser-request.server";
import { projectFor } from "~/features/marketplace/project.server";
import { canChooseMore } from "~/features/marketplace/project-view";
import { QuoteTable } from "~/features/marketplace/quote-table";
import { UnavailablePros } from "~/features/marketplace/pro-unavailable";
import { StatusBadge } from "~/features/projects/status-badge";
import { getDb, getServices } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/request";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const db = getDb(context);
  const user = await getUser(request, context);
  if (user) {
    // Signed in since: the account takes this browser's request, and shows it.
    const adopted = await adoptOnSignIn(getServices(context), request, user.id);
    const own = await orNull(projectFor(db, { userId: user.id }, params.id));
    if (own) {
      throw redirect(`/dashboard/projects/${params.id}`, {
        headers: adopted ? { "Set-Cookie": adopted } : undefined,
      });
    }
  }
  const owner = await browserOwner(context, request, params.id);
  const project = await orNotFound(projectFor(db, owner, params.id));
  const conversations = await threadsOfRequest(db, project.id);
  return data(
    { project, conversations, sent: url.searchParams.has("sent") },
    { headers: NO_STORE },
  );
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Your request | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function BrowserRequestPage({ loaderData }: Route.ComponentProps) {
  const { project, sent } = loaderData;
  const canChoose = canChooseMore(project);
  const signIn = `/login?${new URLSearchParams({ returnTo: `/dashboard/projects/${project.id}` }).toString()}`;
  return (
    <section
      aria-labelledby="request-title"
      className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="request-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          {project.title}
        </h1>
        <StatusBadge status={project.status} />
      </div>
      {project.place ? <p className="text-muted">{project.place}</p> : null}
      {sent ? (
        <FormAlert
          tone="success"
          message="Your request was sent to the pros you chose. We'll email you each quote."
        />
      ) : null}
      <UnavailablePros
        project={project}
        choose={canChoose ? `/requests/${project.id}/pros` : null}
      />
      {project.status === "draft" ? (
        <p className="text-muted">Your request is saved as a draft: nobody has it yet.</p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {canChoose ? (
          <Link to={`/requests/${project.id}/pros`} className={buttonClasses("primary", "md")}>
            Choose pros
          </Link>
        ) : null}
        <a href={signIn} className={buttonClasses("secondary", "md")}>
          Sign in to compare quotes and hire
        </a>
      </div>
      <ThreadLinks
        threads={loaderData.conversations}
        intro="Write to the pros who accepted your request. They don't see your email or phone until you share them."
        pathOf={(threadId) => browserThreadPath(project.id, threadId)}
      />
      {project.parts.length > 0 ? <QuoteTable project={project} hiring={false} /> : null}
    </section>
  );
}
