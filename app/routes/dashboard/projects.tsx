import { Plus } from "lucide-react";
import { useEffect } from "react";
import { data, Link, useNavigate } from "react-router";
import { toast } from "~/components/ui/toast-store";
import { buttonClasses } from "~/components/ui/button";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { ProjectCard } from "~/features/projects/project-card";
import { listProjects } from "~/features/projects/projects.server";
import { getDb } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/projects";
import { FormAlert } from "~/components/ui/form-controls";

const NOTICES = {
  added: { title: "Project added", description: "We'll match you with contractors shortly." },
  requested: {
    title: "Request sent",
    description: "The contractor will be in touch; it's listed below as Pending.",
  },
} as const;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "/dashboard");
  const projects = await listProjects(getDb(context), user.id);
  const notice: keyof typeof NOTICES | null = url.searchParams.has("added")
    ? "added"
    : url.searchParams.has("requested")
      ? "requested"
      : null;
  return data({ projects, notice }, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `My Projects | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const { projects, notice } = loaderData;
  const navigate = useNavigate();
  useEffect(() => {
    if (!notice) return;
    toast(NOTICES[notice]);
    // Shown once: a reload or Back does not repeat it.
    void navigate("/dashboard", { replace: true });
  }, [notice, navigate]);
  return (
    <section aria-labelledby="projects-title" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="projects-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          My Projects
        </h1>
        <Link to="/dashboard/new" className={buttonClasses("primary", "md")}>
          <Plus aria-hidden="true" className="size-5" />
          New Project
        </Link>
      </div>
      {notice ? (
        <noscript>
          <FormAlert tone="success" message={NOTICES[notice].description} />
        </noscript>
      ) : null}
      {projects.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-card border border-dashed border-navy-300 bg-surface p-8">
          <h2 className="text-xl font-bold text-navy-900">No projects yet</h2>
          <p className="max-w-prose text-muted">
            Tell us what you'd like done and we'll match you with local contractors. Your requests
            appear here so you can follow them.
          </p>
          <Link to="/dashboard/new" className={buttonClasses("primary", "md")}>
            Start a project
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
