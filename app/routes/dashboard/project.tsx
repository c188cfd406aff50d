/**
 * One of the homeowner's projects: the request, each chosen pro's part, the
 * quotes side by side, and the homeowner's steps (hire one pro who quoted;
 * then in progress with a percentage, completed, or cancelled). Every step
 * is an ordinary form post; the state table decides what is allowed.
 */
import { data, Link, redirect } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-controls";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { threadsOf } from "~/features/conversations/list.server";
import { ThreadLinks } from "~/features/conversations/thread-links";
import {
  deliveryOf,
  formValues,
  notFound,
  orNotFound,
  step,
  type StepFailure,
} from "~/features/marketplace/answers.server";
import { PhotoGrid, PhotoUpload } from "~/features/marketplace/photo-parts";
import { PHOTO_LIMITS } from "~/features/marketplace/photo-limits";
import {
  attachRequestPhotos,
  photosOfRequest,
  PhotoRefused,
  readPhotoUploads,
  removePhoto,
} from "~/features/marketplace/photos.server";
import { NotFound } from "~/features/marketplace/requests.server";
import type { Database } from "~/lib/db.server";
import {
  hire,
  homeownerStep,
  readProgress,
  type HomeownerAction,
} from "~/features/marketplace/homeowner-steps.server";
import { PROGRESS_MESSAGE, ProjectProgress } from "~/features/marketplace/project-progress";
import { QuoteTable } from "~/features/marketplace/quote-table";
import { UnavailablePros } from "~/features/marketplace/pro-unavailable";
import { projectFor } from "~/features/marketplace/project.server";
import { canChooseMore } from "~/features/marketplace/project-view";
import { MAX_PROS_PER_REQUEST } from "~/features/marketplace/limits";
import { StatusBadge } from "~/features/projects/status-badge";
import { ProjectReview } from "~/features/reviews/project-review";
import { reviewChance } from "~/features/reviews/reviews.server";
import { getDb } from "~/lib/app-context.server";
import { mediumDate } from "~/lib/dates";
import { BRAND } from "~/site";
import type { Route } from "./+types/project";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url.pathname);
  const db = getDb(context);
  const project = await orNotFound(projectFor(db, { userId: user.id }, params.id));
  const [photos, threads, review] = await Promise.all([
    photosOfRequest(db, project.id),
    threadsOf(db, user.id),
    reviewChance(db, user.id, project.id),
  ]);
  // The conversations with the pros who accepted this request.
  const conversations = threads.filter(
    (thread) => thread.leadId === project.id && thread.side === "homeowner",
  );
  return data(
    {
      project,
      photos,
      conversations,
      review,
      sent: url.searchParams.has("sent"),
      reviewed: url.searchParams.has("reviewed"),
    },
    { headers: NO_STORE },
  );
}

/** The photo form (multipart): refused files answer beside the input, nothing stored. */
async function addPhotos(request: Request, db: Database, userId: string, leadId: string) {
  try {
    const { files } = await readPhotoUploads(request);
    if (files.length === 0) throw new PhotoRefused("Choose at least one photo to upload.");
    await attachRequestPhotos(db, userId, leadId, files);
  } catch (error) {
    if (error instanceof PhotoRefused) {
      return data<StepFailure>(
        { ok: false, errors: { photos: error.message } },
        { status: 400, headers: NO_STORE },
      );
    }
    if (error instanceof NotFound) notFound();
    throw error;
  }
  return redirect(`/dashboard/projects/${leadId}`);
}

