import { Trans } from "@lingui/react/macro";
import { MapPin, UserRound } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Picture } from "~/components/ui/picture";
import { Rating } from "~/components/ui/rating";
import { formatterCache } from "~/lib/locales";
import { useLocale, useLocalize } from "~/lib/use-locale";
import type { ProjectCard as Project } from "./projects.server";
import { StatusBadge } from "./status-badge";

/** "45%", "45 %" in French: a project's progress in the page's language. */
const percent = formatterCache(
  (tag) => new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 0 }),
);

export function ProjectCard({ project }: { project: Project }) {
  const locale = useLocale();
  const localize = useLocalize();
  return (
    <article
      className="flex flex-col overflow-hidden rounded-card bg-surface shadow-card"
      aria-labelledby={`project-${project.id}`}
    >
      <Picture
        name={project.image}
        alt=""
        sizes="(min-width: 1536px) 20vw, (min-width: 1280px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw"
        imgClassName="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 id={`project-${project.id}`} className="text-base font-bold text-navy-900">
            <Link
              to={localize(`/dashboard/projects/${project.id}`)}
              className="underline-offset-2 hover:underline"
            >
              {project.title}
            </Link>
          </h2>
          <StatusBadge status={project.status} hiredBy={project.hiredBy} />
        </div>
        <dl className="grid gap-1.5 text-sm text-muted">
          <div className="flex items-center gap-2">
            <dt>
              <UserRound aria-hidden="true" className="size-4" />
              <span className="sr-only">
                <Trans>Contractor</Trans>
              </span>
            </dt>
            <dd>
              {project.contractor ??
                (project.status === "draft" ? (
                  <Trans>No pros chosen yet</Trans>
                ) : (
                  <Trans>Matching you with contractors</Trans>
                ))}
            </dd>
          </div>
          {project.location ? (
            <div className="flex items-center gap-2">
              <dt>
                <MapPin aria-hidden="true" className="size-4" />
                <span className="sr-only">
                  <Trans>Location</Trans>
                </span>
              </dt>
              <dd>{project.location}</dd>
            </div>
          ) : null}
        </dl>
        {project.rating === null ? null : (
          <Rating
            value={project.rating.value}
            reviews={project.rating.reviews}
            sample={project.rating.sample}
          />
        )}
        {project.status === "draft" ? (
          <Link
            to={localize(`/dashboard/projects/${project.id}/pros`)}
            className={buttonClasses("primary", "sm", "justify-self-start")}
          >
            <Trans>Choose pros</Trans>
          </Link>
        ) : null}
        {project.progress > 0 ? (
          <div className="mt-auto grid gap-1">
            <div className="flex justify-between text-xs font-medium text-muted">
              <span id={`progress-${project.id}`}>
                <Trans>Progress</Trans>
              </span>
              <span>{percent(locale).format(project.progress / 100)}</span>
            </div>
            <div
              role="progressbar"
              aria-labelledby={`progress-${project.id}`}
              aria-valuenow={project.progress}
              aria-valuemin={0}
              aria-valuemax={100}
              className="h-2 overflow-hidden rounded-full bg-navy-100"
            >
              <div
                className="h-full rounded-full bg-navy-600"
                style={{ width: `${project.progress.toString()}%` }}
              />
            </div>
          </div>
        ) : null}
      </div>
    </article>
  );
}
