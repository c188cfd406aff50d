import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Plus } from "lucide-react";
import { useEffect } from "react";
import { data, Link, useNavigate } from "react-router";
import { toast } from "~/components/ui/toast-store";
import { buttonClasses } from "~/components/ui/button";
import { signedInUser } from "~/features/auth/signed-in.server";
import { ProjectCard } from "~/features/projects/project-card";
import { listProjects } from "~/features/projects/projects.server";
import { getDb } from "~/lib/app-context.server";
import { i18nFor } from "~/lib/i18n";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath } from "~/lib/locale-path";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/projects";
import { FormAlert } from "~/components/ui/form-controls";

const NOTICES = {
  added: {
    title: msg`Project added`,
    description: msg`We'll match you with contractors shortly.`,
  },
  requested: {
    title: msg`Request sent`,
    description: msg`The contractor will be in touch; it's listed below as Pending.`,
  },
} as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const projects = await listProjects(getDb(context), user.id, localeOf(context));
  const notice: keyof typeof NOTICES | null = url.searchParams.has("added")
    ? "added"
    : url.searchParams.has("requested")
      ? "requested"
      : null;
  return data({ projects, notice });
}

const brand = BRAND.name;

export const meta: Route.MetaFunction = ({ location }) => [
  { title: i18nFor(localeOfPath(location.pathname))._(msg`My Projects | ${brand}`) },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const { projects, notice } = loaderData;
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const localize = useLocalize();
  useEffect(() => {
    if (!notice) return;
    toast({
      title: i18n._(NOTICES[notice].title),
      description: i18n._(NOTICES[notice].description),
    });
    // Shown once: a reload or Back does not repeat it.
    void navigate(localize("/dashboard"), { replace: true });
  }, [notice, navigate, i18n, localize]);
  return (
    <section aria-labelledby="projects-title" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="projects-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          <Trans>My Projects</Trans>
        </h1>
        <Link to={localize("/dashboard/new")} className={buttonClasses("primary", "md")}>
          <Plus aria-hidden="true" className="size-5" />
          <Trans>New Project</Trans>
        </Link>
      </div>
      {notice ? (
        <noscript>
          <FormAlert tone="success" message={i18n._(NOTICES[notice].description)} />
        </noscript>
      ) : null}
      {projects.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-card border border-dashed border-navy-300 bg-surface p-8">
          <h2 className="text-xl font-bold text-navy-900">
            <Trans>No projects yet</Trans>
          </h2>
          <p className="max-w-prose text-muted">
            <Trans>
              Tell us what you'd like done and we'll match you with local contractors. Your requests
              appear here so you can follow them.
            </Trans>
          </p>
          <Link to={localize("/dashboard/new")} className={buttonClasses("primary", "md")}>
            <Trans>Start a project</Trans>
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5">
          {projects.map((project) => (
            <li key={project.id} className="grid">
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