/** The homeowner's step a form asks for; null when the form is not one of ours. */
function homeownerAction(form: FormData): HomeownerAction | null {
  const intent = form.get("intent");
  if (intent === "start" || intent === "progress") {
    // Not a whole number from 0 to 100 (NaN included): homeownerStep refuses it, beside the field.
    return { event: intent, progress: readProgress(form.get("progress")) };
  }
  if (intent === "complete" || intent === "cancel") return { event: intent };
  return null;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context, `/dashboard/projects/${params.id}`);
  const db = getDb(context);
  const multipart = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
  if (multipart) return addPhotos(request, db, user.id, params.id);
  const form = await request.formData();
  const values = formValues(form);
  if (values.intent === "remove-photo") {
    await orNotFound(removePhoto(db, user.id, values.photo ?? ""));
    return redirect(`/dashboard/projects/${params.id}`);
  }
  if (form.get("intent") === "hire") {
    const contractorId = values.contractorId ?? "";
    const done = await step(
      () => hire(db, user.id, params.id, contractorId, deliveryOf(context)),
      values,
    );
    return done ?? redirect(`/dashboard/projects/${params.id}`);
  }
  const wanted = homeownerAction(form);
  if (!wanted) {
    return data<StepFailure>(
      { ok: false, formError: "Please choose what to do with this project." },
      { status: 400, headers: NO_STORE },
    );
  }
  const done = await step(
    () => homeownerStep(db, user.id, params.id, wanted, deliveryOf(context)),
    values,
  );
  return done ?? redirect(`/dashboard/projects/${params.id}`);
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData.project.title} | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { project, sent } = loaderData;
  const canChoose = canChooseMore(project);
  return (
    <section aria-labelledby="project-title" className="grid gap-6">
      <div className="grid gap-2">
        <Link to="/dashboard" className="text-sm font-medium text-navy-700 underline">
          Back to My Projects
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="project-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
            {project.title}
          </h1>
          <StatusBadge status={project.status} />
        </div>
        <p className="text-muted">
          {[project.place, `requested ${mediumDate(project.createdAt)}`]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {project.details ? (
          <p className="max-w-prose whitespace-pre-line">{project.details}</p>
        ) : null}
      </div>
      {sent ? (
        <FormAlert tone="success" message="Your request was sent to the pros you chose." />
      ) : null}
      {loaderData.reviewed && loaderData.review ? (
        <FormAlert
          tone="success"
          message={`Thank you: your review of ${loaderData.review.business.name} is published. Other visitors see it on their profile within a few minutes.`}
        />
      ) : null}
      {/* A refused progress is said beside its field (ProjectProgress), not twice. */}
      <FormAlert
        message={actionData?.formError === PROGRESS_MESSAGE ? undefined : actionData?.formError}
      />
      <UnavailablePros
        project={project}
        choose={canChoose ? `/dashboard/projects/${project.id}/pros` : null}
      />
      {project.status === "draft" ? (
        <div className="grid justify-items-start gap-3 rounded-card bg-surface p-6 shadow-card">
          <p className="text-muted">
            This request is a draft: nobody has it yet. Choose up to {MAX_PROS_PER_REQUEST} pros to
            send it to.
          </p>
        </div>
      ) : null}
      {canChoose ? (
        <Link
          to={`/dashboard/projects/${project.id}/pros`}
          className={buttonClasses("primary", "md") + " justify-self-start"}
        >
          Choose pros
        </Link>
      ) : null}
      <section
        aria-labelledby="photos-title"
        className="grid gap-3 rounded-card bg-surface p-6 shadow-card"
      >
        <h2 id="photos-title" className="text-xl font-bold text-navy-900">
          Photos
        </h2>
        <p className="text-sm text-muted">Only you and the pros you chose see them.</p>
        <PhotoGrid photos={loaderData.photos} alt="Your photo" removable />
        <PhotoUpload
          left={PHOTO_LIMITS.perRequest - loaderData.photos.length}
          error={actionData?.errors?.photos}
        />
      </section>
      <ThreadLinks
        threads={loaderData.conversations}
        intro="Write to the pros who accepted your request. They don't see your email or phone until you share them."
      />
      {project.parts.length > 0 ? <QuoteTable project={project} /> : null}
      <ProjectProgress project={project} />
      {loaderData.review ? <ProjectReview chance={loaderData.review} /> : null}
    </section>
  );
}
